"""``serve-agent``: our agents answer the protocol's messages, and bad messages get one line each."""

from __future__ import annotations

import io
import json
import random

from ai.agent import make_agent
from ai.serve import serve
from japanese_swords import protocol as P
from japanese_swords.game import Game
from japanese_swords.maps import load_map
from japanese_swords.observation import observation
from tests.protocol.test_messages import _states


def _serve(spec: str, messages: list[str]) -> tuple[int, list[dict], list[str]]:
    out, err = io.StringIO(), io.StringIO()
    code = serve(spec, io.StringIO("".join(messages)), out, err)
    return code, [json.loads(line) for line in out.getvalue().splitlines()], err.getvalue().splitlines()


def test_served_greedy_answers_as_greedy_does_in_process() -> None:
    """Same observation, same seed: the served agent picks what the in-process agent picks."""
    game = Game(load_map("classic-2p"))
    states = [s.clone() for _g, s in _states(3, "classic-2p", 300)][::15]
    messages = [P.encode(P.hello())]
    expected = []
    for k, state in enumerate(states):
        seat = state.current_player()
        obs, legal = observation(state, seat), state.legal_actions()
        messages += [P.encode(P.new_game(game, seat, k)), P.encode(P.choose(k, obs, legal))]
        expected.append(str(make_agent("greedy").choose(obs, legal, random.Random(k))))
    code, replies, errors = _serve("greedy", messages + [P.encode({"type": "quit"}), "never read\n"])
    assert code == 0 and errors == []
    assert replies[0] == {"type": "ready", "name": "greedy"}
    assert [r["action"] for r in replies[1:]] == expected and [r["id"] for r in replies[1:]] == list(
        range(len(states)))


def test_bad_messages_get_one_line_each_and_serving_goes_on() -> None:
    game = Game(load_map("classic-2p"))
    (_g, state), *_ = _states(1, "classic-2p", 50)
    obs = observation(state, state.current_player())
    choose = P.encode(P.choose(1, obs, state.legal_actions()))
    code, replies, errors = _serve("random", [
        P.encode(P.hello()), "not json\n", choose,  # choose before new_game
        P.encode(P.new_game(game, state.current_player(), 4)), '{"type": "choose", "id": 2, "legal": ["end"]}\n',
        choose])
    assert code == 0
    assert [r["type"] for r in replies] == ["ready", "error", "error", "error", "action"]
    assert errors[0].startswith("serve-agent: error: line 2: not JSON")
    assert errors[1] == "serve-agent: error: line 3: choose before new_game"
    assert errors[2].startswith("serve-agent: error: line 5: observation must be an object")
    assert len(errors) == 3 and replies[-1]["action"] in {str(a) for a in state.legal_actions()}


def test_a_trade_gets_a_reply() -> None:
    game = Game(load_map("classic-2p"))
    (_g, state), *_ = _states(1, "classic-2p", 50)
    obs = observation(state, 1)
    offer = P.actions_of(["offer p2 give 1g get 1h"], "x")[0]
    code, replies, errors = _serve("greedy", [P.encode(P.new_game(game, 1, 0)), P.encode(P.trade(5, obs, offer))])
    assert code == 0 and errors == []
    (reply,) = replies
    assert reply["type"] == "reply" and reply["id"] == 5 and isinstance(reply["accept"], bool)
