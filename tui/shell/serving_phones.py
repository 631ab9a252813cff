"""The host's app serving its open table to phones (F5, or `p` when opening it): the server
(lastround.shell.phones) started once, its code shown (lastround.screens.phones), and the server
ended with the table or the app. Held by LastRoundApp as `phones`."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.app import App

if TYPE_CHECKING:  # the server's module (subprocess, threads) loads when a table is served
    from lastround.session.keeper import Keeper
    from lastround.shell.phones import PhoneServer


class PhoneServing:
    """The server for one app's open table, while it serves."""

    def __init__(self, app: App[Any], keeper: Callable[[], Keeper]) -> None:
        self.app = app
        self.keeper = keeper  # the open session's (lastround.session.keeper), as the app holds it
        self.server: PhoneServer | None = None  # `lastround serve` for the open table

    def start_or_show(self) -> None:  # F5 (lastround.shell.keys)
        keeper = self.keeper()
        session = keeper.session
        if keeper.table is None or session is None or session.path is None:
            return
        from lastround.shell import phones

        if not phones.can_serve():
            self.app.notify(phones.SERVE_MISSING, title="Phones", severity="error",
                            markup=False)
            return
        server = self.server
        if server is not None and server.running():
            if server.url is not None:
                self.show(server.url)
            return  # starting: its code shows once it is ready
        from lastround.screens.serve_where import ServeWhereScreen

        if isinstance(self.app.screen, ServeWhereScreen):
            return  # already asking
        self.app.push_screen(ServeWhereScreen(*phones.where_remembered(), phones.why_not_there,
                                              phones.lan_address()), self.serve_there)

    def serve_there(self, where: tuple[str, int] | None) -> None:
        """Start serving where the host chose (remembered for the next time); None: not."""
        keeper = self.keeper()
        if where is None or keeper.table is None or keeper.session is None:
            return
        from lastround.shell import phones

        assert keeper.session.path is not None
        phones.remember_where(*where)
        self.server = phones.PhoneServer(keeper.session.path.parent, where,
                                         ready=partial(self.from_server, self.show),
                                         failed=partial(self.from_server, self.failed))
        self.server.start()

    def from_server(self, then: Callable[[str], None], said: str) -> None:
        """What the server's reader thread says, handed to the app's own turn."""
        with suppress(RuntimeError):  # the app already ended
            self.app.call_from_thread(then, said)

    def show(self, link: str) -> None:
        from lastround.screens.phones import PhonesScreen

        if not isinstance(self.app.screen, PhonesScreen):
            self.app.push_screen(PhonesScreen(link))

    def failed(self, why: str) -> None:
        self.app.notify(f"Phones can't join: {why}", title="Phones", severity="error",
                        markup=False)

    def stop(self) -> None:
        """Stop serving (not waiting for the server to end); a finished game's phones keep
        its final scores in view."""
        if self.server is not None:
            session = self.keeper().session
            self.server.stop(finished=session is not None and session.finished)
            self.server = None
