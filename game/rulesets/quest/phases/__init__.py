"""What each phase of the quest round does, by job: set-up, windows, resource/planning/refresh,
questing and travel, encounter (engagement); combat is game/rulesets/quest/combat.py."""
