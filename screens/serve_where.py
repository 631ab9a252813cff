"""Where the phones are served (F5, or `p` when opening the table): the address (blank: this
machine's on its local network) and the port, as last served (the settings). A port already
taken is said at the field, and the next free one put in its place: Enter serves there."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input

from lastround.session.fields import Invalid, parse_text
from lastround.widgets.dialog import Dialog, DialogScreen
from lastround.widgets.entry import Entry
from lastround.widgets.error_line import ErrorLine
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.key_order import focus_now
from lastround.widgets.plain import Plain

Where = tuple[str, int]
# Why the server can't listen there (and a free port to offer), or None: lastround.shell.phones.
Check = Callable[[str, int], tuple[str, int | None] | None]
ADDRESS_LIMIT = 100
HELP = """\
The phones' browsers reach this machine at the address and port shown under the code. Leave
the address blank for this machine's address on its local network (the usual), or type one
of its addresses: 127.0.0.1 for its own browser only, 0.0.0.0 for every network it is on.
The port is any from 1024 to 65535 (0: any free one). A port already in use, for example by
a `lastround serve` started by hand, is said here with the next free one to take instead.
Both are remembered for the next time."""


class ServeWhereScreen(DialogScreen[Where | None]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="cancel-serve-where",
                tooltip="Don't serve the table to phones"),
        Binding("enter", "serve", "Serve", id="serve-there", priority=True,
                tooltip="Serve the table to phones at this address and port"),
        Binding("f1", "app.help", "Help", id="serve-where-help", tooltip="Explain this box"),
    ]

    def __init__(self, address: str, port: int, check: Check, local: str | None) -> None:
        super().__init__()
        self.address = address
        self.port = port
        self.check = check
        self.local = local  # this machine's address on its local network, None without one

    def compose(self) -> ComposeResult:
        with Dialog(id="serve-where-box"):
            yield Plain("Serve the table to phones", classes="step-title")
            yield Plain("Address (blank: this machine's on its local network):")
            yield Entry(self.address, id="serve-address", placeholder=(
                f"blank serves at {self.local}" if self.local
                else "no local network found: type an address, 127.0.0.1 for this machine"))
            yield Plain("Port (Tab: from field to field):")
            yield Entry(str(self.port), id="serve-port")
            yield ErrorLine(id="serve-where-error")
        yield SteadyFooter()

    def on_mount(self) -> None:
        focus_now(self.query_one("#serve-address", Input))

    def help_text(self) -> str:
        return HELP

    def action_serve(self) -> None:
        error = self.query_one("#serve-where-error", ErrorLine)
        try:
            where = self.typed()
        except Invalid as problem:
            error.show(str(problem))
            return
        if (why := self.check(*where)) is not None:
            words, free = why
            error.show(words[0].upper() + words[1:] + (": Enter serves there" if free else ""))
            if free is not None:
                focus_now(self.query_one("#serve-port", Input))
                self.query_one("#serve-port", Input).value = str(free)
            return
        self.dismiss(where)

    def typed(self) -> Where:
        address = parse_text(self.query_one("#serve-address", Input).value, "Address",
                             ADDRESS_LIMIT, optional=True).strip()
        raw = self.query_one("#serve-port", Input).value.strip()
        if not raw.isdigit() or not (int(raw) == 0 or 1024 <= int(raw) <= 65535):
            raise Invalid("Port: a number from 1024 to 65535 (0: any free port)")
        return address, int(raw)

    def action_cancel(self) -> None:
        self.dismiss(None)
