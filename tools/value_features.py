"""Score candidate leaf-value features on held-out games: does a position say more than the shipped ones?

Plays seeded games with the value fit's generator (:func:`ai.value_fit.generate`), describes each sampled
position by the shipped features (:data:`ai.value_fit.FEATURES`) plus the candidates below, each a
difference with the seat's strongest rival like the shipped ones, and fits the logistic value with the
shipped features alone, with each candidate added, and with all of them. Every fit is scored on the same
held-out games (every fourth, as :func:`ai.value_fit.fit_and_report`) next to the shipped model, e.g.::

    python tools/value_features.py --games 360 --seed 5 \\
        --matchups M,M M,greedy M,honor_racer M,rusher M,turtle M,hoarder     # M = mcts:iterations=30
"""

from __future__ import annotations

import argparse
import json
import sys

import numpy as np

from ai.agent import SpecError
from ai.value_fit import (
    FEATURES,
    accuracy,
    add_sample_arguments,
    arrays,
    features,
    fit_scaled,
    generate,
    heldout_games,
    hop_distances,
    load_weights,
    log_loss,
    parse_matchups,
    predict,
    progress_printer,
    sample_arguments_problem,
    strongest_rival,
)
from japanese_swords.cards import Card
from japanese_swords.engine import State
from japanese_swords.errors import JapaneseSwordsError

#: Candidate per-seat numbers; a sample holds each as the seat's number minus its strongest rival's.
CANDIDATES: tuple[str, ...] = (
    "best7",  # force of the 7 strongest battle cards in hand (soldiers, Daimyo, Ninja, Tactics)
    "diplomacy",  # Diplomacy cards in hand
    "daimyo",  # Daimyo cards in hand
    "treachery",  # Treachery cards in hand
    "near_home",  # own armies within 3 steps of the own home fortress
    "threatened",  # other seats' armies within 3 steps of the own home fortress
    "best_experience",  # experience of the most experienced army
    "honor_over_45",  # honor beyond 45 (50 wins)
    "gold_30",  # gold, capped at 30 (the shipped feature caps it at 10)
    "much_honor",  # Much Honor cards in hand (4 honor each in the holder's next honor phase)
)
_BATTLE = tuple(c for c in Card if c.is_soldier or c in (Card.DAIMYO, Card.NINJA, Card.TACTICS))


def candidate_stats(state: State, seat: int) -> list[float]:
    """The seat's raw numbers for :data:`CANDIDATES`, in that order."""
    hand = state.hands[seat]
    forces = sorted((min(c.force, 8) for c in _BATTLE for _ in range(hand[c])), reverse=True)
    home = hop_distances(state.game.board.terrain, state.game.board.fortresses[seat])
    near = sum(1 for a in state.armies.values() if a.owner == seat and home[a.square] <= 3)
    threatened = sum(1 for a in state.armies.values() if a.owner != seat and home[a.square] <= 3)
    best_exp = max((a.experience for a in state.armies.values() if a.owner == seat), default=0)
    return [float(sum(forces[:7])), float(hand[Card.DIPLOMACY]), float(hand[Card.DAIMYO]),
            float(hand[Card.TREACHERY]), float(near), float(threatened), float(best_exp),
            float(max(0, state.honor[seat] - 45)), float(min(state.gold[seat], 30)),
            float(hand[Card.MUCH_HONOR])]


def describe(state: State, seat: int) -> list[float]:
    """The shipped features followed by the candidates' differences with the strongest rival."""
    rival = strongest_rival(state, seat)
    extra = [a - b for a, b in zip(candidate_stats(state, seat), candidate_stats(state, rival), strict=True)]
    return features(state, seat) + extra


def score_fits(x: np.ndarray, y: np.ndarray, games: np.ndarray, l2: float = 1e-3) -> dict[str, dict]:
    """Held-out log-loss and accuracy of the shipped model and of fits on the shipped features, each
    candidate added, and all candidates; columns of ``x`` are FEATURES then CANDIDATES."""
    test = heldout_games(games)
    if not test.any() or test.all():
        raise ValueError("need games both held out and trained on (every fourth is held out)")
    base = list(range(len(FEATURES)))
    extra = {name: len(FEATURES) + i for i, name in enumerate(CANDIDATES)}
    shipped = load_weights()
    p = np.array([shipped.value_of(list(row[: len(FEATURES)])) for row in x[test]])
    out = {"shipped model": {"logloss": log_loss(p, y[test]), "accuracy": accuracy(p, y[test])}}
    fits = {"refit": base, **{f"+{n}": [*base, i] for n, i in extra.items()},
            "+all": [*base, *extra.values()]}
    for label, cols in fits.items():
        w, scale = fit_scaled(x[:, cols], y, ~test, l2=l2)
        p = predict(x[test][:, cols], w, scale)
        out[label] = {"logloss": log_loss(p, y[test]), "accuracy": accuracy(p, y[test])}
    return out


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, play the games, print the table (or JSON)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_sample_arguments(p, games=360)
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = p.parse_args(argv)
    problem = sample_arguments_problem(args)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    try:
        matchups = parse_matchups(args.matchups)
        samples = generate(args.games, args.seed, matchups, args.maps, args.keep, args.max_rounds,
                           progress_printer(), describe=describe)
        x, y, _heuristic, g = arrays(samples)
        report = score_fits(x, y, g)
    except (SpecError, JapaneseSwordsError, ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    heldout = int(heldout_games(g).sum())
    if args.json:
        print(json.dumps({"games": args.games, "positions": len(y), "heldout_positions": heldout,
                          "fits": report}, indent=1))
        return 0
    print(f"{args.games} games, {len(y)} seat-positions, {heldout} held out")
    print(f"{'fit':18s} {'log-loss':>9s} {'accuracy':>9s}")
    for label, row in report.items():
        print(f"{label:18s} {row['logloss']:9.4f} {row['accuracy']:9.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
