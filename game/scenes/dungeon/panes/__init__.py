"""The dungeon table's panes (see docs/APP.md, "Scenes made of panes")."""
