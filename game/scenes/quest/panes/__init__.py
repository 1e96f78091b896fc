"""The panes of the quest card table (see game/scenes/quest/scene.py)."""
