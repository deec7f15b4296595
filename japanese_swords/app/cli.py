"""The ``japanese-swords`` command: selfplay, replay --verify, play (the desktop client).

This is an application layer like the client: it may import ``ai`` (lazily); the engine modules never do.
User mistakes print one line on stderr and exit 2; a failed verification exits 1. Maps the checker calls
unplayable are refused, and output paths (``--record-dir``, ``--screenshot``) are checked before anything
is played (docs/input-limits.md).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys

from japanese_swords.app.commands import passthrough, register_all
from japanese_swords.argtypes import OneLineParser, int_range, one_line, package_version, positive_int, whole_int
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.fileio import check_output_dir, check_output_file, describe_os_error, remove_orphans
from japanese_swords.game import RULES_RANGES, Game, Rules
from japanese_swords.mapcheck import load_playable_map
from japanese_swords.modules import add_arguments as add_module_arguments
from japanese_swords.modules import chosen_explicitly, teams
from japanese_swords.modules import from_arguments as modules_from_arguments

# One BLAS thread: the AI's numpy rollouts are many small products (see docs/batch-simulator.md).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


class CliError(JapaneseSwordsError):
    """A bad command-line argument."""


def window_size(text: str) -> tuple[int, int]:
    """A window size WxH for ``play --size`` (argparse type), e.g. 1366x768."""
    m = re.fullmatch(r"\s*([0-9]{1,5})\s*[xX*]\s*([0-9]{1,5})\s*", text)  # ASCII digits: not str.isdigit
    if not m:
        shown = text if len(text) <= 30 else text[:27] + "..."
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1366x768, got {shown!r}")
    w, h = int(m.group(1)), int(m.group(2))
    if not (640 <= w <= 7680 and 480 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"window size {w}x{h} is outside 640x480 to 7680x4320")
    return w, h


def build_parser() -> argparse.ArgumentParser:
    """The console script's arguments: every option has a help line; numbers are range-checked here."""
    p = OneLineParser(prog="japanese-swords", description="Japanese Swords: feudal warfare with cards.")
    p.add_argument("--version", action="version", version=f"japanese-swords {package_version()}",
                   help="print the version and exit")
    sub = p.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    sp = sub.add_parser("selfplay", help="play agents against each other headless")
    sp.add_argument("--agents", default="random,random", help="comma-separated agent specs NAME[:KEY=VALUE...]")
    sp.add_argument("--games", type=positive_int, default=1, help="number of games (default 1)")
    sp.add_argument("--seed", type=whole_int, default=0, help="seed of the first game; game g uses SEED + g")
    sp.add_argument("--map", default="classic-2p", help="shipped map name or a map file path")
    low, high = RULES_RANGES["max_rounds"]
    sp.add_argument("--max-rounds", type=int_range(low, high), default=None,
                    help=f"a game still running after this many rounds is a draw ({low}-{high}; default no limit)")
    add_module_arguments(sp, map_defaults=True)
    sp.add_argument("--record-dir", default=None,
                    help="write one record per game here (created if missing; checked before the first game)")
    sp.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    rp = sub.add_parser("replay", help="replay game records")
    rp.add_argument("--verify", action="store_true", help="check each record replays exactly")
    rp.add_argument("files", nargs="+", metavar="FILE", help="game records (JSON) to replay")
    pp = sub.add_parser("play", help="open the desktop client")
    pp.add_argument("--map", default="classic-2p", help="shipped map name or a map file path")
    pp.add_argument("--opponents", type=int_range(1, 3), default=1, help="number of AI opponents, 1-3")
    pp.add_argument("--difficulty", choices=("easy", "normal", "hard"), default="normal",
                    help="AI preset: easy (5 ms a decision, a random near-best choice), normal (about 1 s "
                         "a turn) or hard (up to 15 s a turn, 3 s a decision, acting on smaller edges than normal; "
                         "its stand-in at fixed iterations beats normal's 0.66: docs/ai.md)")
    pp.add_argument("--opponent", default=None, metavar="SPEC",
                    help="agent spec for every AI seat instead of --difficulty, e.g. a program: "
                         "'cmd:python bot.py' (docs/protocol.md)")
    pp.add_argument("--seed", type=whole_int, default=None, help="seed of the game's chance events")
    add_module_arguments(pp, map_defaults=True)
    pp.add_argument("--load", default=None, metavar="FILE", help="continue a saved game (a game record)")
    pp.add_argument("--replay", default=None, metavar="FILE",
                    help="step through a saved game (a game record) with its chart of winning chances")
    pp.add_argument("--autoplay", action="store_true", help="AI plays every seat (demos and tests)")
    pp.add_argument("--frames", type=positive_int, default=None,
                    help="render this many frames and exit (headless runs; each frame waits for an AI "
                         "decision in progress, so a seed shows the same game on any machine)")
    pp.add_argument("--screenshot", default=None, metavar="FILE.png",
                    help="with --frames: save the last frame as PNG (checked before the window opens)")
    pp.add_argument(
        "--size", type=window_size, default=None, help="window size WxH, e.g. 1366x768 (640x480 to 7680x4320)"
    )
    pp.add_argument("--fullscreen", action="store_true", help="open full screen (F11 toggles)")
    register_all(sub)
    return p


def cmd_selfplay(args: argparse.Namespace) -> int:
    from ai.agent import make_agent
    from ai.external import ExternalPlayerError
    from ai.match import play_game
    from ai.warmup import announce_for
    from japanese_swords.records import save_record

    specs = [s for s in args.agents.split(",") if s.strip()]
    board = load_playable_map(args.map)
    if len(specs) != board.players:
        raise CliError(f"--agents names {len(specs)} agents but map {board.name!r} is for {board.players} players")
    modules = modules_from_arguments(args, board.players, board.modules)  # explicit rules replace the map's
    agents = [make_agent(s) for s in specs]
    announce_for(specs)
    game = Game(board, Rules(max_rounds=args.max_rounds, modules=modules))
    record_dir = None
    if args.record_dir is not None:  # before the first game: a typo must not cost a long run
        record_dir = check_output_dir(args.record_dir, "--record-dir")
        remove_orphans(record_dir)
    unsaved: list[str] = []
    totals = [{"agent": s, "wins": 0, "draws": 0, "losses": 0} for s in specs]
    # an agent named twice (greedy,greedy) is told apart by its place in --agents
    labels = [f"{s} #{i + 1}" if specs.count(s) > 1 else s for i, s in enumerate(specs)]
    games = []
    failed = ""
    k = len(specs)
    for g in range(args.games):
        seed = args.seed + g
        who = [(seat + g) % k for seat in range(board.players)]  # seat -> index into --agents
        try:
            result = play_game(game, [agents[i] for i in who], seed)
        except ExternalPlayerError as exc:  # a player program failed: keep the finished games' results
            failed = f"game {g + 1} seed {seed} failed: {exc}"
            break
        if record_dir is not None:  # a failed write is reported at the end; the results still print
            target = record_dir / f"game-{seed:06d}.json"
            try:
                save_record(result.record, target)
            except (OSError, JapaneseSwordsError) as exc:
                reason = describe_os_error(exc) if isinstance(exc, OSError) else str(exc)
                unsaved.append(f"{target}: {reason}")
        won = teams.winning_seats(result.state)  # the winner, or its team in a team game
        for seat, i in enumerate(who):
            if result.winner is None:
                totals[i]["draws"] += 1
            elif seat in won:
                totals[i]["wins"] += 1
            else:
                totals[i]["losses"] += 1
        games.append({
            "seed": seed, "seats": [specs[i] for i in who], "agent_indices": who,
            "winner": None if result.winner is None else specs[who[result.winner]],
            "winner_seat": None if result.winner is None else f"p{result.winner + 1}",
            "draw": result.winner is None, "rounds": result.rounds, "honor": result.honor,
        })
        if not args.json:
            seats = ", ".join(f"p{s + 1} {labels[i]}" for s, i in enumerate(who))
            end = "draw" if result.winner is None else f"p{result.winner + 1} ({labels[who[result.winner]]}) wins"
            if len(won) > 1:
                end += f" for team {teams.team_name(result.winner)}"
            print(f"game {g + 1} seed {seed}: {seats}: {end} after {result.rounds} rounds; "
                  f"honor {'-'.join(map(str, result.honor))}")
    for t in totals:
        t["score"] = (t["wins"] + t["draws"] / 2) / max(1, len(games))
    if args.json:
        print(json.dumps({"games": games, "totals": totals, **({"error": failed} if failed else {})}))
    else:
        for t, label in zip(totals, labels, strict=True):
            print(f"{label}: {t['wins']} wins, {t['draws']} draws, {t['losses']} losses, score {t['score']:.3f}")
    for agent in agents:  # stop player programs (cmd: agents) now rather than at exit
        getattr(agent, "close", lambda: None)()
    if failed:
        print(f"japanese-swords: error: {one_line(failed, 2000)}", file=sys.stderr)
    if unsaved:
        raise CliError(f"could not write {len(unsaved)} of {args.games} record(s), first {unsaved[0]}")
    return 1 if failed else 0


def cmd_replay(args: argparse.Namespace) -> int:
    from japanese_swords.records import load_record

    bad = 0
    for f in args.files:
        try:
            record = load_record(f)
            if args.verify:
                state = record.verify()
            else:
                state = record.replay()
        except JapaneseSwordsError as exc:
            msg = str(exc)
            print(one_line(msg if msg.startswith(str(f)) else f"{f}: {msg}", 2000))
            bad += 1
            continue
        end = "draw" if state.winner is None and state.is_terminal() else (
            f"p{state.winner + 1} wins" if state.winner is not None else "in progress")
        print(f"{f}: ok: {len(record.actions)} actions, round {state.round}, {end}")
    return 1 if bad else 0


def cmd_play(args: argparse.Namespace) -> int:
    if args.screenshot is not None:
        check_output_file(args.screenshot, "--screenshot")
    if args.load is None:
        board = load_playable_map(args.map)  # the client loads it again; this refuses an unplayable map first
        players = args.opponents + 1 if args.opponents != 1 else board.players
        # explicit --rules/--module are checked here; without them the map the client settles on gives its
        # default modules (settings_from_args: --opponents may pick another map)
        args.modules = modules_from_arguments(args, players) if chosen_explicitly(args) else None
    try:
        from japanese_swords.app.client.app import run_client
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("japanese_swords.app.client"):
            raise CliError("the desktop client is not available yet; try 'japanese-swords selfplay'") from None
        raise
    from ai.agent import make_agent
    from ai.warmup import announce, announce_for

    if args.opponent is not None:
        make_agent(args.opponent)  # a bad spec is one line here, not an error inside the window
        announce_for([args.opponent])
    else:
        announce()  # the difficulty presets search with the kernels: compile them before the window opens
    return run_client(args)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    command = passthrough(argv[0]) if argv else None
    if command is not None:  # a command with its own parser gets the rest of the line unchanged
        return command.run_argv(argv[1:])
    args = build_parser().parse_args(argv)
    try:
        if getattr(args, "handler", None) is not None:
            return args.handler(args)
        if args.command == "selfplay":
            return cmd_selfplay(args)
        if args.command == "replay":
            return cmd_replay(args)
        return cmd_play(args)
    except JapaneseSwordsError as exc:
        print(f"japanese-swords: error: {one_line(str(exc), 2000)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("japanese-swords: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
