"""One package per ruleset; each exposes ``RULESET``. Pure rules: never import pygame."""
