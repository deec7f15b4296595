"""AI-strength benchmark: round-robin tournaments with paired games, Elo with 95% intervals, a
Bradley-Terry rating list and a fishtest-style SPRT (see docs/benchmark.md).

Modules: :mod:`schedule` (lineups, seat rotation, seeds), :mod:`games` (one game, crashes caught),
:mod:`runner` (process pool or Ray, progress, SPRT stop, Ctrl-C), :mod:`workers` (the local pool),
:mod:`raypool` (Ray tasks), :mod:`tally` (W/D/L, pentanomials), :mod:`stats` (Elo, intervals, LOS, rating
fit), :mod:`ranking` (finishing orders, OpenSkill), :mod:`sprt`, :mod:`report` (table, JSON, CSV),
:mod:`plot` (PNG, optional matplotlib), :mod:`progress` (tqdm), :mod:`cli`.
"""

from ai.tournament.runner import TournamentConfig, TournamentError, TournamentResult, run_tournament
from ai.tournament.sprt import SprtConfig, parse_sprt
from ai.tournament.stats import elo_from_score, estimate, fit_ratings, score_from_elo

__all__ = ["TournamentConfig", "TournamentError", "TournamentResult", "run_tournament", "SprtConfig",
           "parse_sprt", "elo_from_score", "score_from_elo", "estimate", "fit_ratings"]
