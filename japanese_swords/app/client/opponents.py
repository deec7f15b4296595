"""Building AI opponents: a level (easy, normal, hard) and a personality (balanced, or one of the
league's styles, ``ai.league.LEAGUE``). Balanced is MCTS at the level's budget, falling back to greedy,
then random; a league style plays by its own rules, the level setting how many sampled worlds its
battle estimates take."""

from __future__ import annotations

from ai.agent import Agent, SpecError, make_agent
from ai.league import LEAGUE
from ai.mcts.parallel import start_workers

DIFFICULTIES = ("easy", "normal", "hard")
BALANCED = "balanced"
PERSONALITIES: tuple[str, ...] = (BALANCED, *LEAGUE)
"""Every personality a table offers: balanced (the search) and the league's styles."""
STYLE_SAMPLES = {"easy": 4, "normal": 24, "hard": 96}
"""A league style's Monte Carlo samples per battle estimate at each level (its only strength knob)."""
PERSONALITY_NOTES = {
    BALANCED: "searches ahead (MCTS); the level sets its thinking time",
    "honor_racer": "races to 50 honor, avoids battles that could cost honor",
    "rusher": "raises many armies and marches on the nearest enemy fortress",
    "turtle": "holds its fortress and nearby keeps, strikes only near home",
    "hoarder": "keeps a big hand, fights few battles, answers big attacks with Diplomacy",
}
"""One line per personality for the table screen (a style missing here shows its name only)."""


def candidate_specs(difficulty: str, personality: str = BALANCED) -> list[str]:
    """Agent specs to try for a level and personality, strongest-intended first (the search on every core
    while the player waits: ``threads=0``, ai.mcts.parallel)."""
    if difficulty not in DIFFICULTIES:
        raise SpecError(f"unknown difficulty {difficulty!r} (choose easy, normal or hard)")
    if personality not in PERSONALITIES:
        raise SpecError(f"unknown personality {personality!r} (choose {', '.join(PERSONALITIES)})")
    if personality != BALANCED:
        return [f"{personality}:samples={STYLE_SAMPLES[difficulty]}", "greedy", "random"]
    return [f"mcts:difficulty={difficulty}:threads=0", "greedy", "random"]


def make_opponent(difficulty: str, personality: str = BALANCED) -> Agent:
    """The first agent in :func:`candidate_specs` that can be built (its ``name`` is the spec used)."""
    errors = []
    for spec in candidate_specs(difficulty, personality):
        try:
            return start_workers(make_agent(spec))  # its worker processes start while the player plays
        except SpecError as exc:
            errors.append(str(exc))
    raise SpecError("no AI opponent available: " + "; ".join(errors))
