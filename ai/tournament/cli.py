"""Command line of the AI-strength benchmark (``tools/benchmark_ai.py`` is a thin wrapper around main).

Bad arguments give one line on stderr and exit status 2; Ctrl-C writes the partial results and exits
with 130. Output paths are checked before the first game, so a long run is never lost to a typo.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from ai.mcts.evaluator import VALUES
from ai.tournament.plot import PlotUnavailable, plot_summary, require_matplotlib
from ai.tournament.progress import ProgressPrinter
from ai.tournament.report import atomic_write, format_table, summarize, to_csv, to_json
from ai.tournament.runner import BACKENDS, TournamentConfig, TournamentError, run_tournament
from ai.tournament.schedule import parse_sweep
from ai.tournament.sprt import SprtSpecError, parse_sprt
from ai.warmup import announce_for
from japanese_swords.argtypes import OneLineParser, positive_int, whole_int
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.fileio import check_output_dir, check_output_file, describe_os_error
from japanese_swords.mapcheck import load_playable_map
from japanese_swords.modules import add_arguments as add_module_arguments
from japanese_swords.modules import from_arguments as modules_from_arguments
from japanese_swords.modules import preset_modules, teams

PROG = "benchmark_ai"


def _seconds(text: str) -> float:
    """A positive number of seconds (argparse type)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text}")
    return value


def build_parser(prog: str = PROG) -> argparse.ArgumentParser:
    """The argument parser of ``japanese-swords bench`` (and ``tools/benchmark_ai.py``)."""
    p = OneLineParser(prog=prog, description="Round-robin AI tournament: paired games, Elo with 95% intervals, "
                                       "a rating list and an optional SPRT.")
    p.add_argument("--agents", default="", help="comma-separated agent specs NAME[:KEY=VALUE...], "
                                                "e.g. random,greedy,mcts:iterations=200")
    p.add_argument("--sweep", default=None, help="add one agent per value, e.g. mcts:iterations=50,100,200,400; "
                                                 "the plot shows Elo against the value")
    p.add_argument("--games", type=positive_int, default=20,
                   help="games per pair (per lineup on 3-4 player maps), rounded up to whole seat rotations")
    p.add_argument("--seed", type=whole_int, default=0, help="base seed; each game pair's seed is derived from it")
    p.add_argument("--jobs", type=positive_int, default=None,
                   help="worker processes (default 1); with --backend ray, games in flight (default: the "
                        "cluster's CPUs); results do not depend on it")
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="local: this machine's processes; ray: Ray tasks (pip install 'japanese-swords[ray]')")
    p.add_argument("--address", default=None, metavar="ADDR",
                   help="with --backend ray: the cluster to use (e.g. auto, 10.0.0.5:6379 or ray://head:10001); "
                        "default: start a local Ray instance")
    p.add_argument("--max-rounds", type=positive_int, default=150, help="a game still running after this many "
                                                                     "rounds is a draw (default 150)")
    p.add_argument("--map", default=None, help="shipped map name or a map file path (default classic-2p; "
                                               f"{teams.DEFAULT_MAP} with the teams module)")
    add_module_arguments(p, map_defaults=True)
    p.add_argument("--sprt", default=None, metavar="elo0=0,elo1=20,alpha=0.05,beta=0.05",
                   help="stop as soon as the SPRT (fishtest-style, on game pairs) decides; 2 agents only; "
                        "add model=normalized for normalized Elo")
    p.add_argument("--json", default=None, metavar="FILE", help="write the full results as JSON")
    p.add_argument("--csv", default=None, metavar="FILE", help="write ratings and pairs as CSV")
    p.add_argument("--plot", default=None, metavar="FILE.png", help="write a PNG plot (needs matplotlib)")
    p.add_argument("--game-timeout", type=_seconds, default=None, metavar="SECONDS",
                   help="abandon a game running longer than this and report it as failed (a safety net "
                        "for buggy agents; makes results timing dependent when it fires)")
    p.add_argument("--records", default=None, metavar="DIR", help="save every game's record in DIR")
    p.add_argument("--luck", nargs="?", const="fitted", default=None, choices=VALUES, metavar="VALUE",
                   help="also report the luck-adjusted score (the value's change at each chance event minus "
                        "its expectation is taken off each game's result); VALUE: fitted (default), "
                        "learned or material")
    p.add_argument("--quiet", action="store_true", help="no progress line")
    p.add_argument("--league", action="store_true", help="play the one agent of --agents against each style "
                   "of the opponent league (ai.league.LEAGUE), one match per style; --json holds them all")
    return p


def _check_output(path: str | None, option: str) -> None:
    """Fail before playing if an output file could not be written (folder missing or unwritable)."""
    if path is not None:
        check_output_file(path, option)


def _named_modules(args: argparse.Namespace) -> tuple[str, ...]:
    """The modules ``--rules``/``--module`` name, unchecked (to pick the default map before validating)."""
    return tuple(preset_modules(args.rules)) + tuple(args.module or ())


def _league_lineups(specs: list[str], sweep: dict | None, csv: str | None,
                    plot: str | None) -> list[tuple[str, ...]]:
    """``--league``: one pairing of the single given agent with each league style."""
    from ai.league import LEAGUE

    if len(specs) != 1 or sweep is not None:
        raise TournamentError("--league plays one agent against the league: give exactly one --agents spec")
    if csv or plot:
        raise TournamentError("--league writes --json only (one report per style); drop --csv/--plot")
    if specs[0] in LEAGUE:
        raise TournamentError(f"--league: {specs[0]!r} is itself a league style")
    return [(specs[0], style) for style in LEAGUE]


def _write_outputs(args: argparse.Namespace, summary: dict, summaries: list[dict]) -> dict[str, str]:
    """Write --json, --csv and --plot (each atomically); returns {path: one-line reason} for those that
    could not be written (disk full, folder gone), whose previous file is left as it was."""
    writers: list[tuple[str | None, Callable[[str], None]]] = [
        (args.json, lambda path: atomic_write(path, to_json({"league": summaries} if args.league else summary))),
        (args.csv, lambda path: atomic_write(path, to_csv(summary))),
        (args.plot, lambda path: plot_summary(summary, path)),
    ]
    failed: dict[str, str] = {}
    for path, write in writers:
        if path:
            try:
                write(path)
            except OSError as exc:
                failed[path] = f"{path}: {describe_os_error(exc)}"
    return failed


def main(argv: list[str] | None = None, prog: str = PROG) -> int:
    """Run the benchmark from command-line arguments; returns the exit status."""
    args = build_parser(prog).parse_args(argv)
    try:
        specs = [s.strip() for s in args.agents.split(",") if s.strip()]
        sweep = None
        if args.sweep:
            key, sweep_specs, values = parse_sweep(args.sweep)
            sweep = {"key": key, "specs": sweep_specs, "values": values}
            specs += [s for s in sweep_specs if s not in specs]
        if not specs:
            raise TournamentError("give agents with --agents (and/or --sweep)")
        sprt = parse_sprt(args.sprt) if args.sprt is not None else None
        for path, option in ((args.json, "--json"), (args.csv, "--csv"), (args.plot, "--plot")):
            _check_output(path, option)
        if args.map is None:  # a team game needs four seats
            args.map = teams.DEFAULT_MAP if teams.chosen(_named_modules(args)) else "classic-2p"
        board = load_playable_map(args.map)  # refuse a map the checker calls unplayable before any game
        modules = modules_from_arguments(args, board.players, board.modules)
        if args.plot:
            require_matplotlib()
        lineups = [tuple(specs)]
        if args.league:
            lineups = _league_lineups(specs, sweep, args.csv, args.plot)
        summaries = []
        for lineup in lineups:
            records = args.records
            if args.league and records is not None:  # one folder per style: record names restart at 0
                records = str(check_output_dir(Path(records) / lineup[1], "--records"))
            config = TournamentConfig(lineup, args.games, args.seed, args.map, args.max_rounds, sprt,
                                      records, args.game_timeout, modules, args.luck)
            if args.backend == "local":  # compile a cold kernel cache once here, not in every worker
                announce_for(lineup)
            printer = None if args.quiet else ProgressPrinter()
            try:
                result = run_tournament(config, jobs=args.jobs, progress=printer, backend=args.backend,
                                        address=args.address)
            finally:
                if printer is not None:
                    printer.close()
            summaries.append(summarize(result, sweep))
            if result.status == "interrupted":
                break
        summary = summaries[0]
        if args.league:
            for earlier in summaries[:-1]:
                print(format_table(earlier) + "\n")
            summary = summaries[-1]
        unwritten = _write_outputs(args, summary, summaries)
        print(format_table(summary))
        written = [f for f in (args.json, args.csv, args.plot) if f and f not in unwritten]
        if written:
            print(f"wrote {', '.join(written)}")
        sys.stdout.flush()
        if unwritten:  # the results are printed above: a full disk costs the file, not the run
            print(f"{prog}: error: not written: {'; '.join(unwritten.values())}", file=sys.stderr)
            return 2
    except (JapaneseSwordsError, TournamentError, SprtSpecError, PlotUnavailable) as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        sys.stderr.close()  # stdout was closed by the reader; nothing left to say
        return 1
    except KeyboardInterrupt:  # before the first game (Ray starting) or while writing: no results yet
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"{prog}: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    return 130 if result.status == "interrupted" else 0


if __name__ == "__main__":
    sys.exit(main())
