"""Maps the human's clicks to engine actions and says what the screen should show (no arcade here).

The views ask the presenter what to highlight, which buttons are enabled (and why not), which hand
cards are playable, and hand it every click; the presenter turns clicks into engine actions and plays
them through the :class:`~japanese_swords.app.client.controller.Controller`. Tests drive it without a window.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from japanese_swords import cards as C
from japanese_swords.actions import (
    Action,
    Attack,
    Bid,
    Bundle,
    BuyHonor,
    Commit,
    Disband,
    Draw,
    End,
    Fortify,
    HireRonin,
    IntrigueReply,
    Move,
    Offer,
    PlayCard,
    Raise,
)
from japanese_swords.board import square_name
from japanese_swords.cards import EFFECTS, Card
from japanese_swords.core import Phase
from japanese_swords.engine import decision
from japanese_swords.modules import castles, ronin, sites
from japanese_swords.movement import attack_targets, reachable

from .controller import Controller
from .discard import DiscardPick
from .hints import HintActions
from .odds import Odds, chances
from .theme import seat_label

if TYPE_CHECKING:
    from japanese_swords.state import StateData

_MODULE_MODES: dict[str, type[HireRonin] | type[Fortify]] = {"ronin": HireRonin, "fortify": Fortify}
"""Click-a-square modes of the ronin and castles modules and the action each click plays."""


@dataclass(frozen=True)
class ButtonState:
    """A side-panel button: what it says, whether it can be pressed now, and the tooltip (why not)."""

    key: str
    label: str
    enabled: bool
    tooltip: str


@dataclass(frozen=True)
class CardView:
    """One card type in the human's hand: how many, whether it can be used now, and what it does."""

    card: Card
    count: int
    playable: bool
    note: str


@dataclass
class TradeDraft:
    """A trade offer being put together in the trade dialog."""

    to: int
    give_gold: int = 0
    give_honor: int = 0
    give_cards: list[Card] = field(default_factory=list)
    give_armies: list[int] = field(default_factory=list)
    give_keeps: list[int] = field(default_factory=list)
    get_gold: int = 0
    get_honor: int = 0
    get_cards: list[Card] = field(default_factory=list)
    get_armies: list[int] = field(default_factory=list)
    get_keeps: list[int] = field(default_factory=list)
    promise: str = ""

    def offer(self) -> Offer:
        """The draft as an engine Offer action."""
        give = Bundle(
            self.give_gold,
            self.give_honor,
            tuple(self.give_cards),
            tuple(self.give_armies),
            tuple(self.give_keeps),
        )
        get = Bundle(
            self.get_gold,
            self.get_honor,
            tuple(self.get_cards),
            tuple(self.get_armies),
            tuple(self.get_keeps),
        )
        return Offer(self.to, give, get, self.promise)


PHASE_TRACK = (Phase.REVENUE, Phase.EXPENSE, Phase.DRAW, Phase.HONOR, Phase.TRAVEL, Phase.BATTLE)


class Presenter(HintActions):
    """The human's side of the game screen: selection, modes, battle picks, trade drafts, hints."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        self.selected: int | None = None  # square of the selected own army
        self.mode: str | None = None  # "raise" | "march" | "intrigue" | None
        self.pick: list[Card] = []  # the battle commitment being chosen
        self.trade: TradeDraft | None = None
        self.notice: str = ""  # last message for the status line
        self._confirm_skip_draw = False  # End was pressed once with the free card not drawn
        self.pending_attack: Attack | None = None  # an attack clicked once, waiting for its confirming click
        self._attack_odds: dict[tuple, Odds] = {}  # (session version, src, dst) -> odds
        self.acted_in: tuple | None = None
        self.hint_version = None
        self.discards = DiscardPick(lambda: self.state, lambda: self.human, self.submit)

    # ----- basics ----------------------------------------------------------------------------------------
    @property
    def session(self):
        """The game being played."""
        return self.controller.session

    @property
    def state(self):
        """The engine state of the game."""
        return self.controller.session.state

    @property
    def human(self) -> int:
        """The human's seat (seat 0 when AIs play every seat)."""
        h = self.session.human
        return 0 if h is None else h

    def acted_this_phase(self) -> bool:
        """Whether the human has played an action in the current phase of the current turn."""
        st = self.state
        return self.acted_in == (st.round, st.turn_index, st.phase)

    def my_decision(self) -> str:
        """The engine's decision kind if the human must decide now, else 'wait'."""
        if not self.controller.human_to_act():
            return "wait"
        return decision(self.state)

    def legal(self) -> list[Action]:
        """The legal actions when the human decides, else none."""
        return self.state.legal_actions() if self.my_decision() != "wait" else []

    def submit(self, action: Action) -> bool:
        """Play an action for the human; on an illegal one keep everything and remember why."""
        st = self.state
        phase = (st.round, st.turn_index, st.phase)
        err = self.controller.human_play(action)
        if err is not None:
            self.notice = err
            return False
        self.acted_in = phase  # the phase (of a turn) the human last played an action in
        self.notice = ""
        self.selected = None
        self.mode = None
        self.pick = []
        self._confirm_skip_draw = False
        self.pending_attack = None
        return True

    # ----- what the human should do -----------------------------------------------------------------------
    def prompt(self) -> str:
        """One line telling the human what is going on and what they can do."""
        st, c = self.state, self.controller
        if st.is_terminal():
            return "The game is over."
        if c.needs_rps():
            return "Play rock-paper-scissors for the turn order."
        kind = self.my_decision()
        human = self.session.human
        if kind == "wait" and human is not None and not st.alive[human]:
            return "You are out of the game: watch the others finish it, or go back to the menu."
        if kind == "wait":
            seat = c.thinking if c.thinking is not None else st.current_player()
            if c.reveal is not None:
                return "Battle!"
            if seat < 0:
                return "Dealing a card..."
            return f"{seat_label(seat, self.session.human)} is thinking..."
        if kind == "disband":
            return "Gold is short for upkeep: click armies to disband until you can pay the rest."
        if kind == "bid":
            return "Bid gold for this round's turn order (face down; every bid is spent)."
        if kind == "discard":
            limit = st.discard_queue[0][1]
            return f"Discard down to {limit} cards: choose the cards, then confirm."
        if kind == "intrigue":
            return (
                "Intrigue! Choose to lose 3 honor or 3 cards."
                if st.intrigue[1] < 0
                else "Intrigue: choose the cards to discard, then confirm."
            )
        if kind == "commit":
            return "Battle: choose 1-7 cards to commit, then Commit."
        if kind == "reply":
            return "A trade is offered to you: accept or decline."
        if kind == "support":
            return "Battle: choose how many supporters to pay for (1 gold each, one more card each)."
        if self.mode == "raise":
            return "Click a highlighted square to raise an army there (4 gold); right-click to cancel."
        if self.mode in _MODULE_MODES:
            what = "hire a ronin for that army" if self.mode == "ronin" else "build walls on that keep"
            return f"Click a highlighted square to {what}; right-click to cancel."
        if self.mode == "march":
            return "Click one of your armies to give it a Forced March; right-click to cancel."
        if self.mode == "intrigue":
            return "Click an opponent's name in the side panel to target your Intrigue."
        phase = st.phase
        return {
            Phase.REVENUE: "Revenue phase: play Prosperity for +3 gold, or end the phase.",
            Phase.EXPENSE: "Expense phase: raise armies (4 gold) on or next to your fortress, "
            "or end the phase.",
            Phase.DRAW: "Draw phase: the first card is free, each further card costs 1 gold.",
            Phase.HONOR: "Honor phase: buy 1 honor for 1 gold, play Much Honor or Intrigue.",
            Phase.TRAVEL: "Travel phase: click an army, then a highlighted square to move it.",
            Phase.BATTLE: "Battle phase: click an army, then an adjacent enemy (red) to attack.",
            Phase.MARCH_TRAVEL: "Forced March travel: move the marched army.",
            Phase.MARCH_BATTLE: "Forced March battle: the marched army may attack.",
        }.get(phase, "")

    # ----- the board ------------------------------------------------------------------------------------
    def _own_army_id(self, square: int) -> int | None:
        """The id of the human's army on a square, or None."""
        aid = self.state.occupant[square]
        if aid < 0 or self.state.armies[aid].owner != self.human:
            return None
        return aid

    def highlights(self) -> dict[int, tuple[str, int | None]]:
        """Squares to mark: ``{square: (kind, move cost)}`` with kind move, attack, raise, select,
        march, disband or actor (armies that can still act)."""
        out: dict[int, tuple[str, int | None]] = {}
        kind = self.my_decision()
        legal = self.legal()
        if kind == "disband":
            return {a.square: ("disband", None) for a in legal if isinstance(a, Disband)}
        if kind != "main":
            return out
        if self.mode == "raise":
            return {a.square: ("raise", None) for a in legal if isinstance(a, Raise)}
        if self.mode in _MODULE_MODES:  # the ronin and castles modules
            return {a.square: (self.mode, None) for a in legal if isinstance(a, _MODULE_MODES[self.mode])}
        if self.mode == "march":
            return {
                a.target: ("march", None)
                for a in legal
                if isinstance(a, PlayCard) and a.card == Card.FORCED_MARCH and a.target is not None
            }
        for a in legal:
            if isinstance(a, (Move, Attack)):
                out.setdefault(a.src, ("actor", None))
        if self.selected is not None:
            out[self.selected] = ("select", None)
            aid = self._own_army_id(self.selected)
            if aid is not None:
                costs = reachable(self.state, aid)
                for a in legal:
                    if isinstance(a, Move) and a.src == self.selected:
                        out[a.dst] = ("move", costs.get(a.dst))
                    elif isinstance(a, Attack) and a.src == self.selected:
                        out[a.dst] = ("attack", None)
        return out

    def action_for_square(self, square: int) -> Action | None:
        """The action a left click on ``square`` means now (None: it only changes the selection)."""
        kind = self.my_decision()
        legal = self.legal()
        if kind == "disband":
            a = Disband(square)
            return a if a in legal else None
        if kind != "main":
            return None
        if self.mode == "raise":
            a = Raise(square)
            return a if a in legal else None
        if self.mode in _MODULE_MODES:
            a = _MODULE_MODES[self.mode](square)
            return a if a in legal else None
        if self.mode == "march":
            a = PlayCard(Card.FORCED_MARCH, square)
            return a if a in legal else None
        if self.selected is not None and self.selected != square:
            for a in (Move(self.selected, square), Attack(self.selected, square)):
                if a in legal:
                    return a
        return None

    def click_square(self, square: int) -> Action | None:
        """A left click on the board: play the action it means, or select/deselect an army."""
        action = self.action_for_square(square)
        if isinstance(action, Attack) and action != self.pending_attack:
            # an attack is not undoable: the first click shows the odds and asks for a second one
            self.pending_attack = action
            odds = self.attack_odds(action.src, action.dst)
            self.notice = f"Attack {square_name(action.dst)}? {self.odds_text(odds)} Click again to confirm."
            return None
        self.pending_attack = None
        if action is not None:
            return action if self.submit(action) else None
        if self.mode is not None:
            self.notice = "That square is not highlighted."
            return None
        if self._own_army_id(square) is not None and square != self.selected:
            self.selected = square
            acts = [a for a in self.legal() if isinstance(a, (Move, Attack)) and a.src == square]
            if not acts and self.my_decision() == "main":
                self.notice = self._why_army_idle(square)
            else:
                self.notice = ""
        else:
            self.selected = None
        return None

    def _why_army_idle(self, square: int) -> str:
        """Why a selected army has nothing to do now."""
        st = self.state
        aid = st.occupant[square]
        if st.phase in (Phase.TRAVEL, Phase.MARCH_TRAVEL):
            if aid in st.moved:
                return "This army has already moved this phase."
            return "This army cannot move anywhere."
        if st.phase in (Phase.BATTLE, Phase.MARCH_BATTLE):
            if aid in st.attacked:
                return "This army has already attacked this phase."
            if not attack_targets(st, aid):
                return "No enemy army is next to this army."
        return (
            "Armies move in the travel phase and attack in the battle phase; "
            f"this is the {st.phase.title.lower()} phase."
        )

    def cancel(self) -> None:
        """Right click / Escape: drop the selection and any targeting mode."""
        self.selected = None
        self.mode = None
        self.notice = ""
        self.pending_attack = None

    def attack_odds(self, src: int, dst: int) -> Odds:
        """Estimated outcome of the human's army on ``src`` attacking ``dst`` (cached per game version;
        sampled with a generator seeded from the squares, so hovering twice shows the same figure)."""
        key = (self.session.version, src, dst)
        odds = self._attack_odds.get(key)
        if odds is None:
            if len(self._attack_odds) > 64:
                self._attack_odds.clear()
            rng = random.Random(src * 1000 + dst)
            odds = chances(self.session.observation(self.human), rng, samples=120, attack=(src, dst))
            assert odds is not None  # an attack always has a battle to estimate
            self._attack_odds[key] = odds
        return odds

    @staticmethod
    def odds_text(odds: Odds) -> str:
        """One line for an attack's odds: win chance, and how often Diplomacy voids it."""
        text = f"Estimated win chance {odds.win:.0%}"
        if odds.void:
            text += f" ({odds.void:.0%} Diplomacy)"
        return text + "."

    def hover_lines(self, square: int) -> list[str]:
        """Hover text for a square: terrain, move cost, defence, control, occupant, what a click would do."""
        st = self.state
        t = st.game.board.terrain[square]
        cost = "impassable" if t.move_cost is None else f"move cost {t.move_cost}"
        lines = [f"{square_name(square)}: {t.title} - {cost}, defence {t.defense:+d}"]
        if t.title in ("Fortress", "Keep"):
            owner = st.control[square]
            home = st.game.board.fortress_owner(square)
            ctrl = "neutral" if owner < 0 else f"held by {seat_label(owner, self.session.human)}"
            extra = f", home of {seat_label(home, self.session.human)}" if home is not None else ""
            lines.append(f"{ctrl}{extra}")
        lines += module_square_lines(st, square)
        army = st.army_at(square)
        if army is not None:
            if army.owner == self.session.human:
                lines.append(f"Your army, experience {army.experience}")
            else:
                lines.append(f"Army of {seat_label(army.owner, self.session.human)}, experience {army.experience}")
        hl = self.highlights().get(square)
        if hl is not None:
            kind, mcost = hl
            if kind == "move":
                lines.append(f"Click: move here ({mcost} movement point{'s' if mcost != 1 else ''})")
            elif kind == "attack" and self.selected is not None:
                lines.append(self.odds_text(self.attack_odds(self.selected, square)))
                lines.append("Click: attack this army (asks to confirm)")
            elif kind == "raise":
                lines.append("Click: raise an army here (4 gold)")
            elif kind == "ronin":
                lines.append("Click: hire a ronin for this army (face down)")
            elif kind == "fortify":
                lines.append("Click: build a level of walls on this keep")
            elif kind == "march":
                lines.append("Click: Forced March this army")
            elif kind == "disband":
                lines.append("Click: disband this army")
        return lines

    # ----- buttons ----------------------------------------------------------------------------------------
    def _button(self, key: str, label: str, action: Action | None, hint: str = "") -> ButtonState:
        """A button for an action, enabled when the engine allows it, else the reason."""
        kind = self.my_decision()
        if kind == "wait":
            return ButtonState(key, label, False, "Wait: it is not your decision yet.")
        if kind != "main":
            return ButtonState(key, label, False, "Finish the pending decision first: " + self.prompt())
        if action is None:
            return ButtonState(key, label, True, hint)
        why = self.state.why_illegal(action)
        return ButtonState(key, label, why is None, hint if why is None else why[0].upper() + why[1:] + ".")

    def buttons(self) -> list[ButtonState]:
        """The phase buttons of the side panel, each with its tooltip."""
        st = self.state
        seat = self.human
        if self.my_decision() == "bid":  # the bidding module (docs/variants.md)
            return bid_buttons(self)
        draw_label = "Buy a card (1 gold)" if st.draws_this_phase else "Draw a card (free)"
        out = [
            self._button("draw", draw_label, Draw(), "Take a card from the deck."),
            self._button(
                "honor", "Buy honor (1 gold)", BuyHonor(), "Pay 1 gold for 1 honor (once per honor phase)."
            ),
        ]
        raise_ok = self.my_decision() == "main" and any(isinstance(a, Raise) for a in self.legal())
        if raise_ok:
            out.append(ButtonState("raise", "Raise army (4 gold)", True, "Then click a highlighted square."))
        else:
            why = (
                "Finish the pending decision first."
                if self.my_decision() not in ("main",)
                else (
                    f"Armies are raised in the expense phase, not the {st.phase.title.lower()} phase."
                    if st.phase != Phase.EXPENSE
                    else f"Raising costs 4 gold; you have {st.gold[seat]}."
                    if st.gold[seat] < 4
                    else "No free square on or next to your fortress."
                )
            )
            if self.my_decision() == "wait":
                why = "Wait: it is not your decision yet."
            out.append(ButtonState("raise", "Raise army (4 gold)", False, why))
        playable = self.playable_cards()
        if playable:
            out.append(
                ButtonState(
                    "play",
                    "Play a card",
                    self.my_decision() == "main",
                    "Play " + ", ".join(c.title for c in playable) + ".",
                )
            )
        else:
            out.append(
                ButtonState(
                    "play",
                    "Play a card",
                    False,
                    "No card in your hand can be played in this phase "
                    "(Prosperity: revenue; Much Honor, Intrigue: honor; Forced March: travel, battle).",
                )
            )
        if st.is_terminal():
            end = ButtonState("end", "Game over", False, "The game is over: see the results or the menu.")
        else:
            end_hint = "Go on to the next phase."
            if self.skip_free_draw_warning():
                end_hint = "You have not drawn your free card yet: ending now skips it."
            end = self._button("end", f"End {st.phase.title.lower()} phase", End(), end_hint)
        out.append(end)
        if st.game.rules.modules and st.phase == Phase.EXPENSE and self.my_decision() == "main":
            out[:2] = module_buttons(self, out[:2])  # the ronin and castles modules replace draw and honor
        trade_why = None
        if self.my_decision() == "main":
            limit = st.game.rules.offers_per_turn
            if st.offers_made >= limit:
                trade_why = f"At most {limit} trade offers per turn (ruling 15)."
        out.append(
            ButtonState(
                "trade",
                "Offer a trade",
                self.my_decision() == "main" and trade_why is None,
                trade_why
                or (
                    "Offer gold, cards, armies, keeps or honor to an opponent."
                    if self.my_decision() == "main"
                    else "Trade during your own turn."
                ),
            )
        )
        return out

    def skip_free_draw_warning(self) -> bool:
        """True when ending the phase now would give up the free card of the draw phase."""
        st = self.state
        return (
            self.my_decision() == "main"
            and st.phase == Phase.DRAW
            and not st.draws_this_phase
            and st.is_legal(Draw())
        )

    def press(self, key: str) -> Action | None:
        """A side-panel button was pressed; returns the action played, if any."""
        if key != "end":
            self._confirm_skip_draw = False
        if key.startswith("bid:") and self.my_decision() == "bid":  # the bidding module
            bid = Bid(int(key[4:]))
            return bid if self.submit(bid) else None
        btn = {b.key: b for b in self.buttons()}.get(key)
        if btn is None or not btn.enabled:
            self.notice = btn.tooltip if btn else f"no button {key!r}"
            return None
        if key == "draw":
            return Draw() if self.submit(Draw()) else None
        if key == "honor":
            return BuyHonor() if self.submit(BuyHonor()) else None
        if key == "end":
            if self.skip_free_draw_warning() and not self._confirm_skip_draw:
                self._confirm_skip_draw = True
                self.notice = "You have not drawn your free card. Press End again to skip it."
                return None
            return End() if self.submit(End()) else None
        if key in ("raise", *_MODULE_MODES):
            self.mode = key
            self.selected = None
            return None
        if key == "play":
            return self.click_card(self.playable_cards()[0])
        if key == "trade":
            opponents = [s for s in range(self.state.num_players) if s != self.human and self.state.alive[s]]
            self.trade = TradeDraft(opponents[0]) if opponents else None
        return None

    # ----- the hand -------------------------------------------------------------------------------------
    def playable_cards(self) -> list[Card]:
        """Card types the human may play from the hand in this phase (main decisions only)."""
        if self.my_decision() != "main":
            return []
        seen: list[Card] = []
        for a in self.legal():
            if isinstance(a, PlayCard) and a.card not in seen:
                seen.append(a.card)
        return seen

    def hand_view(self) -> list[CardView]:
        """The human's hand, one entry per card type held, marked when usable now."""
        hand = self.state.hands[self.human]
        kind = self.my_decision()
        playable = set(self.playable_cards())
        out = []
        for i, n in enumerate(hand):
            if not n:
                continue
            card = Card(i)
            usable = (
                card in playable
                or kind in ("discard", "commit")
                or (kind == "intrigue" and self.state.intrigue is not None and self.state.intrigue[1] > 0)
            )
            force = f"Force {card.force}. " if card.force else ""
            out.append(CardView(card, n, usable, force + EFFECTS[i]))
        return out

    def click_card(self, card: Card) -> Action | None:
        """A click on a hand card: choose it for the discard, add it to the battle pick, or play it."""
        kind = self.my_decision()
        if kind == "discard" or (kind == "intrigue" and self.state.intrigue and self.state.intrigue[1] > 0):
            self.discards.toggle(card)  # discarded together on confirmation (the dialog's button)
            return None
        if kind == "commit":
            self.toggle_pick(card)
            return None
        if kind != "main":
            return None
        if card not in self.playable_cards():
            reason = self.state.why_illegal(PlayCard(card, self._default_target(card)))
            self.notice = reason or f"{card.title} cannot be played now"
            return None
        if card == Card.FORCED_MARCH:
            self.mode = "march"
            self.selected = None
            return None
        if card == Card.INTRIGUE:
            targets = [a.target for a in self.legal() if isinstance(a, PlayCard) and a.card == card]
            if len(targets) == 1:
                a = PlayCard(card, targets[0])
                return a if self.submit(a) else None
            self.mode = "intrigue"
            return None
        a = PlayCard(card)
        return a if self.submit(a) else None

    def _default_target(self, card: Card) -> int | None:
        """Some target for a card, to ask the engine why it cannot be played."""
        if card == Card.INTRIGUE:
            return next((s for s in range(self.state.num_players) if s != self.human), None)
        if card == Card.FORCED_MARCH:
            own = self.state.armies_of(self.human)
            return own[0][1].square if own else None
        return None

    def click_player(self, seat: int) -> Action | None:
        """A click on a player's name: the Intrigue target when choosing one."""
        if self.mode == "intrigue":
            a = PlayCard(Card.INTRIGUE, seat)
            return a if self.submit(a) else None
        return None

    # ----- dialogs: intrigue, trade reply -----------------------------------------------------------------
    def answer_intrigue(self, lose_cards: bool) -> Action | None:
        """Answer Intrigue: lose 3 cards (True) or 3 honor (False)."""
        a = IntrigueReply(lose_cards)
        return a if self.submit(a) else None

    def intrigue_options(self) -> list[ButtonState]:
        """The two Intrigue answers, each enabled or with the reason."""
        st = self.state
        out = []
        for cards, label in ((False, "Lose 3 honor"), (True, "Lose 3 cards")):
            why = st.why_illegal(IntrigueReply(cards)) if self.my_decision() == "intrigue" else "not now"
            out.append(ButtonState("cards" if cards else "honor", label, why is None, why or ""))
        return out

    def send_trade(self) -> Action | None:
        """Send the drafted offer (checked by the engine); the AI answers on its worker thread."""
        if self.trade is None:
            return None
        offer = self.trade.offer()
        why = self.state.why_illegal(offer)
        if why is not None:
            self.notice = why
            return None
        if self.submit(offer):
            self.trade = None
            return offer
        return None

    def trade_problem(self) -> str | None:
        """Why the drafted offer cannot be made, or None."""
        if self.trade is None:
            return None
        return self.state.why_illegal(self.trade.offer())

    # ----- battle commitment ---------------------------------------------------------------------------
    def battle_limits(self) -> dict[str, tuple[int, int]]:
        """Counts in the current pick against the limits: cards 7, soldiers 5, Daimyo 1, Ninja 1."""
        p = self.pick
        return {
            "cards": (len(p), C.MAX_COMMIT),
            "soldiers": (sum(1 for c in p if c.is_soldier), C.MAX_SOLDIERS),
            "Daimyo": (p.count(Card.DAIMYO), 1),
            "Ninja": (p.count(Card.NINJA), 1),
        }

    def toggle_pick(self, card: Card, remove: bool = False) -> bool:
        """Add one more ``card`` to the pick (or remove one); refuses what would break a limit."""
        if remove:
            if card in self.pick:
                self.pick.remove(card)
                return True
            return False
        held = self.state.hands[self.human][card]
        if self.pick.count(card) >= held:
            self.notice = f"you hold only {held} {card.title}"
            return False
        problem = C.commit_problem([*self.pick, card])
        if problem is not None:
            self.notice = problem
            return False
        self.pick.append(card)
        self.notice = ""
        return True

    def pick_force(self) -> int:
        """Force of the current pick before the opponent's Ninja (cards only)."""
        return sum(c.force for c in self.pick)

    def commit_problem(self) -> str | None:
        """Why the current pick cannot be committed, or None."""
        if self.my_decision() != "commit":
            return "no battle commitment is pending for you"
        return self.state.why_illegal(Commit(tuple(self.pick)))

    def commit(self) -> Action | None:
        """Commit the current pick to the battle."""
        a = Commit(tuple(self.pick))
        return a if self.submit(a) else None


# ----- the bidding, ronin and castles modules' buttons (docs/variants.md) -----------------------------------
def module_buttons(self: Presenter, idle: list[ButtonState]) -> list[ButtonState]:
    """In the expense phase of a game with ronin or castles: "Hire ronin" and "Build walls" in the
    place of the draw and honor buttons (idle there), each entering a click-a-square mode."""
    st, legal = self.state, self.legal()
    out = list(idle)
    if ronin.params(st) is not None:
        ok = any(isinstance(a, HireRonin) for a in legal)
        out[0] = ButtonState("ronin", "Hire ronin", ok, "Then click one of your armies: +force in its battles "
                             "until your next turn." if ok else "No army can take a ronin you can pay for.")
    if castles.params(st) is not None:
        ok = any(isinstance(a, Fortify) for a in legal)
        out[1] = ButtonState("fortify", "Build walls", ok, "Then click a keep you hold: +defence, once a turn."
                             if ok else "No keep of yours can be walled now (gold, once a turn, at most 2).")
    return out


def bid_buttons(self: Presenter) -> list[ButtonState]:
    """The bidding module's buttons while the human bids: six amounts from nothing to all the gold."""
    gold = self.state.gold[self.human]
    amounts = sorted({0, 1, 2, 3, gold // 2, gold} & set(range(gold + 1)))
    while len(amounts) < 6:
        amounts.append(amounts[-1])  # fewer distinct amounts than buttons: repeat the last
    tip = "Your bid for this round's turn order, face down; every bid is spent, the highest goes first."
    return [ButtonState(f"bid:{n}", f"Bid {n} gold", True, tip) for n in amounts[:6]]


def module_square_lines(state: StateData, square: int) -> list[str]:
    """Hover lines of the rule modules (docs/variants.md): a battlefield site's rule, a breached fortress,
    a keep's walls."""
    if not state.game.rules.modules:
        return []
    lines = []
    kind = sites.kind_at(state, square)
    if kind is not None:
        lines.append(f"Battlefield site - {sites.KINDS[kind]}; +1 honor a turn to the army's owner")
    if square in state.breached:
        lines.append("Breached: the next win here takes the fortress")
    if state.walls.get(square):  # the castles module
        lines.append(f"Walls: {state.walls[square]} level(s), defence +{castles.defence(state, square)}")
    return lines
