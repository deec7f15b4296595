"""Application code: the command line, the map tool and the Arcade desktop client (with its map editor).

Nothing in the engine (``japanese_swords`` outside this package) or in ``ai`` imports this package.
"""
