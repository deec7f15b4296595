"""Rule modules of both sets combined (docs/variants.md, "Modules together"): a site's rule judges the
battle's totals with ronin, and a retreating army keeps its ronin."""

from __future__ import annotations

from japanese_swords.events import ArmyRetreated
from tests.japanese_swords.modules.fields import battle_position, fight
from tests.positions import sq


def test_a_ridge_counts_the_defenders_ronin_in_the_attackers_margin():
    state = battle_position(("ronin", "sites"), "d7", "d8", "SW", "SP")  # d8 is a ridge: 7 against 4
    state.ronin[state.occupant[sq("d8")]] = 1  # +3: 7 against 7, a tie the defender wins
    report = fight(state, "d7", "d8", "SW", "SP").last_battle
    assert report.defender_modifier == 3 and report.winner == 1
    plain = fight(battle_position(("ronin", "sites"), "d7", "d8", "SW", "SP"), "d7", "d8", "SW", "SP")
    assert plain.last_battle.winner is None  # without the ronin: ahead by 3, nobody wins


def test_a_ridge_counts_the_attackers_ronin():
    state = battle_position(("ronin", "sites"), "d7", "d8", "SW", "SP")
    state.ronin[state.occupant[sq("d7")]] = 1  # 10 against 4: ahead by 6
    assert fight(state, "d7", "d8", "SW", "SP").last_battle.winner == 0


def test_a_retreating_defender_keeps_its_ronin():
    state = battle_position(("retreat-siege", "ronin"), "e4", "e5", "MS", "PF", def_exp=1)
    aid = state.occupant[sq("e5")]
    state.ronin[aid] = 1  # 9 against 3 + 1 + 3: still beaten
    events = state.play("attack e4 e5")
    events += state.play("commit MS") + state.play("commit PF")
    moved = [e for e in events if isinstance(e, ArmyRetreated)]
    assert moved and moved[0].army == aid and state.ronin == {aid: 1}
    assert state.armies[aid].square == moved[0].dst != sq("e5")

