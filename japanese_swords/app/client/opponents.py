"""Building AI opponents for a difficulty: MCTS if available, else greedy, else random."""

from __future__ import annotations

from ai.agent import Agent, SpecError, make_agent

DIFFICULTIES = ("easy", "normal", "hard")


def candidate_specs(difficulty: str) -> list[str]:
    """Agent specs to try for a difficulty, strongest-intended first (the search's simulator on every core
    while the player waits: ``threads=0``)."""
    if difficulty not in DIFFICULTIES:
        raise SpecError(f"unknown difficulty {difficulty!r} (choose easy, normal or hard)")
    return [f"mcts:difficulty={difficulty}:threads=0", "greedy", "random"]


def make_opponent(difficulty: str) -> Agent:
    """The first agent in :func:`candidate_specs` that can be built (its ``name`` is the spec used)."""
    errors = []
    for spec in candidate_specs(difficulty):
        try:
            return make_agent(spec)
        except SpecError as exc:
            errors.append(str(exc))
    raise SpecError("no AI opponent available: " + "; ".join(errors))
