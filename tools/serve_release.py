"""Serve an agent of an older release (a checkout without ``serve-agent``) over the JSON-lines protocol.

Imports the old ``japanese_swords`` and ``ai`` packages from the checkout given, so it speaks the protocol
(docs/protocol.md) with only their APIs (State.from_json, parse_map, parse_action, make_agent), none of the
current code. Run it with a Python that does not see the current checkout (an editable install's import
hook would win over ``sys.path``), e.g. a venv made for the old checkout::

    python tools/release_tags.py          # the tags the docs name, where this copy lacks them
    git worktree add /tmp/v040 v0.4.0
    python3 -m venv --without-pip /tmp/v040/.venv
    echo "$PWD/.venv/lib/python3.11/site-packages" > /tmp/v040/.venv/lib/python3.11/site-packages/deps.pth
    japanese-swords bench --agents "mcts:iterations=100,cmd:/tmp/v040/.venv/bin/python \\
        tools/serve_release.py /tmp/v040 mcts:iterations=100" --games 20

(The .pth line lends the old code the dependencies; .pth files in that folder are not run, so the current
editable install stays out.)
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    """``serve_release.py CHECKOUT SPEC``: answer the engine's messages until quit or end of input."""
    if len(argv) != 2 or not (Path(argv[0]) / "japanese_swords" / "__init__.py").is_file():
        print("usage: serve_release.py CHECKOUT SPEC (CHECKOUT: a folder holding japanese_swords/)", file=sys.stderr)
        return 2
    checkout, spec = str(Path(argv[0]).resolve()), argv[1]
    sys.path.insert(0, checkout)
    import japanese_swords
    from ai.agent import make_agent, respond_to_trade
    from japanese_swords.actions import parse_action
    try:  # 0.4.0 and later: the engine's door; earlier releases: the state module
        from japanese_swords.engine import State
    except ImportError:
        from japanese_swords.state import State  # type: ignore[no-redef]
    from japanese_swords.game import Game, Rules
    from japanese_swords.maps import parse_map
    from japanese_swords.observation import Observation
    if not japanese_swords.__file__.startswith(checkout):
        print(f"serve_release.py: imported {japanese_swords.__file__}, not the checkout's: run it with a Python "
              "that does not see the current install (this file's docstring)", file=sys.stderr)
        return 2
    make_agent(spec)
    game = agent = None
    rng = random.Random(0)
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "quit":
            break
        if kind == "hello":
            reply = {"type": "ready", "name": f"{spec} from {checkout}"}
        elif kind == "new_game":
            game = Game(parse_map(msg["map"]), Rules.from_json(msg["rules"]))
            agent, rng = make_agent(spec), random.Random(msg["seed"])
            continue
        else:
            o = msg["observation"]
            obs = Observation(o["seat"], State.from_json(game, o["state"]), tuple(o["hand_sizes"]), o["deck_size"],
                              tuple(o["unseen"]), o["hidden_commitment"])
            if kind == "choose":
                legal = [parse_action(t) for t in msg["legal"]]
                reply = {"type": "action", "id": msg["id"], "action": str(agent.choose(obs, legal, rng))}
            else:
                ok, why = respond_to_trade(agent, obs, parse_action(msg["offer"]), rng)
                reply = {"type": "reply", "id": msg["id"], "accept": bool(ok), "reason": why}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
