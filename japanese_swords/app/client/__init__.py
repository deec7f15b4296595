"""The Arcade desktop client: menu, board, battle screen, game log, save/load, AI opponents.

The plain-Python parts (:mod:`.session`, :mod:`.controller`, :mod:`.presenter`, :mod:`.narrate`,
:mod:`.odds`, :mod:`.rps`) never import arcade, so tests drive them without a window; the views draw
what they say. Entry point: :func:`japanese_swords.app.client.app.run_client`.
"""

import os as _os

# pyglet checks for GL errors after every call unless told not to; that costs about a third of each
# frame. Must be set before pyglet.gl is imported (that is, before arcade), hence here.
if _os.environ.get("JS_DEBUG_GL", "") in ("", "0"):
    import pyglet as _pyglet

    _pyglet.options.debug_gl = False
