"""Screenshots of every client screen, headless, for docs/client.md.

    python tools/client_screenshots.py                       # 1366x768 and 1920x1080 into docs/images/
    python tools/client_screenshots.py --sizes 1280x720 --out /tmp/shots

Each size runs in its own process (Arcade allows one window per process). The game is seeded and the
opponents are the fast greedy agent, so reruns show the same positions. For the battle screen the
script puts an enemy army next to the human's (a set-up for the picture only; that game is not saved).
PNGs are written atomically with a reduced palette to keep them small.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCREENS = (
    "menu", "load", "settings", "rps", "guide", "game", "summary", "trade", "attack", "battle", "reveal", "rules",
    "gameover", "final", "warmup", "mapfiles", "editor", "hint", "replay",
    "table", "career", "handover", "tutorial", "tutorial-battle",
)


def _save(path: Path) -> None:
    """The current frame as a palette PNG, written with the program's one atomic-write helper."""
    import io

    import arcade

    from japanese_swords.fileio import write_atomic

    image = arcade.get_image().convert("RGB").quantize(colors=192, dither=0)
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=True)
    write_atomic(path, buf.getvalue())


def _shoot(view, path: Path) -> None:
    """Draw the view once more and save it."""
    view.on_draw()
    _save(path)
    print(f"wrote {path}")


def _pump(window, until, timeout: float = 60.0, keep_battle: bool = False) -> None:
    """Run frames (acknowledging AI-only battle reveals) until ``until()`` holds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        view = window.current_view
        if until():
            return
        if type(view).__name__ == "BattleView" and not keep_battle:
            c = view.controller
            if c.reveal is not None:
                view.press("continue")
            elif view.presenter.my_decision() == "commit":
                legal = [a for a in c.session.state.legal_actions() if type(a).__name__ == "Commit"]
                view.presenter.submit(max(legal, key=lambda a: sum(card.force for card in a.cards)))
        view.on_update(0.05)
        if window.current_view is view:
            view.on_draw()
        time.sleep(0.001)
    view = window.current_view
    raise SystemExit(f"screenshots: the game did not reach the wanted screen in time (on {type(view).__name__})")


def run_size(width: int, height: int, out: Path) -> None:
    """Every screen at one window size."""
    os.environ["ARCADE_HEADLESS"] = "1"
    with tempfile.TemporaryDirectory(prefix="js-shots-") as tmp:  # saves, config, maps: gone after
        _run_size_in(Path(tmp), width, height, out)


def _run_size_in(saves: Path, width: int, height: int, out: Path) -> None:
    """:func:`run_size` with the client's folders under ``saves``."""
    os.environ["JS_SAVE_DIR"] = str(saves)
    (saves / "config").mkdir()
    (saves / "config" / "settings.json").write_text('{"ai_speed": 3, "music": false}', encoding="utf-8")
    os.environ["JS_CONFIG_DIR"] = str(saves / "config")  # defaults, whatever the user chose
    os.environ["JS_MAPS_DIR"] = str(saves / "maps")  # the player's own maps: a good one and a broken one
    from ai.agent import make_agent
    from japanese_swords.app.client import context as context_mod
    from japanese_swords.app.client.context import ClientContext, Settings
    from japanese_swords.app.client.presenter import TradeDraft
    from japanese_swords.app.client.window import GameWindow
    from japanese_swords.board import NEIGHBOURS
    from japanese_swords.cards import Card
    from japanese_swords.core import Phase

    context_mod.make_opponent = lambda difficulty: make_agent("greedy")
    window = GameWindow(width, height)
    ctx = ClientContext(window, Settings(map_name="classic-2p", opponents=1, seed=11, speed=3, difficulty="easy"))
    tag = f"{width}x{height}"

    def name(screen: str) -> Path:
        return out / f"client-{screen}-{tag}.png"

    ctx.show_menu()
    menu = window.current_view
    _shoot(menu, name("menu"))
    _warmup_and_editor(ctx, window, name)
    # a previous game's autosave so the load list has something to show
    ctx.new_game()
    rps = window.current_view
    rps.on_draw()
    rps.press("throw:rock")
    _shoot(rps, name("rps"))
    while not rps.rps.done:
        rps.press("throw:paper")
    rps.on_draw()
    rps.press("start")
    game = ctx.game_view
    c = ctx.controller
    presenter = game.presenter

    def my_turn() -> bool:
        return window.current_view is game and c.human_to_act()

    _pump(window, lambda: my_turn() and c.session.state.turn_player == 0)
    game.on_update(0.0)  # the controller builds the "While you waited" summary on its first update here
    c.dismiss_summary()  # read: the guide is the picture
    game.on_update(0.0)
    _shoot(game, name("guide"))
    game.press("tutorial:skip")
    game.press("settings")
    _shoot(window.current_view, name("settings"))
    window.current_view.press("back")

    # play two rounds: end phases, draw cards, move armies towards the middle
    for _ in range(300):
        _pump(window, my_turn)
        game.on_update(0.0)
        st = c.session.state
        decision = presenter.my_decision()
        if decision != "main":  # discard, Intrigue, trade reply: the first legal answer
            legal = st.legal_actions()
            pick = [a for a in legal if type(a).__name__ in ("Decline", "IntrigueReply")] or legal
            presenter.submit(pick[0])
            continue
        if st.round >= 2 and c.summary:
            break
        c.dismiss_summary()
        if st.phase == Phase.DRAW and not st.draws_this_phase:
            presenter.press("draw")
            continue
        if st.phase == Phase.TRAVEL:
            moves = [a for a in presenter.legal() if type(a).__name__ == "Move"]
            if moves:
                presenter.submit(max(moves, key=lambda a: a.dst // 10))
                continue
        presenter.press("end")
        if "free card" in presenter.notice:
            presenter.press("end")
    game.on_update(0.0)
    _shoot(game, name("summary"))
    game.dialogs.on_key(65293, 0)
    game.on_update(0.0)
    own = next((a.square for _, a in c.session.state.armies_of(0)), None)
    if own is not None:
        presenter.selected = None
        game.on_mouse_press(*_square_centre(own), 1, 0)
        game.on_mouse_motion(*_square_centre(own), 0, 0)
    _shoot(game, name("game"))
    presenter.cancel()
    _hint(c, game, window, name)
    # trade dialog with a few items
    presenter.press("trade")
    if presenter.trade is not None:
        hand = c.session.state.hands[0]
        mine = [Card(i) for i, n in enumerate(hand) if n][:1]
        presenter.trade = TradeDraft(1, give_gold=1, give_cards=mine, get_cards=[Card.DAIMYO])
        game.dialogs.open_trade()
        _shoot(game, name("trade"))
        presenter.trade = None
        game.on_update(0.0)
    # battle: an enemy army next to one of ours, in our battle phase
    st = c.session.state
    mine = [a for _, a in st.armies_of(0)]
    theirs = [(aid, a) for aid, a in st.armies_of(1)]
    if mine and theirs:
        free = [
            sq
            for a in mine
            for sq in NEIGHBOURS[a.square]
            if st.occupant[sq] < 0 and st.game.board.terrain[sq].move_cost is not None
        ]
        target = free[0] if free else None
        if target is not None:
            aid, army = theirs[-1]
            st.occupant[army.square] = -1
            st.occupant[target] = aid
            st.armies[aid] = army._replace(square=target)
            for card, n in ((Card.MOUNTED, 2), (Card.SWORDSMEN, 1), (Card.DAIMYO, 1)):
                st.hands[0][card] += n
            for _ in range(10):
                if st.phase == Phase.BATTLE:
                    break
                presenter.press("end")
                if "free card" in presenter.notice:
                    presenter.press("end")
            attacker = next(a.square for a in mine if target in NEIGHBOURS[a.square])
            game.on_mouse_press(*_square_centre(attacker), 1, 0)
            game.on_mouse_press(*_square_centre(target), 1, 0)  # asks to confirm, with the odds
            game.on_mouse_motion(*_square_centre(target), 0, 0)  # the hover box shows them too
            _shoot(game, name("attack"))
            game.on_mouse_press(*_square_centre(target), 1, 0)  # confirms
            _pump(window, lambda: type(window.current_view).__name__ == "BattleView"
                  and window.current_view.mode() == "pick", keep_battle=True)
            battle = window.current_view
            battle.on_draw()
            rects = dict(battle._hand_rects)
            for card in (Card.MOUNTED, Card.MOUNTED, Card.DAIMYO):
                if card in rects:
                    battle.on_mouse_press(*_centre(rects[card]), 1, 0)
            _shoot(battle, name("battle"))
            battle.on_draw()
            commit = next(b for b in battle.buttons if b.key == "commit")
            battle.on_mouse_press(*_centre(commit.rect), 1, 0)
            _pump(window, lambda: type(window.current_view).__name__ == "BattleView"
                  and window.current_view.mode() == "reveal", keep_battle=True)
            for _ in range(400):
                battle.on_update(0.05)
            _shoot(battle, name("reveal"))
            battle.on_draw()
            cont = next(b for b in battle.buttons if b.key == "continue")
            battle.on_mouse_press(*_centre(cont.rect), 1, 0)
    game.on_mouse_motion(5, 5, 0, 0)  # the pointer off the board: no stale tooltip
    _pump(window, my_turn)
    ctx.show_rules(game)
    _shoot(window.current_view, name("rules"))
    ctx.show_game()
    ctx.autosave()
    ctx.show_menu()
    menu = window.current_view
    menu.press("load")
    _shoot(menu, name("load"))
    # game over: the human reaches the honor target (a set-up for the picture) on their own turn
    ctx.show_game()
    _pump(window, my_turn)
    st = c.session.state
    st.winner = 0
    st.honor[0] = max(st.honor[0], st.game.rules.honor_to_win)
    st.phase = Phase.GAME_OVER
    ctx.show_game_over()
    _shoot(window.current_view, name("gameover"))
    over = window.current_view
    over.press("board")
    _shoot(window.current_view, name("final"))
    window.show_view(over)
    ctx.show_replay(_greedy_game(saves))  # this game's record was edited for the pictures: a real one
    replay = window.current_view
    while not replay.replay.compute(500):
        pass
    replay.replay.jump(0)
    if not replay.replay.next_battle():
        replay.replay.jump(replay.replay.last * 2 // 3)
    _shoot(replay, name("replay"))
    _table_tutorial_hot_seat(window, ctx, name)
    window.close()


def _greedy_game(folder: Path) -> Path:
    """A whole greedy-against-greedy game on classic-2p, saved as a record in ``folder``."""
    import random

    from ai.agent import make_agent
    from ai.match import sample_chance
    from japanese_swords.actions import Decline
    from japanese_swords.core import CHANCE
    from japanese_swords.engine import decision, initial_state
    from japanese_swords.game import Game, Rules
    from japanese_swords.maps import load_map
    from japanese_swords.observation import observation
    from japanese_swords.records import Record, save_record

    game = Game(load_map("classic-2p"), Rules(max_rounds=60))
    record = Record(game, ["greedy", "greedy"], 5)
    state, rng = initial_state(game), random.Random(5)
    agents = [make_agent("greedy"), make_agent("greedy")]
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            action = sample_chance(state, rng)
        elif decision(state) == "reply":
            action = Decline()
        else:
            action = agents[seat].choose(observation(state, seat), state.legal_actions(), rng)
        record.actions.append(str(action))
        state.play(action)
    record.finish(state)
    path = folder / "game-20261126-011500.json"
    save_record(record, path)
    return path


def _warmup_and_editor(ctx, window, name) -> None:
    """The menu while the AI is prepared (a stand-in compile that reports as the real one does), the map
    editor's file list with a broken map, and the editor on it (repaired, its problems listed)."""
    import threading

    from japanese_swords.app.client.library import maps_dir
    from japanese_swords.app.client.warmup_task import WarmUp
    from japanese_swords.maps import MAPS_DIR

    go = threading.Event()

    def prepare(report) -> None:
        report("compiling the rollout kernels: 23 s (usually 40-80 s)", 0.1)
        go.wait(30)

    ctx.warmup = WarmUp(prepare=prepare, compiled=lambda: False)
    ctx.show_menu()
    while not ctx.warmup.step:
        time.sleep(0.01)
    ctx.warmup._began = time.perf_counter() - 23  # the bar where 23 s of a typical compile put it
    _shoot(window.current_view, name("warmup"))
    go.set()
    ctx.warmup = None
    folder = maps_dir()
    folder.mkdir(parents=True, exist_ok=True)
    lines = (MAPS_DIR / "classic-2p.map").read_text(encoding="utf-8").splitlines()
    text = "\n".join(lines).replace("name: Classic", "name: River crossing") + "\n"
    (folder / "river-crossing.map").write_text(text, encoding="utf-8")
    broken = lines[:-3] + [lines[-3][:8] + "?"]  # two rows missing, a short row, an unknown character
    (folder / "half-done.map").write_text("\n".join(broken) + "\n", encoding="utf-8")
    ctx.show_menu()
    menu = window.current_view
    menu.press("editor")
    _shoot(menu, name("mapfiles"))
    menu.press(f"edit:{folder / 'half-done.map'}")
    editor = window.current_view
    editor.on_mouse_motion(5, 5, 0, 0)
    _shoot(editor, name("editor"))
    editor.do_quit()
    editor.do_quit()  # the first Quit asks (unsaved repairs), the second leaves


def _hint(controller, game, window, name) -> None:
    """The hint dialog for the human's decision, from a small real search (the pictures' opponents are
    the greedy agent, which weighs no options)."""
    from ai.agent import make_agent
    from japanese_swords.app.client.hints import Hinter

    kept = controller.hinter
    controller.hinter = Hinter(lambda: make_agent("mcts:iterations=300:rollouts=scalar"),
                               "The opponents' search (easy MCTS)")
    presenter = game.presenter
    for _ in range(6):  # the travel phase has the most to weigh
        if presenter.state.phase.name == "TRAVEL":
            break
        presenter.press("end")
        if "free card" in presenter.notice:
            presenter.press("end")
    game.on_update(0.0)
    game.controller.dismiss_summary()
    presenter.ask_hint()
    version = presenter.session.version
    end = time.monotonic() + 120
    while controller.hinter.result(version) is None and time.monotonic() < end:
        time.sleep(0.05)
    game.on_update(0.0)
    _shoot(game, name("hint"))
    presenter.close_hint()
    game.on_update(0.0)
    controller.hinter.close()
    controller.hinter = kept


def _table_tutorial_hot_seat(window, ctx, name) -> None:
    """The table screen, the career page (the game above was recorded), a hot-seat handover and the
    tutorial on its board and battle screens."""
    from japanese_swords.actions import Attack, BuyHonor, Draw, End, Move
    from japanese_swords.app.client.seating import SeatChoice
    from japanese_swords.board import square_index

    ctx.show_menu()
    window.current_view.press("opp:2")  # a 3-player table: two humans (hot seat) and a hard rusher
    window.current_view.press("table")
    table = window.current_view
    for key in ("kind:1:human", "level:2", "level:2", "style:2", "style:2", "module:weather"):
        table.press(key)
    _shoot(table, name("table"))
    table.press("back")
    window.current_view.press("opp:1")  # back to the 2-player classic rules
    ctx.settings.modules = ()
    ctx.show_career(window.current_view)
    _shoot(window.current_view, name("career"))
    # hot seat: Oda and Takeda on one screen; the first player ends a turn, the screen is handed over
    ctx.settings.table = [SeatChoice(human=True), SeatChoice(human=True)]
    ctx.new_game()
    c = ctx.controller
    _pump(window, lambda: c.handover is not None or c.human_to_act())
    if c.handover is not None:
        window.current_view.press("ready")
    first = c.session.human
    while c.session.state.turn_player == first and c.handover is None:
        _pump(window, lambda: c.handover is not None or c.human_to_act())
        if c.handover is None:
            ctx.game_view.presenter.press("end")
            if "free card" in ctx.game_view.presenter.notice:
                ctx.game_view.presenter.press("end")
    _pump(window, lambda: type(window.current_view).__name__ == "HandoverView")
    _shoot(window.current_view, name("handover"))
    # the tutorial, a few steps in (the board), then its battle's secret commitment
    ctx.settings.table = None
    ctx.show_menu()
    window.current_view.press("tutorial")
    c = ctx.controller
    q = square_index
    for action in (End(), End(), Draw(), End(), BuyHonor(), End()):
        _pump(window, c.human_to_act)
        c.human_play(action)
    _pump(window, c.human_to_act)
    ctx.game_view.on_update(0.0)  # the banner follows the lesson's step
    ctx.game_view.on_mouse_press(*_square_centre(q("f5")), 1, 0)
    ctx.game_view.on_mouse_motion(*_square_centre(q("f6")), 0, 0)
    _shoot(ctx.game_view, name("tutorial"))
    ctx.game_view.presenter.cancel()
    for action in (Move(q("f5"), q("f6")), End(), Attack(q("f6"), q("f7"))):
        _pump(window, c.human_to_act)
        c.human_play(action)
    _pump(window, lambda: type(window.current_view).__name__ == "BattleView"
          and window.current_view.mode() == "pick", keep_battle=True)
    battle = window.current_view
    battle.on_draw()
    from japanese_swords.cards import Card

    rects = dict(battle._hand_rects)
    for card in (Card.MOUNTED, Card.MOUNTED):
        battle.on_mouse_press(*_centre(rects[card]), 1, 0)
    battle.on_mouse_motion(5, 5, 0, 0)  # no card's tooltip over the picture
    _shoot(battle, name("tutorial-battle"))
    c.close()


def _square_centre(square: int) -> tuple[float, float]:
    from japanese_swords.app.client.theme import square_centre

    return square_centre(square)


def _centre(rect) -> tuple[float, float]:
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


def main(argv: list[str] | None = None) -> int:
    """Screenshots at each size, one process per size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1366x768,1920x1080", help="comma-separated WxH list")
    parser.add_argument("--out", default=str(REPO / "docs" / "images"))
    parser.add_argument("--one", default=None, help=argparse.SUPPRESS)  # a single size (child process)
    args = parser.parse_args(argv)
    out = Path(args.out)
    if not out.is_dir():
        print(f"client_screenshots: error: folder {out} does not exist", file=sys.stderr)
        return 2
    if args.one:
        w, h = (int(v) for v in args.one.split("x"))
        run_size(w, h, out)
        return 0
    code = 0
    for size in args.sizes.split(","):
        done = subprocess.run([sys.executable, __file__, "--one", size.strip(), "--out", str(out)], check=False)
        code = code or done.returncode
    return code


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    sys.exit(main())
