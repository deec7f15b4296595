"""What the screens ask of the client around them: switching screens, preferences, sound, saving.

Views take a :class:`GameHost` (or the smaller protocol they need) instead of the client context, so
no view imports the context and the context alone imports views (it builds them when it shows them).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import arcade

    from .controller import Controller
    from .game_settings import Settings
    from .prefs import Prefs
    from .sound import Mixer
    from .warmup_task import WarmUp


class Screens(Protocol):
    """Switching between the client's screens."""

    def show_menu(self) -> None:
        """Show the menu."""

    def show_game(self) -> None:
        """Show the game screen of the game in progress."""

    def show_battle(self) -> None:
        """Show the battle screen of the game in progress."""

    def start_tutorial(self) -> None:
        """Start (or restart) the tutorial game."""

    def leave_tutorial(self) -> None:
        """End the tutorial and show the menu (nothing to resume)."""

    def show_handover(self) -> None:
        """Hot seat: hide the screen until the next human is ready."""

    def show_game_over(self) -> None:
        """Show the game-over screen."""

    def show_final_board(self) -> None:
        """Show the board of a finished game (until Results is pressed)."""

    def show_rules(self, back: arcade.View) -> None:
        """Show the rules; Back returns to ``back``."""

    def show_settings(self, back: arcade.View) -> None:
        """Show the settings; Back returns to ``back``."""

    def show_replay(self, source: str | Path | None = None, back: arcade.View | None = None) -> None:
        """Replay a saved record, or the game just played; Back returns to ``back`` (default the menu)."""

    def quit(self) -> None:
        """Autosave, stop the AI and close the window."""


class GameHost(Screens, Protocol):
    """What the game, battle and settings screens use besides switching screens."""

    autoplay: bool
    prefs: Prefs
    notice: str
    saves: Path
    mixer: Mixer | None
    controller: Controller | None

    def apply_prefs(self, save: bool = True) -> None:
        """Apply (and save) the preferences."""

    def play(self, sound: str) -> None:
        """Play a sound effect."""

    def save(self, name: str | None = None) -> Path | None:
        """Save the game in progress; the path, or None (the reason in ``notice``)."""

    def autosave(self) -> Path | None:
        """Save the game in progress into its autosave slot."""


class MenuHost(GameHost, Protocol):
    """What the menu uses: the new-game settings and starting, loading or resuming games."""

    settings: Settings
    warmup: WarmUp | None

    def new_game(self) -> None:
        """Start a game from the settings."""

    def show_career(self, back: arcade.View) -> None:
        """Show the career page; Back returns to ``back``."""

    def show_table(self, back: arcade.View) -> None:
        """Show the table screen (seats and rule modules); Back returns to ``back``."""

    def load(self, path: str | Path) -> bool:
        """Load a saved game; False (the reason in ``notice``) on a bad file."""

    def game_in_progress(self) -> bool:
        """Whether a human game is being played and not over."""

    def show_editor(self, path: str | Path | None = None) -> None:
        """Open the map editor on a map file, or on a new map in the player's maps folder."""
