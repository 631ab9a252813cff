"""The app's own keys, beside every screen's: help, each game's own (Galileo's aids, from its
plugin), saving elsewhere and quitting, and when each is offered. Mixed into LastRoundApp."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

from lastround.games import plugin_of, plugins
from lastround.games.plugin import AppKey
from lastround.shell.small_window import SmallWindow
from lastround.shell.walk import SessionWalk

if TYPE_CHECKING:  # made once a session is asked for (SessionWalk.keeper)
    from lastround.session.keeper import Keeper
    from lastround.session.session import Session


def game_key_bindings() -> list[Binding]:
    """Each game's own keys (GamePlugin.app_keys), offered while a session of it is open."""
    return [Binding(key.key, f"game_key({key.id!r})", key.label, id=key.id,
                    tooltip=key.tooltip)
            for plugin in plugins() for key in plugin.app_keys]


class AppKeys(SmallWindow):
    BINDINGS = [
        Binding("f1", "help", "Help", id="help", tooltip="Explain this screen and its keys"),
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True,
                tooltip="Leave Last Round (everything confirmed is already saved)"),
        *game_key_bindings(),  # read once, as the app's class is made
        Binding("f4", "open_table", "Table", id="open-table",
                tooltip="Table mode: let each player enter their own steps from their own "
                "terminal (`lastround join`)"),
        Binding("f5", "phones", "Phones", id="phones",
                tooltip="The open table's code for phones: players scan it to join from their "
                "phone's browser (`lastround serve`)"),
        # Declared here (not added by Textual) so it has an id and F1 lists it.
        Binding("ctrl+p", "command_palette", "Commands", id="palette", show=False,
                priority=True, tooltip="Every action of this screen by name, and the themes"),
        Binding("ctrl+o", "home", "Home", id="home", show=False,
                tooltip="Go to the home screen (what is confirmed stays saved)"),
        Binding("ctrl+s", "save_elsewhere", "Save elsewhere", id="save-elsewhere", show=False,
                tooltip="Save this session in another folder (when its folder can't be written)"),
    ]

    walk: SessionWalk  # the app's session walk (LastRoundApp)

    # The walk's: its session keeper, made when first asked for, and the open session,
    # which asks for none while none was made (the home's first frame makes none).
    @property
    def keeper(self) -> Keeper:
        raise NotImplementedError

    @property
    def session(self) -> Session | None:
        raise NotImplementedError

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A game's own keys exist only while a session of that game is open; while the
        window is too small, only quitting does anything."""
        if self.is_too_small:
            return action == "quit"
        if action == "home":
            return self.session is not None
        if action == "game_key":
            # A replay looks back: a game's aids for entering counts make room in its footer.
            looking_back = getattr(self.screen, "LOOKS_BACK", False)
            return self.open_games_key(str(parameters[0])) is not None and not looking_back
        if action in ("open_table", "phones"):  # offered on each player's step
            shown = next((s for s in reversed(self.screen_stack) if hasattr(s, "step")), None)
            step = getattr(shown, "step", None)  # the step under F1's help too
            if self.session is None or getattr(step, "player", None) is None:
                return False
            if action == "open_table":  # while no table is open
                return self.keeper.can_open_table()
            return self.keeper.table is not None  # phones: in open_table's place, once open
        if action == "save_elsewhere":
            return self.session is not None and not self.keeper.read_only
        return True

    def action_phones(self) -> None:
        self.walk.phones.start_or_show()

    def action_open_table(self) -> None:
        self.walk.ask_for_table()

    def action_home(self) -> None:
        self.walk.go_home()

    def open_games_key(self, key_id: str) -> AppKey | None:
        """The open session's game's own key of that id, if it has one."""
        if self.session is None:
            return None
        return next((key for key in plugin_of(self.session.game_id).app_keys
                     if key.id == key_id), None)

    def action_game_key(self, key_id: str) -> None:
        from lastround.screens.step_kinds import key_screen

        if self.session is not None and self.open_games_key(key_id) is not None:
            self.push_screen(key_screen(self.session.game_id, key_id))

    def action_help(self) -> None:
        from lastround.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def action_save_elsewhere(self) -> None:
        from lastround.screens.save_elsewhere import SaveElsewhereScreen

        if not isinstance(self.screen, SaveElsewhereScreen):
            self.push_screen(SaveElsewhereScreen(self.keeper.saves))

    async def action_quit(self) -> None:
        """Quit; after a failed save, only when asked twice (the session is only in memory)."""
        if self.session is not None and self.keeper.unsaved:
            self.keeper.unsaved = False  # the next Ctrl+Q quits
            self.notify("This session is not saved: Ctrl+S saves it in another folder, "
                        "Ctrl+Q again quits without saving.", title="Not saved",
                        severity="error", timeout=15)
            return
        self.exit()
