"""The Arcade desktop client: menu, board, battle screen, game log, save/load, AI opponents.

The plain-Python parts (:mod:`.session`, :mod:`.controller`, :mod:`.presenter`, :mod:`.narrate`,
:mod:`.odds`, :mod:`.rps`) never import arcade, so tests drive them without a window; the views draw
what they say. Entry point: :func:`japanese_swords.client.app.run_client`.
"""
