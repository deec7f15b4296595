"""The searcher's personalities: the league's styles (:mod:`ai.league`) as ways the MCTS plays.

A personality gives the search three things of one style: the greedy policy that proposes the root's prior
choice, ranks our options below the root and plays the decisions not searched (the league style's
``GreedyPolicy`` subclass); our seat's knobs in the batch playouts (:data:`ai.mcts.opponent_model.STYLES`);
and a small *tilt* added to our seat's leaf values, worth a few hundredths of a win at most, towards the
style's aim (honor, armies forward, a held home, a big hand), so that among options the search finds
about equally good it takes the style's. ``balanced`` is none of these: today's search, unchanged.

docs/ai.md ("Personalities") has what each one does and what it scores against greedy.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from ai.batch.policy import RolloutPolicy
from ai.greedy import GreedyPolicy
from ai.league.hoarder import HoarderPolicy
from ai.league.honor_racer import HonorRacerPolicy
from ai.league.rusher import RusherPolicy
from ai.league.turtle import TurtlePolicy
from ai.mcts.evaluator import Evaluator
from ai.mcts.opponent_model import STYLES as PLAYOUT_STYLES
from ai.toolkit.view import hostile
from japanese_swords.board import orthogonal_steps
from japanese_swords.engine import State

BALANCED = "balanced"
#: ``personality`` values: the plain search, then the league's styles (their agent names).
PERSONALITIES = (BALANCED, "honor_racer", "rusher", "turtle", "hoarder")
#: An army this many orthogonal steps from a fortress or closer is "near" it (the opponent model's test).
NEAR = 3


def honor_aim(state: State, seat: int) -> float:
    """The honor racer's aim: honor points."""
    return float(state.honor[seat])


def rusher_aim(state: State, seat: int) -> float:
    """The rusher's aim: armies on the board, and those near an enemy fortress (counted twice), so that
    among near-equal moves it takes the one that closes on the enemy home."""
    board = state.game.board
    forts = [board.fortresses[p] for p in range(state.num_players) if state.alive[p] and hostile(state, seat, p)]
    own = state.armies_of(seat)
    forward = sum(any(orthogonal_steps(a.square, f) <= NEAR for f in forts) for _aid, a in own)
    return float(len(own) + forward)


def turtle_aim(state: State, seat: int) -> float:
    """The turtle's aim: its armies near home, and home garrisoned (counted twice)."""
    home = state.game.board.fortresses[seat]
    near = sum(orthogonal_steps(a.square, home) <= NEAR for _aid, a in state.armies_of(seat))
    army = state.army_at(home)
    return float(near + 2 * (army is not None and army.owner == seat))


def hoarder_aim(state: State, seat: int) -> float:
    """The hoarder's aim: cards in hand."""
    return float(sum(state.hands[seat]))


@dataclass(frozen=True)
class Personality:
    """One personality: its greedy policy class, our seat's playout knobs (None: the default) and the tilt,
    ``weight`` times ``aim`` added to our seat's leaf value (a chance of winning)."""

    name: str
    policy_class: type[GreedyPolicy] | None  # None: GreedyPolicy.styled(config.policy)
    playout: RolloutPolicy | None
    aim: Callable[[State, int], float] | None
    weight: float = 0.0

    def policy(self, style: str, samples: int) -> GreedyPolicy:
        """The greedy policy this personality searches around (``style`` names balanced's knobs)."""
        if self.policy_class is None:
            return GreedyPolicy.styled(style, samples=samples)
        return self.policy_class(samples=samples)

    def tilt(self, state: State, seat: int) -> float:
        """How much the style's aim adds to ``seat``'s value of ``state``."""
        return 0.0 if self.aim is None else self.weight * self.aim(state, seat)


#: The rusher's playout knobs: the opponent model's rusher economy and march, but attacking at even odds
#: (the model's reckless -2 margin throws the searcher's own armies away in its playouts).
RUSHER_PLAYOUT = replace(PLAYOUT_STYLES["rusher"], attack_margin=0.0)
#: Each personality. The weights make one unit of the aim worth 0.002-0.012 of a win: less than the root's
#: ``prior_bonus`` (0.03), so a clearly better option still wins, enough to break near-ties the style's way.
TABLE: dict[str, Personality] = {
    BALANCED: Personality(BALANCED, None, None, None),
    "honor_racer": Personality("honor_racer", HonorRacerPolicy, PLAYOUT_STYLES["racer"], honor_aim, 0.004),
    "rusher": Personality("rusher", RusherPolicy, RUSHER_PLAYOUT, rusher_aim, 0.012),
    "turtle": Personality("turtle", TurtlePolicy, PLAYOUT_STYLES["turtle"], turtle_aim, 0.006),
    "hoarder": Personality("hoarder", HoarderPolicy, PLAYOUT_STYLES["hoarder"], hoarder_aim, 0.002),
}


class TiltedEvaluator:
    """An evaluator whose values for seat ``seat`` get the personality's tilt of each leaf (as the leaf
    stands before its playout: the option's own effect); the other seats' values are left as they are, so
    the opponents are still modelled as playing to win."""

    def __init__(self, inner: Evaluator, personality: Personality) -> None:
        self.inner = inner
        self.personality = personality
        self.seat = -1  # set by the agent before each search

    @property
    def name(self) -> str:  # type: ignore[override]
        """The wrapped evaluator's kind (batch or scalar)."""
        return self.inner.name

    @property
    def policy(self) -> object:
        """The wrapped evaluator's playout policy."""
        return self.inner.policy  # type: ignore[attr-defined]

    @policy.setter
    def policy(self, value: object) -> None:
        self.inner.policy = value  # type: ignore[attr-defined]

    @property
    def threads(self) -> int | None:
        """The wrapped evaluator's simulator threads (None for one without), which a parallel share sets
        to 1 while it runs."""
        return getattr(self.inner, "threads", None)

    @threads.setter
    def threads(self, value: int) -> None:
        self.inner.threads = value  # type: ignore[attr-defined]

    def evaluate(self, states: list[State], rng: random.Random, seeds: list[int] | None = None,
                 turns: list[int] | None = None) -> list[list[float]]:
        """The wrapped values, our seat's tilted."""
        tilts = [self.personality.tilt(s, self.seat) if self.seat >= 0 else 0.0 for s in states]
        values = self.inner.evaluate(states, rng, seeds=seeds, turns=turns)
        for row, tilt in zip(values, tilts, strict=True):
            if tilt:
                row[self.seat] += tilt
        return values


def personality(name: str) -> Personality:
    """The personality named ``name`` (config validates it first)."""
    return TABLE[name]


def tilted(evaluator: Evaluator, persona: Personality) -> Evaluator:
    """``evaluator`` with the personality's tilt (itself for one without)."""
    return evaluator if persona.aim is None else TiltedEvaluator(evaluator, persona)  # type: ignore[return-value]


def playout_policies(persona: Personality, seat: int, players: int,
                     others: tuple[RolloutPolicy, ...] | None) -> tuple[RolloutPolicy, ...] | None:
    """Each seat's batch playout knobs: ``others`` (the opponent model's, None: the default everywhere)
    with our seat's replaced by the personality's."""
    if persona.playout is None:
        return others
    out = list(others) if others is not None else [RolloutPolicy()] * players
    out[seat] = persona.playout
    return tuple(out)
