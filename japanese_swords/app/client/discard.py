"""The discard picker: cards to discard (hand limit or Intrigue) are chosen first and discarded
together on confirmation, so a click never loses a card and the cards do not move under the pointer."""

from __future__ import annotations

from collections.abc import Callable

from japanese_swords.actions import Action, Discard
from japanese_swords.cards import Card


class DiscardPick:
    """The cards chosen so far for the pending discard, and its confirmation."""

    def __init__(self, state: Callable[[], object], seat: Callable[[], int],
                 submit: Callable[[Action], bool]) -> None:
        self._state, self._seat, self._submit = state, seat, submit
        self.cards: list[Card] = []
        self._for: tuple | None = None  # the decision the pick belongs to: a new one starts empty

    def needed(self) -> int:
        """How many cards the human must discard now (0 when no discard is pending)."""
        st, seat = self._state(), self._seat()
        held = sum(st.hands[seat])
        if st.intrigue is not None and st.intrigue[0] == seat and st.intrigue[1] > 0:
            return min(st.intrigue[1], held)
        if st.discard_queue and st.discard_queue[0][0] == seat:
            return max(0, held - st.discard_queue[0][1])
        return 0

    def _fresh(self) -> None:
        """Forget a pick made for an earlier decision."""
        st = self._state()
        key = (st.round, st.turn_index, st.phase, st.intrigue, tuple(st.discard_queue), tuple(st.hands[self._seat()]))
        if key != self._for:
            self._for = key
            self.cards = []

    def chosen(self, card: Card) -> int:
        """How many of ``card`` are chosen."""
        self._fresh()
        return self.cards.count(card)

    def toggle(self, card: Card, remove: bool = False) -> None:
        """Choose one more of ``card`` (when held and room is left), else un-choose all of it;
        ``remove`` un-chooses one."""
        self._fresh()
        n = self.cards.count(card)
        if remove:
            if n:
                self.cards.remove(card)
            return
        held = self._state().hands[self._seat()][card]
        if n < held and len(self.cards) < self.needed():
            self.cards.append(card)
        elif n:
            self.cards = [c for c in self.cards if c != card]

    def problem(self) -> str | None:
        """Why the pick cannot be confirmed yet, or None."""
        self._fresh()
        need = self.needed()
        if len(self.cards) != need:
            return f"choose {need - len(self.cards)} more card(s)" if len(self.cards) < need else "too many cards"
        return None

    def confirm(self) -> bool:
        """Discard the chosen cards (one engine action each); False (nothing discarded) if incomplete."""
        if self.problem() is not None:
            return False
        cards, self.cards = list(self.cards), []
        for card in cards:
            if not self._submit(Discard(card)):
                return False
        return True
