"""The map editor: a plain-Python model (:mod:`.model`), an Arcade view (:mod:`.view`) and the launcher
(:mod:`.app`, ``run_editor``) behind ``python tools/map_editor.py [FILE]``."""
