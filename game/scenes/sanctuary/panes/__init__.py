"""The panes of the sanctuary card table: each side (Sanctuary, Attachments, battle row, piles), the
middle (prompt, stack, arrows), the hand and the mulligan choice, and the table's motion."""
