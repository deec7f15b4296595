"""Building AI opponents: a level (easy, normal, hard) and a personality (balanced, or one of the
searcher's personalities, ``ai.mcts.personality``: the league's styles played by the search). Each is MCTS
at the level's budget with that personality, falling back to the league style's own rules, then greedy,
then random. A saved game names its opponents by agent spec; :func:`saved_choice` reads the level and
personality back, older saves' league-style specs included."""

from __future__ import annotations

from ai.agent import Agent, SpecError, make_agent, parse_spec
from ai.mcts.parallel import start_workers
from ai.mcts.personality import BALANCED, PERSONALITIES

DIFFICULTIES = ("easy", "normal", "hard")
__all__ = ["BALANCED", "DIFFICULTIES", "PERSONALITIES", "PERSONALITY_NOTES", "STYLE_SAMPLES", "candidate_specs",
           "make_opponent", "saved_choice", "start_opponents"]
STYLE_SAMPLES = {"easy": 4, "normal": 24, "hard": 96}
"""A league style's Monte Carlo samples per battle estimate at each level (the fallback's strength knob, and
how saves of the releases that offered the bare styles name the level)."""
PERSONALITY_NOTES = {
    BALANCED: "searches ahead (MCTS); the level sets its thinking time",
    "honor_racer": "searches ahead, racing to 50 honor and shunning battles",
    "rusher": "searches ahead with many armies marching on your fortress",
    "turtle": "searches ahead, holding its fortress and the keeps near home",
    "hoarder": "searches ahead with a big hand, Diplomacy against big attacks",
}
"""One line per personality for the table screen (a personality missing here shows its name only)."""


def candidate_specs(difficulty: str, personality: str = BALANCED) -> list[str]:
    """Agent specs to try for a level and personality, strongest-intended first (the search on every core
    while the player waits: ``threads=0``, ai.mcts.parallel); SpecError in one line for an unknown one."""
    if difficulty not in DIFFICULTIES:
        raise SpecError(f"unknown difficulty {difficulty!r} (choose easy, normal or hard)")
    if personality not in PERSONALITIES:
        raise SpecError(f"unknown personality {personality!r} (choose {', '.join(PERSONALITIES)})")
    search = f"mcts:difficulty={difficulty}:threads=0"
    if personality == BALANCED:
        return [search, "greedy", "random"]
    return [f"{search}:personality={personality}", f"{personality}:samples={STYLE_SAMPLES[difficulty]}",
            "greedy", "random"]


def make_opponent(difficulty: str, personality: str = BALANCED) -> Agent:
    """The first agent in :func:`candidate_specs` that can be built (its ``name`` is the spec used)."""
    errors = []
    for spec in candidate_specs(difficulty, personality):
        try:
            return make_agent(spec)
        except SpecError as exc:
            errors.append(str(exc))
    raise SpecError("no AI opponent available: " + "; ".join(errors))


def start_opponents(agents: list) -> None:
    """Start the worker processes of a game's searching opponents, so they are ready while the player plays
    its first turn; only when a game starts (a loaded save or a hint's searcher starts none)."""
    for agent in agents:
        if agent is not None:
            start_workers(agent)


def saved_choice(spec: str) -> tuple[str, str] | None:
    """(level, personality) of a saved seat's agent spec: the searcher's at a level
    (``mcts:difficulty=D``, with or without ``personality=P``) or an older save's league style
    (``rusher:samples=96``: the searcher's rusher at the level those samples stood for); None for any other
    agent (greedy, a program, a searcher at a fixed budget), which a new game's default replaces. SpecError
    in one line for a spec naming an unknown level or personality."""
    name, options = parse_spec(spec)
    if name == "mcts" and "difficulty" in options:
        level, personality = str(options["difficulty"]), str(options.get("personality", BALANCED))
    elif name in PERSONALITIES[1:]:
        samples = str(options.get("samples", STYLE_SAMPLES["normal"]))
        level = next((lv for lv, n in STYLE_SAMPLES.items() if str(n) == samples), "normal")
        personality = name
    else:
        return None
    candidate_specs(level, personality)  # refuses an unknown level or personality in one line
    return level, personality
