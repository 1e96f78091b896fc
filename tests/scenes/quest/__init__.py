"""Tests of the quest card-table scene."""
