"""A worker process of :mod:`ai.mcts.parallel`: ``python -m ai.mcts.parallel_worker``.

Reads JSON lines on stdin: ``hello`` (the agent's knobs: it builds the agent, prepares the compiled code
and answers ``ready``), ``search`` (one share of a root search: it answers ``stats``) and ``quit``; the end
of input (the parent gone) also ends it. A message it cannot serve gets ``{"type": "error"}`` naming why.
"""

from __future__ import annotations

import signal
import sys
import time
from typing import Any, TextIO

from ai.batch.policy import RolloutPolicy
from ai.mcts.bot import MCTSAgent
from ai.mcts.parallel import run_share, stats_json
from ai.mcts.personality import TiltedEvaluator
from japanese_swords import protocol as P
from japanese_swords.actions import parse_action
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.game import Game, Rules
from japanese_swords.maps import parse_map


class Server:
    """The worker's agent and the games it has seen (parsed once per map and rules)."""

    def __init__(self) -> None:
        self.agent: MCTSAgent | None = None
        self.games: dict[str, Game] = {}

    def hello(self, msg: dict[str, Any]) -> dict[str, Any]:
        """Build the agent from the parent's knobs and load (or compile) the simulator's code."""
        from ai.warmup import prepare

        self.agent = MCTSAgent(**msg["config"])
        prepare()
        return {"type": "ready"}

    def game(self, msg: dict[str, Any]) -> Game:
        key = msg["map"] + "\n" + P.encode(msg["rules"])
        if key not in self.games:
            self.games[key] = Game(parse_map(msg["map"], "<search map>"), Rules.from_json(msg["rules"]))
        return self.games[key]

    def search(self, msg: dict[str, Any]) -> dict[str, Any]:
        """One share: the parent's decision settings copied, the root search run, its statistics."""
        start = time.perf_counter()
        agent = self.agent
        if agent is None:
            raise ValueError("search before hello")
        obs = P.observation_of(self.game(msg), msg["observation"], "search")
        opts = [(key, parse_action(text)) for key, text in msg["options"]]
        agent._seat = obs.seat
        agent._fit_rollouts(obs)
        if isinstance(agent.evaluator, TiltedEvaluator):
            agent.evaluator.seat = obs.seat  # a personality's tilt is our seat's
        if agent.evaluator.name == "batch":
            knobs = msg["knobs"]
            agent.evaluator.policy = None if knobs is None else tuple(RolloutPolicy(**k) for k in knobs)
        agent.expand_visits, agent.unprune_step = msg["steps"]
        tree = msg.get("tree_styles")
        agent.set_tree_styles(None if tree is None else tuple(tree))
        _root, stats = run_share(agent, obs, opts, int(msg["seed"]), start, msg["budget"], msg["prior"],
                                 msg["iterations"])
        return stats_json(opts, stats, agent.last_share_cpu)  # type: ignore[attr-defined]


def serve(inp: TextIO, out: TextIO) -> int:
    """Answer the parent's messages until ``quit`` or the end of input; returns the exit status."""
    server = Server()
    for line in iter(inp.readline, ""):
        if not line.strip():
            continue
        try:
            msg = P.decode(line, {"hello": "ready", "search": "stats", "quit": None}, "search worker")
            if msg["type"] == "quit":
                break
            reply = server.hello(msg) if msg["type"] == "hello" else server.search(msg)
        except (JapaneseSwordsError, KeyError, TypeError, ValueError) as exc:
            reply = {"type": "error", "message": f"{type(exc).__name__}: {exc}"[:300]}
        out.write(P.encode(reply))
        out.flush()
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; it stops the workers
    _out, sys.stdout = sys.stdout, sys.stderr  # stray prints must not break the message stream
    sys.exit(serve(sys.stdin, _out))
