"""Client test setup: headless Arcade, one shared window, a throw-away save folder, game builders.

ARCADE_HEADLESS=1 is set before arcade can be imported. GL tests take the ``window`` fixture: if no GL
context can be created they skip, unless JS_REQUIRE_GL=1 (CI), in which case they fail.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("ARCADE_HEADLESS", "1")

import pytest  # noqa: E402

from ai.agent import make_agent  # noqa: E402
from japanese_swords.actions import SetOrder  # noqa: E402
from japanese_swords.app.client.controller import Controller  # noqa: E402
from japanese_swords.app.client.presenter import Presenter  # noqa: E402
from japanese_swords.app.client.session import HUMAN, Session  # noqa: E402
from japanese_swords.core import Army  # noqa: E402
from japanese_swords.engine import State  # noqa: E402
from japanese_swords.game import Game, Rules  # noqa: E402
from japanese_swords.maps import load_map  # noqa: E402

_WINDOW = None


@pytest.fixture(scope="session")
def window():
    """The single Arcade window shared by every GL test (arcade allows one per process)."""
    global _WINDOW
    created = False
    try:
        import arcade

        try:
            existing = arcade.get_window()
        except RuntimeError:  # no window yet
            existing = None
        if existing is None:
            existing = arcade.Window(1280, 800, "Japanese Swords tests")
            created = True
        _WINDOW = existing
    except Exception as exc:  # no EGL / GL driver on this machine
        if os.environ.get("JS_REQUIRE_GL") == "1":
            pytest.fail(f"JS_REQUIRE_GL=1 but no GL context could be created: {exc}")
        pytest.skip(f"no GL context: {exc}")
    yield _WINDOW
    if created:
        _WINDOW.close()  # leave the process free for other suites' windows
        _WINDOW = None


@pytest.fixture(autouse=True)
def _save_dir(tmp_path, tmp_path_factory, monkeypatch):
    """Saves, autosaves and preferences of every test go to its own temporary folder."""
    monkeypatch.setenv("JS_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("JS_MAPS_DIR", str(tmp_path / "maps"))  # the player's own maps (map editor)
    config = tmp_path_factory.mktemp("config")  # not in tmp_path: some tests list that folder
    # instant AI pacing so tests run fast; the guided first turn already seen
    (config / "settings.json").write_text('{"ai_speed": 3, "tutorial_done": true}', encoding="utf-8")
    monkeypatch.setenv("JS_CONFIG_DIR", str(config))


def new_game(
    seed: int = 1, agent: str = "random", map_name: str = "classic-2p", order=(0, 1), speed: int = 3
) -> tuple[Session, Controller, Presenter]:
    """A 2-player game, the human as p1 against ``agent``, turn order already set."""
    board = load_map(map_name)
    game = Game(board, Rules(max_rounds=60))
    seats = [HUMAN] + [agent] * (board.players - 1)
    session = Session(game, seats, 0, seed)
    agents = [None] + [make_agent(agent) for _ in range(board.players - 1)]
    controller = Controller(session, agents, speed=speed)
    if order is not None:
        session.apply(SetOrder(tuple(order)))
    return session, controller, Presenter(controller)


def run_until_human(controller: Controller, timeout: float = 20.0) -> None:
    """Step the controller (acknowledging reveals) until the human must decide or the game is over."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if controller.reveal is not None:
            controller.ack_reveal()
        if controller.human_to_act() or controller.session.state.is_terminal():
            return
        controller.update(0.05)
        time.sleep(0.001)
    raise AssertionError("the game did not come back to the human in time")


def teleport(state: State, square_from: int, square_to: int) -> None:
    """Move an army directly (test set-up only; the record no longer replays to this state)."""
    aid = state.occupant[square_from]
    army: Army = state.armies[aid]
    state.occupant[square_from] = -1
    state.occupant[square_to] = aid
    state.armies[aid] = army._replace(square=square_to)


def end_until(presenter: Presenter, phase) -> None:
    """Press End until the human's turn reaches ``phase``."""
    for _ in range(10):
        if presenter.state.phase == phase:
            return
        played = presenter.press("end")
        if played is None and "free card" in presenter.notice:
            played = presenter.press("end")  # skipping the free card is confirmed by a second press
        assert played is not None, presenter.notice
    raise AssertionError(f"never reached {phase}")


@pytest.fixture
def ctx(window, monkeypatch):
    """A client context on classic-2p whose AI opponents are the fast random agent."""
    from japanese_swords.app.client import context as context_mod
    from japanese_swords.app.client.context import ClientContext, Settings

    monkeypatch.setattr(context_mod, "make_opponent", lambda difficulty: make_agent("random"))
    context = ClientContext(window, Settings(map_name="classic-2p", opponents=1, seed=7, speed=3))
    yield context
    if context.controller is not None:
        context.controller.close()


def scaled_camera(window, size: int, scale: float):
    """A camera onto a ``size`` x ``size`` pixel viewport showing ``scale`` pixels a unit, origin at the
    bottom left (as the logical screen is drawn on a 1366x768 or 1920x1080 window)."""
    import arcade

    cam = arcade.Camera2D(window=window)
    cam.viewport = arcade.LBWH(0, 0, size, size)
    half = size / 2 / scale
    cam.projection = arcade.LRBT(-half, half, -half, half)
    cam.position = (half, half)
    return cam
