"""The host's app serving its open table to phones (F5, or `p` when opening it): the server
(tui.shell.phones) started once, its code shown (screens.phones), and the server ended with
the table or the app. Mixed into LastRoundApp."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from functools import partial
from typing import Any

from textual.app import App

from tui.session.keeper import Keeper
from tui.shell import phones
from tui.shell.phones import PhoneServer


class ServesPhones(App[Any]):
    keeper: Keeper  # the open session's (tui.session.keeper)
    phone_server: PhoneServer | None = None  # `lastround serve` for the open table

    def action_phones(self) -> None:  # F5 (tui.shell.keys)
        session = self.keeper.session
        if self.keeper.table is None or session is None or session.path is None:
            return
        if not phones.can_serve():
            self.notify(phones.SERVE_MISSING, title="Phones", severity="error", markup=False)
            return
        server = self.phone_server
        if server is not None and server.running():
            if server.url is not None:
                self.show_phones(server.url)
            return  # starting: its code shows once it is ready
        self.phone_server = PhoneServer(session.path.parent,
                                        ready=partial(self.from_server, self.show_phones),
                                        failed=partial(self.from_server, self.phones_failed))
        self.phone_server.start()

    def from_server(self, then: Callable[[str], None], said: str) -> None:
        """What the server's reader thread says, handed to the app's own turn."""
        with suppress(RuntimeError):  # the app already ended
            self.call_from_thread(then, said)

    def show_phones(self, link: str) -> None:
        from screens.phones import PhonesScreen

        if not isinstance(self.screen, PhonesScreen):
            self.push_screen(PhonesScreen(link))

    def phones_failed(self, why: str) -> None:
        self.notify(f"Phones can't join: {why}", title="Phones", severity="error",
                    markup=False)

    def stop_phones(self) -> None:
        if self.phone_server is not None:
            self.phone_server.stop()
            self.phone_server = None
