"""The table's code for phones: the host's screen shows the link `lastround serve` prints, as
a QR code to scan and in words to type, while the players join from their phone's browser.

The code is drawn only where the whole of it fits (a cut code does not scan); in a smaller
window the link is shown in words alone, saying how big the window must be.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center
from textual.geometry import Size
from textual.widgets import Static

from lastround.screens.qr import CodeScreen, window_needed
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.plain import Plain
from lastround.widgets.qr_code import QrCode

WHAT = "Phones: scan to join the table (this network, no internet needed)"
HELP = """\
Each player scans the code with their phone's camera, or types the link into its browser, on
the network this machine is on. The browser shows `lastround join` for this table: the player
picks the table and their seat by number and enters their own steps, as from a terminal.

The link holds a random code made when the serving started (ten letters and digits, without
look-alikes, in either case): only who sees this screen can get in, and every other request
is refused and logged in .lastround-serve.log in the saves folder. Serving ends with this
app, or when the game is finished: each phone then keeps the final scores in view.

A QR reader wants dark squares on a light ground: on a terminal with dark text on a light
background, I draws the code the other way round."""
LINES_AROUND = 3  # the line saying what it is, the link in words, the footer


class PhonesScreen(CodeScreen):
    lines_around = LINES_AROUND

    BINDINGS = [
        Binding("escape", "dismiss", "Close", id="close-phones", tooltip="Back to the step"),
        Binding("i", "invert", "Invert", id="invert-phones",
                tooltip="Draw the code the other way round, for a terminal with dark text on "
                        "a light background"),
        # A modal screen hides the app's own keys, so F1 is bound here too.
        Binding("f1", "app.help", "Help", id="phones-help",
                tooltip="Explain this screen and its keys"),
    ]

    def compose(self) -> ComposeResult:
        yield Plain(WHAT, id="phones-what")
        with Center(id="phones-code-box"):
            yield QrCode(self.link, dark_drawn=not self.app.current_theme.dark, id="phones-code")
        yield Plain("", id="phones-small")
        yield Plain(f"or type: {self.link}", id="phones-link")
        yield SteadyFooter(compact=True, show_command_palette=False)

    def help_text(self) -> str:
        return HELP

    def show_code(self, window: Size) -> None:
        self.query_one("#phones-code-box").display = self.whole
        small = self.query_one("#phones-small", Static)
        small.display = not self.whole
        if not self.whole:
            needed = window_needed(self.link, LINES_AROUND)
            small.update(f"✗ The code needs a window of at least {needed.width}×"
                         f"{needed.height}; this one is {window.width}×"
                         f"{window.height}. Enlarge it to scan, or type the link below.")
