"""The opponents' playing style in the batch playouts: read from their public play, not copied from ours.

The batch simulator plays every seat with a :class:`~ai.batch.policy.RolloutPolicy`; a search that gives
the opponents our own knobs assumes they play like us. :class:`OpponentModel` watches what every seat may
see of each opponent, one line a round (honor, gold, armies and where they stand, the home garrison,
hand size, squares held), turns the lines into :data:`FEATURES` and names the style it plays like by a
softmax regression fitted to seeded games against each league style (:class:`StyleReader`; the weights
are ``opponent_weights.json`` with the command that made them, ``tools/fit_opponent_model.py``). Each
style has playout knobs (:data:`STYLES`); ``self`` (our own knobs) is the answer without evidence, for the
greedy family and searchers, and whenever no style is likely enough (``min_confidence``).

The lines are public facts only (``Observation``), so the model is as honest as the search.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

from ai.batch.policy import RolloutPolicy
from ai.greedy import GreedyPolicy
from ai.league.hoarder import HoarderPolicy
from ai.league.honor_racer import HonorRacerPolicy
from ai.league.rusher import RusherPolicy
from ai.league.turtle import TurtlePolicy
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
#: The league policy of each style: it ranks a modelled opponent's options in the tree (``opponent_policy=model``).
LEAGUE_POLICIES: dict[str, type[GreedyPolicy]] = {"racer": HonorRacerPolicy, "rusher": RusherPolicy,
                                                  "turtle": TurtlePolicy, "hoarder": HoarderPolicy}
#: ``playout_opponent`` values: our own knobs, the model's reading, or one style for every opponent.
MODES = ("self", "model", "racer", "rusher", "turtle", "hoarder")
#: What the reader sees of one opponent (:func:`features`), in the order of the weights' columns.
FEATURES = ("honor_rate", "honor_rate_recent", "armies_mean", "armies_max", "armies_vs_ours", "hand_mean",
            "hand_max", "home_share", "reach", "gold_mean", "held_mean", "garrison_share", "farthest")
WEIGHTS_PATH = Path(__file__).resolve().parent / "opponent_weights.json"
RECENT = 4  # rounds of the recent window
HOME_STEPS = 3  # an army this close to its home fortress counts as at home
MIN_ROUNDS = 2  # rounds seen before any style but ``self`` is named


@dataclass
class Seen:
    """What was seen of one opponent, one entry a round (the first observation of the round)."""

    rounds: list[int] = field(default_factory=list)
    honor: list[int] = field(default_factory=list)
    gold: list[int] = field(default_factory=list)
    armies: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    home: list[bool] = field(default_factory=list)  # every army within HOME_STEPS of its home fortress
    reach: list[float] = field(default_factory=list)  # mean steps from its armies to the nearest rival fortress
    held: list[int] = field(default_factory=list)  # squares it controls
    garrison: list[bool] = field(default_factory=list)  # an army on its home fortress
    farthest: list[int] = field(default_factory=list)  # steps of its army farthest from home (0: none)


def note(rec: Seen, obs: Observation, seat: int) -> None:
    """Append ``seat``'s public position in ``obs`` to ``rec`` as a new round's line."""
    s = obs.state
    fortresses = s.game.board.fortresses
    rivals = [fortresses[o] for o in range(s.num_players) if o != seat and s.alive[o]]
    squares = [a.square for _aid, a in s.armies_of(seat)]
    rec.rounds.append(s.round)
    rec.honor.append(s.honor[seat])
    rec.gold.append(s.gold[seat])
    rec.armies.append(len(squares))
    rec.hand.append(obs.hand_sizes[seat])
    rec.home.append(all(orthogonal_steps(sq, fortresses[seat]) <= HOME_STEPS for sq in squares))
    if squares and rivals:
        rec.reach.append(sum(min(orthogonal_steps(sq, f) for f in rivals) for sq in squares) / len(squares))
    else:
        rec.reach.append(10.0)
    rec.held.append(sum(1 for c in s.control if c == seat))
    home = fortresses[seat]
    rec.garrison.append(home in squares)
    rec.farthest.append(max((orthogonal_steps(sq, home) for sq in squares), default=0))


def _mean(xs: list) -> float:
    return float(sum(xs)) / len(xs)


def features(rec: Seen, ours: int) -> list[float]:
    """:data:`FEATURES` of an opponent's record (at least one line); ``ours``: our armies now."""
    span = max(1, rec.rounds[-1] - rec.rounds[0])
    k = min(RECENT, len(rec.rounds))
    recent_span = max(1, rec.rounds[-1] - rec.rounds[-k])
    return [
        (rec.honor[-1] - rec.honor[0]) / span,
        (rec.honor[-1] - rec.honor[-k]) / recent_span,
        _mean(rec.armies[-k:]),
        float(max(rec.armies)),
        float(rec.armies[-1] - ours),
        _mean(rec.hand[-k:]),
        float(max(rec.hand)),
        _mean(rec.home[-k:]),
        _mean(rec.reach[-k:]),
        _mean(rec.gold[-k:]),
        _mean(rec.held[-k:]),
        _mean(rec.garrison[-k:]),
        _mean(rec.farthest[-k:]),
    ]


class StyleFileError(ValueError):
    """A style reader's weights file that cannot be used (the message names the file and the fault)."""


@dataclass(frozen=True)
class StyleReader:
    """A softmax regression over :data:`FEATURES` (each divided by its ``scale``) naming a style."""

    classes: tuple[str, ...]
    weights: tuple[tuple[float, ...], ...]  # per class: one weight a feature, then the bias
    scale: tuple[float, ...]
    min_confidence: float = 0.5
    meta: dict = field(default_factory=dict, compare=False)

    def probabilities(self, x: list[float]) -> list[float]:
        """Each class's probability for the features ``x``."""
        z = [sum(w * v / s for w, v, s in zip(row, x, self.scale, strict=False)) + row[-1] for row in self.weights]
        top = max(z)
        e = [math.exp(v - top) for v in z]
        total = sum(e)
        return [v / total for v in e]

    def read(self, x: list[float]) -> str:
        """The likeliest style, or ``self`` if it is not likely enough."""
        p = self.probabilities(x)
        best = max(range(len(p)), key=lambda i: (p[i], -i))
        return self.classes[best] if p[best] >= self.min_confidence else "self"

    def to_json(self) -> str:
        """The reader as the text of its weights file."""
        data = {"features": list(FEATURES), "classes": list(self.classes), "scale": list(self.scale),
                "weights": [list(r) for r in self.weights], "min_confidence": self.min_confidence,
                "meta": self.meta}
        return json.dumps(data, indent=1) + "\n"


def parse_reader(text: str, where: str) -> StyleReader:
    """A :class:`StyleReader` from its JSON text; :class:`StyleFileError` naming ``where`` otherwise."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise StyleFileError(f"{where}:{e.lineno}: not JSON ({e.msg})") from None
    if not isinstance(data, dict):
        raise StyleFileError(f"{where}: expected a JSON object")
    if data.get("features") != list(FEATURES):
        raise StyleFileError(f"{where}: features {data.get('features')!r} do not match this code's {list(FEATURES)}")
    classes = data.get("classes")
    if not isinstance(classes, list) or not classes or any(c not in STYLES for c in classes) \
            or len(set(classes)) != len(classes):
        raise StyleFileError(f"{where}: classes must be distinct styles of {list(STYLES)}")
    try:
        scale = tuple(_number(v) for v in data["scale"])
        weights = tuple(tuple(_number(v) for v in row) for row in data["weights"])
        conf = _number(data.get("min_confidence", 0.5))
    except (KeyError, TypeError, ValueError):
        raise StyleFileError(f"{where}: scale, weights and min_confidence must be numbers") from None
    if len(scale) != len(FEATURES) or not all(v > 0 for v in scale):
        raise StyleFileError(f"{where}: expected {len(FEATURES)} scales, each > 0")
    if len(weights) != len(classes) or any(len(r) != len(FEATURES) + 1 for r in weights):
        raise StyleFileError(f"{where}: expected {len(classes)} rows of {len(FEATURES) + 1} weights")
    if not 0.0 <= conf <= 1.0:
        raise StyleFileError(f"{where}: min_confidence must be within 0-1")
    meta = data.get("meta", {})
    return StyleReader(tuple(classes), weights, scale, conf, meta if isinstance(meta, dict) else {})


def _number(v: object) -> float:
    """A finite JSON number (not a bool); ValueError otherwise."""
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise ValueError(v)
    return float(v)


def load_reader(path: str | Path = WEIGHTS_PATH) -> StyleReader:
    """The reader in ``path`` (the shipped weights by default); :class:`StyleFileError` if unusable."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise StyleFileError(f"{path}: cannot read ({e.__class__.__name__})") from None
    return parse_reader(text, str(path))


_SHIPPED: list[StyleReader] = []


def shipped_reader() -> StyleReader:
    """The shipped reader, loaded once."""
    if not _SHIPPED:
        _SHIPPED.append(load_reader())
    return _SHIPPED[0]


class OpponentModel:
    """Per game: one record a round per opponent, from the observations the bot is given."""

    def __init__(self, reader: StyleReader | None = None) -> None:
        """An empty record (a new game starts one, see :meth:`observe`); ``reader``: the shipped one."""
        self._seen: dict[int, Seen] = {}
        self._game: object = None
        self._reader = reader

    @property
    def reader(self) -> StyleReader:
        """The style reader in use."""
        if self._reader is None:
            self._reader = shipped_reader()
        return self._reader

    def observe(self, obs: Observation) -> None:
        """Note each opponent's public state, once a round (the first observation of the round counts)."""
        s = obs.state
        if s.game is not self._game or any(s.round < r.rounds[-1] for r in self._seen.values() if r.rounds):
            self._seen, self._game = {}, s.game
        for seat in range(s.num_players):
            if seat == obs.seat or not s.alive[seat]:
                continue
            rec = self._seen.setdefault(seat, Seen())
            if rec.rounds and rec.rounds[-1] == s.round:
                continue
            note(rec, obs, seat)

    def record(self, seat: int) -> Seen | None:
        """What was seen of ``seat`` so far (None: nothing)."""
        return self._seen.get(seat)

    def style(self, obs: Observation, seat: int) -> str:
        """The style ``seat`` plays like so far, ``self`` without evidence (fewer than MIN_ROUNDS lines)."""
        rec = self._seen.get(seat)
        if rec is None or len(rec.rounds) < MIN_ROUNDS:
            return "self"
        return self.reader.read(features(rec, len(obs.state.armies_of(obs.seat))))

    def readings(self, obs: Observation) -> tuple[str, ...]:
        """Each seat's style as read now (``self`` for our own seat and the eliminated)."""
        s = obs.state
        return tuple("self" if seat == obs.seat or not s.alive[seat] else self.style(obs, seat)
                     for seat in range(s.num_players))

    def policies(self, obs: Observation, mode: str,
                 own: RolloutPolicy | None = None) -> tuple[RolloutPolicy, ...] | None:
        """Each seat's playout policy under ``mode``: ``own`` (None: the default knobs) for our seat and for
        an opponent read as ``self``; None when that is every seat's and ``own`` is None."""
        if mode == "self" and own is None:
            return None
        mine = STYLES["self"] if own is None else own
        out = []
        for seat in range(obs.state.num_players):
            style = "self" if seat == obs.seat or mode == "self" else self.style(obs, seat) if mode == "model" else mode
            out.append(mine if style == "self" else STYLES[style])
        return tuple(out)
