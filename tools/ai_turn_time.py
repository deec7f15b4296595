"""Measure how long an AI takes per decision and per whole turn of its own (wall clock).

Plays one game (or a few) of AGENT against OPPONENT and times every call to the agent, grouping the calls
made during the agent's own turns. Prints medians and maxima, and for a searching agent (one with
``last_iterations``) the median number of iterations (leaves) of the decisions it searched, e.g.::

    python tools/ai_turn_time.py --agent mcts:difficulty=normal --opponent greedy --turns 20 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from ai.agent import SpecError, make_agent
from ai.match import agent_rng
from japanese_swords.actions import Accept, Decline
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import decision, initial_state
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation


def measure(agent_spec: str, opponent_spec: str, turns: int, seed: int, map_name: str) -> dict:
    """Play until the agent has had ``turns`` turns (over as many games as needed); return timings."""
    agent = make_agent(agent_spec)
    opponent = make_agent(opponent_spec)
    board = load_map(map_name)
    game = Game(board, Rules(max_rounds=150))
    decisions: list[float] = []
    searched: list[int] = []  # iterations (leaves) of each decision the agent searched
    turn_times: list[float] = []
    g = 0
    while len(turn_times) < turns:
        chance = random.Random(seed + g)
        rngs = [agent_rng(seed + g, s) for s in range(board.players)]
        ai_seat = g % board.players
        agents = [agent if s == ai_seat else opponent for s in range(board.players)]
        state = initial_state(game)
        current: tuple[int, int] | None = None
        spent = 0.0
        while not state.is_terminal() and len(turn_times) < turns:
            seat = state.current_player()
            if seat == CHANCE:
                state.apply(sample_chance(state, chance))
                continue
            obs = observation(state, seat)
            if decision(state) == "reply":
                ok, _ = agents[seat].respond_to_trade(obs, state.offer, rngs[seat])  # type: ignore[attr-defined]
                state.play(Accept() if ok else Decline())
                continue
            key = (state.round, state.turn_player)
            if key != current:
                if current is not None and current[1] == ai_seat:
                    turn_times.append(spent)
                current, spent = key, 0.0
            if seat == ai_seat and hasattr(agent, "last_iterations"):
                agent.last_iterations = 0
            t0 = time.perf_counter()
            action = agents[seat].choose(obs, state.legal_actions(), rngs[seat])
            dt = time.perf_counter() - t0
            if seat == ai_seat:
                decisions.append(dt)
                if getattr(agent, "last_iterations", 0) > 0:
                    searched.append(agent.last_iterations)
                if state.turn_player == ai_seat:
                    spent += dt
            state.play(action)
        g += 1
    return {
        "agent": agent_spec, "opponent": opponent_spec, "turns": len(turn_times), "games": g,
        "turn_median_s": statistics.median(turn_times), "turn_max_s": max(turn_times),
        "decisions": len(decisions), "decision_median_s": statistics.median(decisions),
        "decision_max_s": max(decisions), "searched": len(searched),
        "search_median_iterations": statistics.median(searched) if searched else 0,
    }


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: parse options, measure, print (one-line errors, exit 2)."""
    p = argparse.ArgumentParser(description="Time an AI's decisions and whole turns.")
    p.add_argument("--agent", default="mcts:difficulty=normal")
    p.add_argument("--opponent", default="greedy")
    p.add_argument("--turns", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--map", default="classic-2p")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.turns < 1:
        print("ai_turn_time: --turns must be >= 1", file=sys.stderr)
        return 2
    try:
        result = measure(args.agent, args.opponent, args.turns, args.seed, args.map)
    except (SpecError, JapaneseSwordsError) as exc:
        print(f"ai_turn_time: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['agent']} vs {result['opponent']}: "
              f"{result['turns']} turns in {result['games']} game(s)")
        print(f"whole turn: median {result['turn_median_s']:.3f} s, max {result['turn_max_s']:.3f} s")
        print(f"decision: median {result['decision_median_s']:.3f} s, max {result['decision_max_s']:.3f} s "
              f"over {result['decisions']} decisions")
        if result["searched"]:
            print(f"search: median {result['search_median_iterations']:g} iterations over "
                  f"{result['searched']} searched decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
