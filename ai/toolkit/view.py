"""What one seat may know, usable on a masked observation and on a full rollout state alike."""

from __future__ import annotations

from dataclasses import dataclass

from japanese_swords import cards as C
from japanese_swords.actions import Action, End
from japanese_swords.engine import State
from japanese_swords.game import Rules
from japanese_swords.modules import teams
from japanese_swords.observation import Observation


@dataclass
class View:
    """One seat's view: the (masked or full) state, the seat and every hand's size.

    ``unseen`` (card counts the seat cannot place) is computed on first use for full states."""

    state: State
    seat: int
    hand_sizes: tuple[int, ...]
    _unseen: tuple[int, ...] | None = None

    @classmethod
    def of_obs(cls, obs: Observation) -> View:
        """The view an agent gets: the observation's masked state and its public counts."""
        return cls(obs.state, obs.seat, obs.hand_sizes, obs.unseen)

    @classmethod
    def of_state(cls, state: State, seat: int) -> View:
        """The seat's view of a full state (used in playouts, where building an Observation is too slow)."""
        return cls(state, seat, tuple(sum(h) for h in state.hands))

    @property
    def unseen(self) -> tuple[int, ...]:
        """Card counts this seat cannot place (deck, other hands, a hidden commitment)."""
        if self._unseen is None:
            hand, discard = self.state.hands[self.seat], self.state.discard
            self._unseen = tuple(C.COUNT[c] - hand[c] - discard[c] for c in range(C.NUM_TYPES))
        return self._unseen

    @property
    def hand(self) -> list[int]:
        """The seat's own hand (counts by card type)."""
        return self.state.hands[self.seat]

    @property
    def rules(self) -> Rules:
        """The rules of the game in play; during a battle, with its site's card limit (a pass)."""
        rules = self.state.game.rules
        if rules.modules and self.state.battle is not None:
            from japanese_swords.phases.battle import commit_rules

            return commit_rules(self.state)
        return rules


def opponents(view: View) -> list[int]:
    """Seats still in the game other than the view's (and, in a team game, other than its partner's)."""
    s = view.state
    return [p for p in range(s.num_players) if s.alive[p] and hostile(s, view.seat, p)]


def hostile(state: State, seat: int, other: int) -> bool:
    """Whether ``other`` (a seat, e.g. an army's owner) is an enemy of ``seat``: any other seat, except a
    partner in a team game (docs/variants.md, teams)."""
    return other != seat and not (state.game.rules.modules and teams.allied(state, seat, other))


def honor_leader(view: View) -> int:
    """The opponent with the most honor (ties: the larger hand, then the lower seat)."""
    return max(opponents(view), key=lambda p: (view.state.honor[p], view.hand_sizes[p], -p))


def safe_choice(action: Action, legal: list[Action]) -> Action:
    """``action`` if it is legal, else End if legal, else the first legal action: never illegal."""
    if action in legal:
        return action
    end = End()
    return end if end in legal else legal[0]
