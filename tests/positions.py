"""Hand-built positions for rule tests: an open test map, armies placed by hand, cards moved from the deck."""

from __future__ import annotations

from japanese_swords.actions import SetOrder
from japanese_swords.board import square_index
from japanese_swords.cards import Card
from japanese_swords.core import Army, Phase
from japanese_swords.engine import State, initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import parse_map

# Row 10 first. p1's fortress at b1 (second army b2), p2's at i9 (second army i10). Keeps at f6 and b4;
# covered e6, treacherous g6, difficult e5 and d3, impassable e3.
TEST_MAP = """\
name: Test
players: 2
..........
........2.
..........
..........
....fK~...
....:.....
.K........
...:#.....
..........
.1........
"""

THREE_MAP = """\
name: Test3
players: 3
....2.....
..........
..........
.K......K.
..........
..........
.K......K.
..........
..........
1........3
"""

FOUR_MAP = """\
name: Test4
players: 4
2........3
..........
.K......K.
..........
..........
..........
..........
.K......K.
..........
1........4
"""


def sq(name: str) -> int:
    return square_index(name)


def make_game(text: str = TEST_MAP, **rules: int | None) -> Game:
    return Game(parse_map(text, "test.map"), Rules(**rules))


def started(game: Game | None = None, order: tuple[int, ...] | None = None) -> State:
    """A state just after the turn order: the first player's revenue phase."""
    game = game or make_game()
    state = initial_state(game)
    state.play(SetOrder(order or tuple(range(game.num_players))))
    return state


def four_player_empty(modules: tuple[str, ...], phase: Phase) -> State:
    """FOUR_MAP with ``modules``, turn order p1-p4, at ``phase`` of p1's turn, no army on the board."""
    state = initial_state(Game(parse_map(FOUR_MAP, "t4"), Rules(modules=modules)))
    state.play(SetOrder((0, 1, 2, 3)))
    at_phase(state, phase)
    clear_armies(state)
    return state


def clear_armies(state: State) -> None:
    state.armies.clear()
    state.occupant = [-1] * 100


def place(state: State, seat: int, square: str, experience: int = 0) -> int:
    """Put an army on the board (no rules checked); returns its id."""
    aid = state.next_army_id
    state.next_army_id += 1
    s = sq(square)
    assert state.occupant[s] < 0, f"{square} occupied"
    state.armies[aid] = Army(seat, s, experience)
    state.occupant[s] = aid
    return aid


def give(state: State, seat: int, codes: str) -> None:
    """Move the named cards from the deck into a hand (keeps the 116-card total)."""
    for code in codes.split():
        c = Card.from_code(code)
        assert state.deck[c] > 0, f"deck has no {code}"
        state.deck[c] -= 1
        state.hands[seat][c] += 1


def at_phase(state: State, phase: Phase) -> State:
    """Jump the current turn to a phase (upkeep counts as paid)."""
    state.phase = phase
    state.upkeep_paid = True
    state.moved, state.attacked = set(), set()
    state.draws_this_phase = 0
    state.honor_bought = 0
    return state


def stack_deck(state: State, codes: str) -> None:
    """Leave only the named cards in the deck (the rest go to the discard pile)."""
    for c in range(16):
        state.discard[c] += state.deck[c]
        state.deck[c] = 0
    for code in codes.split():
        c = Card.from_code(code)
        state.discard[c] -= 1
        state.deck[c] += 1
