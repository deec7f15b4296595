"""The client's navigation hub: menu settings, the save folder, and switching between screens.

Views call the context to start, load or leave a game instead of importing each other, so each view
module stays one screen.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import arcade

from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.fileio import describe_os_error
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map

from .controller import Controller
from .game_settings import Settings
from .library import autosave_name, list_saves, maps_for, prune_autosaves, save_dir  # noqa: F401
from .opponents import BALANCED, make_opponent, saved_choice, start_opponents
from .session import HUMAN, Session
from .warmup_task import WarmUp


class ClientContext:
    """Owns the window's screens and the game in progress."""

    def __init__(self, window: arcade.Window, settings: Settings, autoplay: bool = False,
                 warmup: WarmUp | None = None) -> None:
        self.window = window
        self.warmup = warmup  # the AI's compiled code, prepared in the background from the first menu on
        self.settings = settings
        self.autoplay = autoplay
        self.controller: Controller | None = None
        self.game_view = None
        self.saves = save_dir()
        self.notice = ""
        self._agents: list | None = None  # opponents built by new_session for the next start()
        self.game_id = ""
        from .prefs import Prefs, read_prefs
        from .sound import Mixer

        headless = os.environ.get("ARCADE_HEADLESS", "") not in ("", "0")

        # autoplay (demos, screenshots, tests) uses the defaults and never touches the saved preferences
        if autoplay:
            self.prefs = Prefs(summary=False, tutorial_done=True)
        else:
            self.prefs, self.notice = read_prefs()  # a damaged file: defaults, and the notice says so
        if not autoplay:
            settings.speed = self.prefs.ai_speed
        self.mixer: Mixer | None = None if autoplay or headless else Mixer()
        self.apply_prefs(save=False)

    # ----- starting games ---------------------------------------------------------------------------
    def _opponent(self, level: str | None = None, personality: str = BALANCED):  # -> Agent
        """An AI seat's agent: the ``--opponent`` spec (e.g. a ``cmd:`` program), else the level's (the
        menu's difficulty unless the table screen chose one) with the seat's personality."""
        if self.settings.opponent is not None:
            from ai.agent import make_agent

            return make_agent(self.settings.opponent)
        level = level or self.settings.difficulty
        return make_opponent(level) if personality == BALANCED else make_opponent(level, personality)

    def new_session(self) -> Session:
        """A new game from the settings; the human is seat 0 (p1) unless autoplay."""
        s = self.settings
        board = load_map(s.map_name)
        if board.players != s.opponents + 1:
            raise JapaneseSwordsError(
                f"map {board.name!r} is for {board.players} players, not {s.opponents + 1}"
            )
        game = Game(board, Rules(max_rounds=s.max_rounds, modules=s.modules))
        n = board.players
        choices = s.seats(n)
        humans = frozenset() if self.autoplay else frozenset(i for i, c in enumerate(choices) if c.human)
        agents = [None if i in humans else self._opponent(c.level, c.personality) for i, c in enumerate(choices)]
        if self.autoplay:
            human = None
        elif s.table is None or len(s.table) != n:
            human = min(max(0, s.seat), n - 1)
        else:
            human = min(humans) if humans else None
        seats = [HUMAN if a is None else a.name for a in agents]
        session = Session(game, seats, human, s.seed, humans)
        self._agents = agents
        return session

    def start(self, session: Session) -> None:
        """Show the game screen for a session (rock-paper-scissors first if the order is not set)."""
        if self.controller is not None:
            self.controller.close()
        agents = self._agents
        if agents is None or len(agents) != session.game.num_players:
            agents = [
                None if i == session.human or i in session.humans else self._opponent()
                for i in range(session.game.num_players)
            ]
        self._agents = None
        self.controller = Controller(
            session, agents, speed=self.settings.speed, show_reveals=not self.autoplay
        )
        self.controller.warmup = self.warmup
        start_opponents(agents)
        if self.settings.hints and not self.autoplay and session.human is not None:
            from .hints import Hinter

            what = self.settings.opponent or f"{self.settings.difficulty} MCTS"
            self.controller.hinter = Hinter(self._opponent, f"The opponents' search ({what})")
        self.game_id = time.strftime("%Y%m%d-%H%M%S") + f"-{session.seed}"
        self.notice = ""
        self.controller.show_summary = self.prefs.summary and not self.autoplay
        from .game_view import GameView

        self.game_view = GameView(self, self.controller)
        if self.controller.needs_rps():
            from .rps_view import RPSView

            self.window.show_view(RPSView(self, self.controller))
        else:
            self.window.show_view(self.game_view)

    def start_tutorial(self) -> None:
        """Start (or restart) the tutorial: its small scripted game, gated step by step (lesson.py)."""
        from .lesson import Lesson, ScriptedAgent, TutorialSession

        if self.game_in_progress() and not self.in_tutorial():
            self.autosave()  # the game left for the tutorial is in the save browser
        self._agents = [None, ScriptedAgent()]
        self.start(TutorialSession())
        if self.controller is not None:
            self.controller.gate = Lesson()
            self.controller.show_summary = False  # the lesson's banner says what happened

    def leave_tutorial(self) -> None:
        """End the tutorial (skipped or finished) and show the menu, with no game to resume."""
        if self.controller is not None:
            self.controller.close()
        self.controller = None
        self.game_view = None
        self.show_menu()

    def in_tutorial(self) -> bool:
        """True while the game in progress is the tutorial (it is not autosaved)."""
        return getattr(self.controller, "gate", None) is not None

    def new_game(self) -> None:
        """Start a new game from the menu settings (a bad setting becomes a notice)."""
        try:
            self.start(self.new_session())
        except JapaneseSwordsError as exc:
            self.notice = str(exc)

    def load(self, path: str | Path) -> bool:
        """Load a saved game; on a bad file keep the current screen and remember the one-line reason."""
        try:
            session = Session.load(path, human=None if self.autoplay else 0)
        except (JapaneseSwordsError, OSError) as exc:
            self.notice = str(exc)
            return False
        try:
            self._agents = self._saved_agents(session)
        except JapaneseSwordsError as exc:  # a saved opponent naming an unknown level or personality
            self.notice = str(exc)
            return False
        self.start(session)
        return True

    def _saved_agents(self, session: Session) -> list:  # -> list[Agent | None]
        """A loaded game's opponents rebuilt with the level and personality their saved specs name
        (:func:`~.opponents.saved_choice`); other agents, and any under ``--opponent``, as a new game's."""
        agents = []
        for i, spec in enumerate(session.record.seats):
            if i == session.human or i in session.humans:
                agents.append(None)
                continue
            choice = None if self.settings.opponent is not None else saved_choice(spec)
            agents.append(self._opponent(*choice) if choice else self._opponent())
        return agents

    def autosave(self) -> Path | None:
        """Save the game in progress into its own autosave slot; only the newest few autosaves stay."""
        if self.controller is None or self.autoplay or self.in_tutorial():
            return None
        path = self.save(autosave_name(self.game_id))
        if path is not None:
            prune_autosaves(self.saves)
        return path

    def game_in_progress(self) -> bool:
        """True when a human game is being played and not over (leaving it should be confirmed)."""
        c = self.controller
        return c is not None and not self.autoplay and not c.session.state.is_terminal()

    def save(self, name: str | None = None) -> Path | None:
        """Save the game in progress into the save folder (atomic write); returns the path, or None with
        a one-line notice when it cannot be written (the folder is a file, cannot be created, the disk is
        full): the game goes on and any earlier file of that name is left as it was."""
        if self.controller is None:
            return None
        path = self.saves / (name or time.strftime("game-%Y%m%d-%H%M%S.json"))
        try:
            self.saves.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            self.notice = f"cannot save: {self.saves} is a file, not a folder"
            return None
        except (OSError, ValueError) as exc:
            reason = describe_os_error(exc) if isinstance(exc, OSError) else "bad folder name"
            self.notice = f"cannot save: cannot create the save folder {self.saves}: {reason}"
            return None
        try:
            self.controller.session.save(path)
        except OSError as exc:
            self.notice = f"cannot save to {path}: {describe_os_error(exc)}"
            return None
        except JapaneseSwordsError as exc:
            self.notice = str(exc)
            return None
        return path

    # ----- preferences and sound --------------------------------------------------------------------
    def apply_prefs(self, save: bool = True) -> None:
        """Apply the preferences to the sound, the game in progress and the window; save them."""
        prefs = self.prefs
        from .theme import SCREEN

        SCREEN.text_scale = prefs.ui_scale / 100
        if self.mixer is not None:
            self.mixer.configure(prefs.gain, prefs.music)
        if self.controller is not None and not self.autoplay:
            self.controller.set_speed(prefs.ai_speed)
            self.controller.show_summary = prefs.summary
            if not prefs.summary:
                self.controller.summary = None
        if not self.autoplay:
            self.settings.speed = prefs.ai_speed
        toggle = getattr(self.window, "toggle_fullscreen", None)
        windowed = getattr(self.window, "headless", True)
        if toggle is not None and not windowed and self.window.fullscreen != prefs.fullscreen:
            toggle()
        if save and not self.autoplay:
            from .prefs import save_prefs

            problem = save_prefs(prefs)
            if problem:
                self.notice = problem

    def play(self, sound: str) -> None:
        """Play a sound effect (silent without sound)."""
        if self.mixer is not None:
            self.mixer.play(sound)

    def show_settings(self, back: arcade.View) -> None:
        """Show the settings screen; Back returns to ``back``."""
        from .settings_view import SettingsView

        self.window.show_view(SettingsView(self, back))

    # ----- screens ----------------------------------------------------------------------------------
    def show_menu(self) -> None:
        """Show the menu."""
        from .menu_view import MenuView

        if self.warmup is not None:
            self.warmup.start()
        self.window.show_view(MenuView(self))

    def show_editor(self, path: str | Path | None = None) -> None:
        """Open the map editor on a map file (a malformed one opens repaired, its problems listed), or on a
        new map to be saved in the player's maps folder; Quit or Escape comes back to the menu."""
        from .editor.model import EditorError, EditorModel, blank_snapshot
        from .editor.view import EditorView
        from .library import maps_dir

        try:
            if path is None:
                folder = maps_dir()
                n = 1
                while (folder / f"my-map-{n}.map").exists():
                    n += 1
                model = EditorModel(blank_snapshot(2, f"My map {n}"), str(folder / f"my-map-{n}.map"))
                folder.mkdir(parents=True, exist_ok=True)
            else:
                model = EditorModel.load(str(path))
        except (EditorError, OSError) as exc:
            self.notice = f"cannot open the map editor: {exc}".splitlines()[0]
            return
        view = EditorView(model, on_quit=self.show_menu)
        view.setup()
        self.window.show_view(view)

    def show_replay(self, source: str | Path | None = None, back: arcade.View | None = None) -> None:
        """Replay a saved record (a path) or, without one, the game just played; Back returns to
        ``back`` (default the menu). A file that is not a valid record becomes the menu's notice."""
        from .replay import Replay
        from .replay_view import ReplayView

        try:
            if source is None:
                if self.controller is None:
                    return
                replay = Replay(self.controller.session.record, "this game")
            else:
                replay = Replay.load(source)
        except JapaneseSwordsError as exc:
            self.notice = f"cannot replay: {exc}".splitlines()[0]
            return
        leave = self.show_menu if back is None else (lambda: self.window.show_view(back))
        self.window.show_view(ReplayView(replay, leave))

    def show_rules(self, back: arcade.View) -> None:
        """Show the rules reference; Back returns to ``back``."""
        from .rules_view import RulesView

        self.window.show_view(RulesView(self, back))

    def show_game(self) -> None:
        """Show the game screen of the game in progress."""
        if self.game_view is not None:
            self.window.show_view(self.game_view)

    def show_game_over(self) -> None:
        """Show the game-over screen."""
        from .gameover_view import GameOverView

        if self.controller is not None:
            self.record_career()
            self.window.show_view(GameOverView(self, self.controller))

    def record_career(self) -> None:
        """Add a finished game against the AI to the career, once (not the tutorial, hot seat or autoplay);
        a career file that cannot be read or written is a one-line notice."""
        c = self.controller
        if c is None or self.autoplay or self.in_tutorial() or c.career_recorded:
            return
        s = c.session
        if not s.state.is_terminal() or s.human is None or s.hot_seat:
            return
        from .career import add_game, entry_for

        c.career_recorded = True
        specs = [name for i, name in enumerate(s.record.seats) if i != s.human]
        problem = add_game(entry_for(s.state, s.human, s.game.board.name, specs))
        if problem:
            self.notice = problem

    def show_career(self, back: arcade.View) -> None:
        """Show the career page; Back returns to ``back``."""
        from .career_view import CareerView

        self.window.show_view(CareerView(self, back))

    def show_final_board(self) -> None:
        """Show the game screen of a finished game (it stays there until Results is pressed)."""
        if self.game_view is not None:
            self.game_view.final_board = True
            self.window.show_view(self.game_view)

    def show_table(self, back: arcade.View) -> None:
        """Show the table screen (seats, levels, personalities, rule modules); Back returns to ``back``."""
        from .table_view import TableView

        self.window.show_view(TableView(self, back))

    def show_handover(self) -> None:
        """Hot seat: hide the screen until the next human is ready."""
        from .handover_view import HandoverView

        if self.controller is not None and self.controller.handover is not None:
            self.window.show_view(HandoverView(self, self.controller))

    def show_battle(self) -> None:
        """Show the battle screen."""
        from .battle_view import BattleView

        if self.controller is not None:
            presenter = self.game_view.presenter if self.game_view is not None else None
            self.window.show_view(BattleView(self, self.controller, presenter))

    def quit(self) -> None:
        """Autosave a game in progress, stop the AI worker and close the window."""
        if self.game_in_progress():
            self.autosave()
        if self.controller is not None:
            self.controller.close()
        self.window.close()
