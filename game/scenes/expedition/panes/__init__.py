"""The expedition scene's panes: map, overview, goal strip, hero sheets, step panel, battle, trade, city."""
