"""Everything that changes during a game, as plain data that copies cheaply and round-trips JSON.

:class:`StateData` holds the fields and the pure queries on them (whose army is where, hand sizes,
revenue, returns); it knows no rules. The rules API, :class:`japanese_swords.engine.State`, subclasses
it (python-chess's BaseBoard/Board split), so this module imports nothing of the engine. The pieces of
the state live in :mod:`japanese_swords.core`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Self

from japanese_swords import cards as C
from japanese_swords.board import NUM_SQUARES, Terrain
from japanese_swords.core import Army, Battle, BattleReport, Phase
from japanese_swords.modules.registry import params_of

__all__ = ["StateData"]

if TYPE_CHECKING:
    from japanese_swords.actions import Offer
    from japanese_swords.game import Game


@dataclass
class StateData:
    """The whole changing game: players' resources, hands, deck, armies, control and the turn's progress.

    Plain data: the rules that change it are :class:`japanese_swords.engine.State`'s methods."""

    game: Game
    order: tuple[int, ...] | None = None  # turn order (seats), set by the opening chance event
    turn_index: int = 0
    round: int = 0
    phase: Phase = Phase.SETUP
    gold: list[int] = field(default_factory=list)
    honor: list[int] = field(default_factory=list)
    alive: list[bool] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    deck: list[int] = field(default_factory=C.full_deck)
    discard: list[int] = field(default_factory=C.empty)
    armies: dict[int, Army] = field(default_factory=dict)
    occupant: list[int] = field(default_factory=lambda: [-1] * NUM_SQUARES)
    control: list[int] = field(default_factory=lambda: [-1] * NUM_SQUARES)
    next_army_id: int = 0
    # progress of the current turn
    upkeep_paid: bool = False
    draws_this_phase: int = 0
    honor_bought: int = 0
    offers_made: int = 0
    moved: set[int] = field(default_factory=set)  # armies that moved this travel phase
    attacked: set[int] = field(default_factory=set)  # armies that attacked this battle phase
    marched: set[int] = field(default_factory=set)  # armies given a Forced March this turn
    # pending sub-decisions
    pending_draws: list[int] = field(default_factory=list)  # seats still to be dealt a card
    battle: Battle | None = None
    discard_queue: list[tuple[int, int]] = field(default_factory=list)  # (seat, hand limit)
    intrigue: tuple[int, int] | None = None  # (target seat, discards left; -1 = choosing)
    offer: Offer | None = None  # a trade offer awaiting the target's reply
    last_battle: BattleReport | None = None
    winner: int | None = None
    eliminated_by: list[int] = field(default_factory=list)  # per seat: captor seat, or -1
    weather: str | None = None  # the weather module's draw for this round (None: not drawn, or no module)
    bids: list[int] | None = None  # the bidding module's round bids per seat while bidding (-1: not yet)
    ronin: dict[int, int] = field(default_factory=dict)  # the ronin module: army id -> ronin with it
    walls: dict[int, int] = field(default_factory=dict)  # the castles module: keep square -> wall levels
    fortified: bool = False  # the castles module: the turn player built walls this turn
    breached: set[int] = field(default_factory=set)  # the retreat-siege module: breached home fortresses

    # ----- queries -----------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.game.board.players

    @property
    def turn_player(self) -> int:
        """Seat whose turn it is (meaningless before the turn order is drawn)."""
        return self.order[self.turn_index] if self.order else 0

    def is_terminal(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def is_draw(self) -> bool:
        return self.is_terminal() and self.winner is None

    def returns(self) -> list[float]:
        """1 for the winner (and its partner in a team game), 0 for the others; 0.5 each after a
        max_rounds draw; zeros mid-game."""
        n = self.num_players
        if not self.is_terminal():
            return [0.0] * n
        if self.winner is None:
            return [0.5] * n
        if self.game.rules.modules and params_of(self.game.rules.modules, "teams") is not None:
            # the teams module (docs/variants.md, TM8): partners, p1+p3 and p2+p4, share the win
            return [1.0 if s % 2 == self.winner % 2 else 0.0 for s in range(n)]
        return [1.0 if s == self.winner else 0.0 for s in range(n)]

    def army_at(self, square: int) -> Army | None:
        aid = self.occupant[square]
        return None if aid < 0 else self.armies[aid]

    def armies_of(self, seat: int) -> list[tuple[int, Army]]:
        return [(aid, a) for aid, a in self.armies.items() if a.owner == seat]

    def hand(self, seat: int) -> list[int]:
        return self.hands[seat]

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat])

    def revenue(self, seat: int) -> int:
        """Gold the seat's fortresses and keeps yield in its revenue phase (ruling 5)."""
        rules = self.game.rules
        total = 0
        for sq, owner in enumerate(self.control):
            if owner == seat:
                t = self.game.board.terrain[sq]
                total += rules.fortress_revenue if t == Terrain.FORTRESS else rules.keep_revenue
        return total

    def fortresses_of(self, seat: int) -> list[int]:
        terrain = self.game.board.terrain
        return [sq for sq, o in enumerate(self.control) if o == seat and terrain[sq] == Terrain.FORTRESS]

    def card_total(self) -> int:
        """Cards in deck + discard + hands + committed to an unresolved battle (always 116)."""
        n = sum(self.deck) + sum(self.discard) + sum(sum(h) for h in self.hands)
        if self.battle is not None:
            n += len(self.battle.attacker_cards or ()) + len(self.battle.defender_cards or ())
        return n

    def clone(self) -> Self:
        """A copy sharing nothing mutable (same class: an engine State clones to an engine State)."""
        b = self.battle
        return type(self)(
            game=self.game, order=self.order, turn_index=self.turn_index, round=self.round, phase=self.phase,
            gold=self.gold[:], honor=self.honor[:], alive=self.alive[:], hands=[h[:] for h in self.hands],
            deck=self.deck[:], discard=self.discard[:], armies=dict(self.armies), occupant=self.occupant[:],
            control=self.control[:], next_army_id=self.next_army_id, upkeep_paid=self.upkeep_paid,
            draws_this_phase=self.draws_this_phase, honor_bought=self.honor_bought,
            offers_made=self.offers_made, moved=set(self.moved), attacked=set(self.attacked),
            marched=set(self.marched), pending_draws=self.pending_draws[:],
            battle=None if b is None else Battle(**b.__dict__), discard_queue=self.discard_queue[:],
            intrigue=self.intrigue, offer=self.offer, last_battle=self.last_battle, winner=self.winner,
            eliminated_by=self.eliminated_by[:], weather=self.weather, breached=set(self.breached),
            bids=None if self.bids is None else self.bids[:], ronin=self.ronin.copy() if self.ronin else {},
            walls=self.walls.copy() if self.walls else {}, fortified=self.fortified,
        )

    # ----- JSON --------------------------------------------------------------------------------------
    def to_json(self) -> dict:
        """Plain JSON data (the Game is not included: records carry the map and rules). Module fields
        (``weather``) appear only in games with rule modules, so classic states read as before."""
        data = {
            "order": None if self.order is None else list(self.order),
            "turn_index": self.turn_index, "round": self.round, "phase": self.phase.name,
            "gold": self.gold, "honor": self.honor, "alive": self.alive, "hands": self.hands,
            "deck": self.deck, "discard": self.discard,
            "armies": [[aid, a.owner, a.square, a.experience] for aid, a in sorted(self.armies.items())],
            "control": self.control, "next_army_id": self.next_army_id, "upkeep_paid": self.upkeep_paid,
            "draws_this_phase": self.draws_this_phase, "honor_bought": self.honor_bought,
            "offers_made": self.offers_made, "moved": sorted(self.moved), "attacked": sorted(self.attacked),
            "marched": sorted(self.marched), "pending_draws": self.pending_draws,
            "battle": None if self.battle is None else self.battle.to_json(),
            "discard_queue": [list(x) for x in self.discard_queue],
            "intrigue": None if self.intrigue is None else list(self.intrigue),
            "offer": None if self.offer is None else str(self.offer),
            "last_battle": None if self.last_battle is None else self.last_battle.to_json(),
            "winner": self.winner, "eliminated_by": self.eliminated_by,
        }
        if self.game.rules.modules:
            data["weather"] = self.weather
            if self.breached:
                data["breached"] = sorted(self.breached)
            self._shogun_json(data)
        return data

    def _shogun_json(self, data: dict) -> None:
        """The bidding, ronin and castles modules' fields, written only when set (docs/variants.md)."""
        if self.bids is not None:
            data["bids"] = self.bids
        if self.ronin:
            data["ronin"] = [[aid, n] for aid, n in sorted(self.ronin.items())]
        if self.walls:
            data["walls"] = [[sq, n] for sq, n in sorted(self.walls.items())]
        if self.fortified:
            data["fortified"] = True

    @classmethod
    def from_json(cls, game: Game, d: dict) -> Self:
        from japanese_swords.actions import parse_action

        s = cls(game=game)
        s.order = None if d["order"] is None else tuple(d["order"])
        s.turn_index, s.round, s.phase = d["turn_index"], d["round"], Phase[d["phase"]]
        s.gold, s.honor, s.alive = list(d["gold"]), list(d["honor"]), list(d["alive"])
        s.hands = [list(h) for h in d["hands"]]
        s.deck, s.discard = list(d["deck"]), list(d["discard"])
        s.armies = {aid: Army(o, sq, e) for aid, o, sq, e in d["armies"]}
        s.occupant = [-1] * NUM_SQUARES
        for aid, a in s.armies.items():
            s.occupant[a.square] = aid
        s.control, s.next_army_id = list(d["control"]), d["next_army_id"]
        s.upkeep_paid, s.draws_this_phase = d["upkeep_paid"], d["draws_this_phase"]
        s.honor_bought, s.offers_made = d["honor_bought"], d["offers_made"]
        s.moved, s.attacked, s.marched = set(d["moved"]), set(d["attacked"]), set(d["marched"])
        s.pending_draws = list(d["pending_draws"])
        s.battle = None if d["battle"] is None else Battle.from_json(d["battle"])
        s.discard_queue = [tuple(x) for x in d["discard_queue"]]  # type: ignore[misc]
        s.intrigue = None if d["intrigue"] is None else tuple(d["intrigue"])  # type: ignore[assignment]
        s.offer = None if d["offer"] is None else parse_action(d["offer"])  # type: ignore[assignment]
        s.last_battle = None if d["last_battle"] is None else BattleReport.from_json(d["last_battle"])
        s.winner, s.eliminated_by = d["winner"], list(d["eliminated_by"])
        s.weather = d.get("weather")
        s.breached = set(d.get("breached", ()))
        s.bids = None if d.get("bids") is None else list(d["bids"])
        s.ronin = {aid: n for aid, n in d.get("ronin", ())}
        s.walls = {sq: n for sq, n in d.get("walls", ())}
        s.fortified = bool(d.get("fortified", False))
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StateData) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

