"""Japanese Swords: the Warpspawn card-driven feudal warfare game as a rules engine.

The engine follows OpenSpiel's Game/State split: a :class:`Game` is fixed (map, rules, players),
:func:`initial_state` sets one up, and the :class:`State` changes as :class:`Action` objects are played
on it, each returning its events (docs/engine.md). Chance (card draws, turn order) is explicit, and
:func:`observation` gives each seat only what it may know.
"""

#: The release this code is; the one version source (pyproject.toml reads it, ``--version`` prints it and
#: CHANGELOG.md's newest section names it; tests/packaging/test_version.py checks they agree).
__version__ = "0.17.19"

from japanese_swords.actions import Action, parse_action
from japanese_swords.board import Board, Terrain, square_index, square_name
from japanese_swords.cards import CARD_TYPES, DECK_SIZE, Card
from japanese_swords.core import CHANCE, TERMINAL, Phase
from japanese_swords.engine import State, initial_state
from japanese_swords.errors import IllegalActionError, JapaneseSwordsError, MapError, RecordError
from japanese_swords.game import Game, Rules
from japanese_swords.observation import Observation, observation

__all__ = [
    "__version__", "Action", "parse_action", "Board", "Terrain", "square_index", "square_name", "CARD_TYPES", "Card",
    "DECK_SIZE", "IllegalActionError", "JapaneseSwordsError", "MapError", "RecordError", "Game", "Rules",
    "Observation", "observation", "CHANCE", "TERMINAL", "Phase", "State", "initial_state",
]
