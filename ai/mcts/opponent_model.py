"""The opponents' playing style in the batch playouts: read from their public play, not copied from ours.

The batch simulator plays every seat with a :class:`~ai.batch.policy.RolloutPolicy`; a search that gives
the opponents our own knobs assumes they play like us. :class:`OpponentModel` watches what every seat may
see of each opponent turn after turn (honor, armies and where they stand, hand size) and names the style
it plays like, and :data:`STYLES` gives each style's knobs for the playouts:

* ``racer``: honor rises by 1.5 or more a round, with at most 4 armies;
* ``rusher``: 5 or more armies, or 2 more than ours;
* ``hoarder``: a hand of 9 or more cards on average;
* ``turtle``: every army within 3 steps of its home fortress for the last 4 rounds seen (at least 2);
* ``self``: none of these (our own playout knobs).

The tests are public facts only (``Observation``), so the model is as honest as the search.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.batch.policy import RolloutPolicy
from japanese_swords.board import orthogonal_steps
from japanese_swords.observation import Observation

#: Playout knobs of each style (the field decay is shared by every seat of a batch, so it stays default).
STYLES: dict[str, RolloutPolicy] = {
    "self": RolloutPolicy(),
    "racer": RolloutPolicy(honor_reserve=0, army_cap=3, hand_target=8, attack_margin=4.0,
                           diplomacy_margin=2.0, intrigue_cards_min=3),
    "rusher": RolloutPolicy(army_cap=8, raise_reserve=0, max_draws=1, hand_target=4, honor_reserve=4,
                            attack_margin=-2.0, w_home=6.0, w_keep=0.5),
    "turtle": RolloutPolicy(army_cap=4, attack_margin=2.0, w_keep=0.4, w_fortress=0.3, w_home=0.3, w_army=0.3),
    "hoarder": RolloutPolicy(army_cap=3, max_draws=5, hand_target=12, attack_margin=5.0, diplomacy_margin=0.0,
                             intrigue_cards_min=99),
}
#: ``playout_opponent`` values: our own knobs, the model's reading, or one style for every opponent.
MODES = ("self", "model", "racer", "rusher", "turtle", "hoarder")
_WINDOW = 4  # rounds a turtle must have stayed home


@dataclass
class _Seen:
    """What was seen of one opponent: per round, honor, armies, hand size and whether all stayed home."""

    rounds: list[int] = field(default_factory=list)
    honor: list[int] = field(default_factory=list)
    armies: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    home: list[bool] = field(default_factory=list)


class OpponentModel:
    """Per game: one record a round per opponent, from the observations the bot is given."""

    def __init__(self) -> None:
        """An empty record (a new game starts one, see :meth:`observe`)."""
        self._seen: dict[int, _Seen] = {}
        self._game: object = None

    def observe(self, obs: Observation) -> None:
        """Note each opponent's public state, once a round (the first observation of the round counts)."""
        s = obs.state
        if s.game is not self._game or any(s.round < r.rounds[-1] for r in self._seen.values() if r.rounds):
            self._seen, self._game = {}, s.game
        fortresses = s.game.board.fortresses
        for seat in range(s.num_players):
            if seat == obs.seat or not s.alive[seat]:
                continue
            rec = self._seen.setdefault(seat, _Seen())
            if rec.rounds and rec.rounds[-1] == s.round:
                continue
            armies = [a.square for _aid, a in s.armies_of(seat)]
            rec.rounds.append(s.round)
            rec.honor.append(s.honor[seat])
            rec.armies.append(len(armies))
            rec.hand.append(obs.hand_sizes[seat])
            rec.home.append(all(orthogonal_steps(sq, fortresses[seat]) <= 3 for sq in armies))

    def style(self, obs: Observation, seat: int) -> str:
        """The style ``seat`` plays like so far (see the module docstring), ``self`` without evidence."""
        rec = self._seen.get(seat)
        if rec is None or len(rec.rounds) < 2:
            return "self"
        ours = len(obs.state.armies_of(obs.seat))
        if max(rec.armies) >= 5 or rec.armies[-1] >= ours + 2:
            return "rusher"
        if sum(rec.hand) / len(rec.hand) >= 9:
            return "hoarder"
        span = rec.rounds[-1] - rec.rounds[0]
        if span >= 2 and (rec.honor[-1] - rec.honor[0]) / span >= 1.5 and rec.armies[-1] <= 4:
            return "racer"
        recent = rec.home[-_WINDOW:]
        if len(recent) >= 2 and all(recent):
            return "turtle"
        return "self"

    def policies(self, obs: Observation, mode: str) -> tuple[RolloutPolicy, ...] | None:
        """Each seat's playout policy under ``mode`` (None: our own for every seat)."""
        if mode == "self":
            return None
        out = []
        for seat in range(obs.state.num_players):
            if seat == obs.seat:
                out.append(STYLES["self"])
            else:
                out.append(STYLES[self.style(obs, seat) if mode == "model" else mode])
        return tuple(out)
