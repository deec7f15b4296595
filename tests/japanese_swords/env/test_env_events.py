"""The environment reports what each step did through ``infos[agent]["events"]``: the engine's events of
the step and of the chance after it, each agent seeing only its own dealt and committed cards."""

from __future__ import annotations

import random

from japanese_swords import events as E
from japanese_swords.env import raw_env


def test_each_step_reports_its_events_and_others_cards_stay_hidden() -> None:
    e = raw_env(map_name="classic-2p", max_rounds=20)
    e.reset(seed=5)
    opening = e.infos["player_0"]["events"]
    assert opening[0] == E.TurnStarted(e.engine_state.order[0], 1)  # the turn order, then the first turn
    rng = random.Random(5)
    seen: dict[str, set[type]] = {a: set() for a in e.possible_agents}
    dealt_to_self = 0
    for _ in range(3000):
        if all(e.terminations.values()):
            break
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        e.step(int(rng.choice(mask.nonzero()[0])))
        for a in e.agents:
            seat = e.possible_agents.index(a)
            for ev in e.infos[a]["events"]:
                seen[a].add(type(ev))
                if isinstance(ev, E.CardDealt):
                    if ev.seat == seat:
                        dealt_to_self += ev.card is not None
                    else:
                        assert ev.card is None
                if isinstance(ev, E.CardsCommitted) and ev.seat != seat:
                    assert ev.cards == ()
    assert dealt_to_self > 0
    assert {E.PhaseEnded, E.GoldChanged, E.CardDealt} <= seen["player_0"]
