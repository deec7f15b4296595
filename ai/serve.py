"""The player's side of the JSON-lines protocol for our own agents: ``japanese-swords serve-agent SPEC``.

Reads the engine's messages from ``inp``, rebuilds the seat's Observation and legal actions from them, asks
a fresh agent per game (built from SPEC) and writes the answers to ``out``. A bad message gets one line on
``err`` naming its line number and an ``{"type": "error"}`` answer, and serving goes on; end of input or
``quit`` ends it.
"""

from __future__ import annotations

import random
from typing import TextIO

from ai.agent import Agent, make_agent, respond_to_trade
from japanese_swords import protocol as P
from japanese_swords.actions import Offer
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.game import Game


def serve(spec: str, inp: TextIO, out: TextIO, err: TextIO) -> int:
    """Serve the agent ``spec`` until ``quit`` or the end of input; returns the exit status (0)."""
    make_agent(spec)  # a bad spec fails here, before the engine says hello
    game: Game | None = None
    agent: Agent | None = None
    rng = random.Random(0)
    for number, line in enumerate(iter(lambda: inp.readline(P.MAX_LINE + 2), ""), start=1):
        if not line.strip():
            continue
        where = f"line {number}"
        try:
            msg = P.decode(line, P.ENGINE_MESSAGES, where)
            kind = msg["type"]
            if kind == "quit":
                break
            if kind == "hello":
                reply: P.Message = {"type": "ready", "name": spec}
            elif kind == "new_game":
                game, _seat, seed = P.game_of(msg, where)
                agent, rng = make_agent(spec), random.Random(seed)
                continue
            elif game is None or agent is None:
                raise P.ProtocolError(f"{where}: {kind} before new_game")
            else:
                obs = P.observation_of(game, msg.get("observation"), where)
                ident = msg.get("id")
                if kind == "choose":
                    legal = P.actions_of(msg.get("legal"), where)
                    reply = {"type": "action", "id": ident, "action": str(agent.choose(obs, legal, rng))}
                else:
                    offer = P.actions_of([P.field(msg, "offer", str, where)], where)[0]
                    if not isinstance(offer, Offer):
                        raise P.ProtocolError(f"{where}: trade needs an offer, got {str(offer)!r}")
                    ok, why = respond_to_trade(agent, obs, offer, rng)
                    reply = {"type": "reply", "id": ident, "accept": bool(ok), "reason": why}
        except JapaneseSwordsError as exc:
            text = " ".join(str(exc).split())
            print(f"serve-agent: error: {text}", file=err, flush=True)
            reply = {"type": "error", "message": text}
        out.write(P.encode(reply))
        out.flush()
    return 0
