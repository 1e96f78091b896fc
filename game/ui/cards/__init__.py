"""The card table kit: card frames, the pile overlay and arrows, shared by every card ruleset.

- ``frame``: a card's frame geometry (name band, art window, type line, text box)
  that grows with the text-size setting, stat badges and pips, fitted names and
  rules text, and a cache of painted faces.
- ``pile``: ``PileOverlay``, a browsable grid of a pile's cards (scroll arrows,
  close button, zoom on click) that a scene mounts as an overlay.
- ``arrows``: curved arrows between cards (attacks, blocks, duels, targets) and
  the crossed-swords duel mark.
"""
