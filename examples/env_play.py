"""Play Japanese Swords through the PettingZoo environment: a masked-random policy against our MCTS.

Nothing is trained: this shows how an outside agent plugs in (indices and the action mask only) and how
an agent that wants the engine's objects (our ``mcts``) uses the masked observation and turns its chosen
action into environment steps. Needs ``pip install 'japanese-swords[env]'`` (run from a checkout or an
installed package)::

    python examples/env_play.py --map classic-2p --games 2 --seed 1 --mcts mcts:iterations=20
    python examples/env_play.py --map onin-4p --players random,mcts:iterations=8,random,greedy --games 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.append(str(Path(__file__).resolve().parent.parent))  # lets a bare checkout run it uninstalled

from ai.agent import Agent, make_agent  # noqa: E402
from japanese_swords.env import raw_env  # noqa: E402
from japanese_swords.env.aec import JapaneseSwordsEnv  # noqa: E402


class MaskedRandom:
    """An outside agent: sees only the observation dict and picks a uniformly random allowed index."""

    name = "random-index"

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, obs: dict[str, np.ndarray]) -> int:
        return int(self.rng.choice(np.flatnonzero(obs["action_mask"])))


class EngineAgent:
    """One of our agents (``mcts``, ``greedy``...) playing through the env: it reads the masked engine
    observation, chooses an engine action, and plays it as one or more indices (a battle commitment is
    built card by card)."""

    def __init__(self, spec: str, seed: int) -> None:
        self.agent: Agent = make_agent(spec)
        self.name = spec
        self.rng = random.Random(seed)
        self.queue: list[int] = []

    def act_in(self, env: JapaneseSwordsEnv, agent_id: str) -> int:
        if not self.queue:
            action = self.agent.choose(env.masked_observation(agent_id), env.legal_engine_actions(agent_id),
                                       self.rng)
            self.queue = env.action_steps(agent_id, action)
        return self.queue.pop(0)


def play(env: JapaneseSwordsEnv, players: list[MaskedRandom | EngineAgent], seed: int) -> dict[str, float]:
    """One episode; returns each agent's total reward."""
    env.reset(seed=seed)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent_id in env.agent_iter():
        obs, reward, terminated, truncated, _info = env.last()
        totals[agent_id] += reward
        if terminated or truncated:
            env.step(None)
            continue
        p = players[env.possible_agents.index(agent_id)]
        action = p.act(obs) if isinstance(p, MaskedRandom) else p.act_in(env, agent_id)
        assert obs["action_mask"][action], f"{p.name} chose a masked action"
        env.step(action)
    return totals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Masked-random policy and MCTS through the PettingZoo env.")
    parser.add_argument("--map", default="classic-2p", help="shipped map name or map file")
    parser.add_argument("--players", default=None,
                        help="one per seat: 'random' (masked-random indices) or an agent spec; "
                             "default: random then --mcts, then random for further seats")
    parser.add_argument("--mcts", default="mcts:iterations=20", help="the MCTS spec of the default line-up")
    parser.add_argument("--games", type=int, default=2, help="episodes (seats swap each game)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first episode")
    parser.add_argument("--max-rounds", type=int, default=100, help="a game still running after this is a draw")
    args = parser.parse_args(argv)
    env = raw_env(map_name=args.map, max_rounds=args.max_rounds)
    n = len(env.possible_agents)
    specs = args.players.split(",") if args.players else (["random", args.mcts] + ["random"] * n)[:n]
    if len(specs) != n:
        parser.error(f"--players needs {n} entries for {args.map}, got {len(specs)}")
    wins = {spec: 0.0 for spec in specs}
    for g in range(args.games):
        lineup = specs[g % n:] + specs[:g % n]  # rotate the seats
        players = [MaskedRandom(args.seed + g * 10 + s) if spec == "random" else EngineAgent(spec, args.seed + g)
                   for s, spec in enumerate(lineup)]
        start = time.monotonic()
        totals = play(env, players, args.seed + g)
        st = env.engine_state
        result = "draw" if st.winner is None else f"winner p{st.winner + 1} ({lineup[st.winner]})"
        print(f"game {g + 1}: seats {', '.join(lineup)}: {result} after {st.round} rounds; rewards "
              f"{', '.join(f'{v:+g}' for v in totals.values())} ({time.monotonic() - start:.1f} s)")
        if st.winner is not None:
            wins[lineup[st.winner]] += 1
    print("wins: " + ", ".join(f"{k} {v:g}" for k, v in wins.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
