"""One seat's view as text, built from :func:`~japanese_swords.observation.observation` only: OpenSpiel's
observation strings and the single-seat environment's ``ansi`` rendering."""

from __future__ import annotations

from japanese_swords import cards as C
from japanese_swords.board import square_name
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.env import encoding
from japanese_swords.observation import Observation

__all__ = ["observation_text", "counts_text"]

_CODES = tuple(c.code for c in Card)


def counts_text(counts: list[int] | tuple[int, ...]) -> str:
    """Card counts as ``PF2 SP1 DA1`` (card order; cheaper than listing every card)."""
    return " ".join(f"{_CODES[c]}{n}" for c, n in enumerate(counts) if n)


def observation_text(obs: Observation, partial: tuple[Card, ...] | list[Card] = ()) -> str:
    """One seat's view as text (lines: turn, seats, armies, control, cards, battle), from ``obs`` only."""
    s = obs.state
    n = s.num_players
    order = "-" if s.order is None else ",".join(f"p{x + 1}" for x in s.order)
    turn = "-" if s.order is None else f"p{s.turn_player + 1}"
    lines = [f"p{obs.seat + 1} sees: round {s.round} phase {Phase(s.phase).name.lower()} "
             f"decision {encoding.decision_kind(obs)} turn {turn} order {order} "
             f"draws {s.draws_this_phase} honor_bought {s.honor_bought} upkeep_paid {int(s.upkeep_paid)}"]
    for seat in range(n):
        lines.append(f"p{seat + 1}: gold {s.gold[seat]} honor {s.honor[seat]} cards {obs.hand_sizes[seat]}"
                     + ("" if s.alive[seat] else " out"))
    armies = []
    for aid, a in sorted(s.armies.items(), key=lambda kv: kv[1].square):
        flags = "".join(f for f, on in (("m", aid in s.moved), ("a", aid in s.attacked), ("f", aid in s.marched))
                        if on)
        armies.append(f"{square_name(a.square)}:p{a.owner + 1}x{a.experience}{flags}")
    lines.append("armies " + " ".join(armies))
    control = {seat: [square_name(sq) for sq, o in enumerate(s.control) if o == seat] for seat in range(n)}
    lines.append("control " + " ".join(f"p{seat + 1}[{' '.join(sqs)}]" for seat, sqs in control.items()))
    lines.append(f"hand [{counts_text(obs.hand)}] discard [{counts_text(s.discard)}] "
                 f"deck {obs.deck_size}")
    b = s.battle
    if b is not None:
        def side(cards: tuple[Card, ...] | None, count: int) -> str:
            return "-" if cards is None and not count else f"[{C.format_cards(cards)}]" if cards else f"{count} hidden"
        lines.append(f"battle p{b.attacker_seat + 1} {side(b.attacker_cards, b.attacker_count)} vs "
                     f"p{b.defender_seat + 1} {side(b.defender_cards, b.defender_count)}")
    if partial:
        lines.append(f"building [{C.format_cards(list(partial))}]")
    if s.intrigue is not None:
        lines.append(f"intrigue p{s.intrigue[0] + 1} {s.intrigue[1]}")
    r = s.last_battle
    if r is not None:
        winner = "none" if r.winner is None else f"p{r.winner + 1}"
        lines.append(f"last battle p{r.attacker_seat + 1} [{C.format_cards(r.attacker_cards)}] vs "
                     f"p{r.defender_seat + 1} [{C.format_cards(r.defender_cards)}] winner {winner}")
    return "\n".join(lines)
