"""The desktop application shell: window, main loop, scene stack, settings and theme.

Scenes live in ``game.scenes``; ``game.app.main.run()`` opens the window at the menu.
"""
