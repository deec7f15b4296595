"""The client's log narrates what the sites, support and retreat-siege modules do (docs/variants.md)."""

from __future__ import annotations

from japanese_swords.actions import Support
from japanese_swords.app.client.narrate import describe
from tests.japanese_swords.modules.fields import battle_position
from tests.positions import place


def _log(state, text: str, actor: int, human: int = 0) -> list[str]:
    from japanese_swords.actions import parse_action

    action = parse_action(text)
    return describe(action, state.play(action), actor, human, state.game.board)


def test_supporters_and_their_pay_are_narrated():
    state = battle_position(("support",), "d4", "d5", "SW", "PF")
    place(state, 0, "c5")
    state.gold = [3, 0]
    _log(state, "attack d4 d5", 0)
    assert _log(state, "support 1", 0) == ["You pay 1 gold for 1 supporter(s): 1 more battle card(s)."]
    assert state.current_player() < 0  # the card is dealt next
    state.play(state.chance_outcomes()[0][0])
    _log(state, "commit SW", 0)
    lines = _log(state, "commit PF", 1)
    assert any("You earn 2 gold: the winner's supporters are paid back" in line for line in lines)
    assert describe(Support(0), (), 1, 0, state.game.board)[0].endswith(" pays for no supporters.")


def test_a_retreat_a_breach_and_a_sites_battle_without_a_winner_are_narrated():
    state = battle_position(("retreat-siege",), "d4", "d5", "SW", "PF", def_exp=1)
    _log(state, "attack d4 d5", 0)
    _log(state, "commit SW", 0)
    lines = _log(state, "commit PF", 1)
    assert any("beaten army retreats from d5 to d6 and loses 1 experience" in line for line in lines)
    state = battle_position(("retreat-siege",), "i8", "i9", "MS MS DA", "PF")
    _log(state, "attack i8 i9", 0)
    _log(state, "commit MS MS DA", 0)
    lines = _log(state, "commit PF", 1)
    assert any("home fortress at i9 is breached: the next win takes it" in line for line in lines)
    state = battle_position(("sites",), "d7", "d8", "SW", "SP")  # d8: a ridge
    _log(state, "attack d7 d8", 0)
    _log(state, "commit SW", 0)
    lines = _log(state, "commit SP", 1)
    assert any("battlefield's rule leaves it without a winner" in line for line in lines)


def test_site_honor_is_narrated():
    state = battle_position(("sites",), "d5", "h8")  # p1 stands on the pass
    state.play("end")
    lines: list[str] = []
    while state.turn_player == 1:
        lines += _log(state, "end", 1)
    assert "You gain 1 honor for the battlefield sites held." in lines


def test_hovering_a_site_or_a_breached_fortress_names_its_rule():
    from japanese_swords.app.client.presenter import module_square_lines
    from tests.positions import sq

    state = battle_position(("sites", "retreat-siege"), "d5", "h8")
    assert module_square_lines(state, sq("d8")) == [
        "Battlefield site - ridge: the attacker must win by 4 or nobody wins; +1 honor a turn to the army's owner"]
    assert module_square_lines(state, sq("e8")) == []
    state.breached.add(sq("i9"))
    assert module_square_lines(state, sq("i9")) == ["Breached: the next win here takes the fortress"]
    assert module_square_lines(battle_position((), "d5", "h8"), sq("d8")) == []
