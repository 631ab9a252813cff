"""A finished session's BG Stats import link as a QR code, for a phone at the table to scan.

The code is drawn only where the whole of it fits: a cut code does not scan. In a smaller
window the screen says how big it must be and shows the link as text, to copy instead; a link
too long for any QR code (long names) is shown as text, saying so.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Static

from lastround.screens.too_small import MIN_HEIGHT, MIN_WIDTH
from lastround.session.session import Session
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.plain import Plain
from lastround.widgets.qr_code import QrCode, code_size, encodable

WHAT = "Scan with your phone: BG Stats opens this play"
HELP = """\
The final scores as a play for BG Stats, the play logger: scan the code with the phone's
camera and BG Stats opens the play to save, with every player's score, the winners and who
started. The link carries the file's name, so a play imported twice is recognisable.

A QR reader wants dark squares on a light ground. The code is drawn for a terminal with light
text on a dark background; on a terminal with dark text on a light one, I draws it the other
way round. The whole code must fit in the window (about 51×53 for four players: make the
font smaller): in a smaller one the link is shown as text, and C copies it (where the terminal
lets an app use the clipboard)."""
# Around the code: the line saying what it is, and the footer.
LINES_AROUND = 2


def link_for(session: Session) -> str:
    """The shortest BG Stats import link of a finished session, named by its file."""
    from lastround.records.play_log import bgstats_scan_link

    return bgstats_scan_link(session.data, session.path.name if session.path else "")


def window_needed(link: str, lines_around: int = LINES_AROUND) -> Size:
    """The smallest window that shows the whole code and the lines around it (here the line
    above it and the footer), and no smaller than the app's own least window."""
    code = code_size(link)
    return Size(max(code.width, MIN_WIDTH), max(code.height + lines_around, MIN_HEIGHT))


def fits(link: str, window: Size, lines_around: int = LINES_AROUND) -> bool:
    needed = window_needed(link, lines_around)
    return window.width >= needed.width and window.height >= needed.height


def too_long_text(link: str) -> str:
    return (f"✗ The link is too long for a QR code ({len(link):,} characters; long player "
            "names make it so). Copy it (C) and open it on the phone.")


def too_small_text(link: str, window: Size) -> str:
    needed = window_needed(link)
    return (f"✗ The code needs a window of at least {needed.width}×{needed.height}; this one is "
            f"{window.width}×{window.height}. Enlarge the window (or make the font smaller) "
            "to scan it, or copy the link below (C) and open it on the phone.")


class CodeScreen(ModalScreen[None]):
    """A link for a phone to scan: its QR code where the whole of it fits (a cut code does
    not scan), else the link in words with why (`show_code`, each screen's own lines)."""

    lines_around = LINES_AROUND  # the screen's lines besides the code

    def __init__(self, link: str) -> None:
        super().__init__()
        self.link = link
        self.whole = False  # the whole code is shown

    def drawable(self) -> bool:
        """Whether the link makes a QR code at all."""
        return True

    def on_mount(self) -> None:
        self.show_for(self.app.size)

    def on_resize(self, event: events.Resize) -> None:
        self.show_for(event.size)

    def show_for(self, window: Size) -> None:
        self.whole = self.drawable() and fits(self.link, window, self.lines_around)
        self.show_code(window)
        self.refresh_bindings()

    def show_code(self, window: Size) -> None:
        """Show the code if it is `whole`, else the link in words with why."""
        raise NotImplementedError

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Inverting is for a code on screen."""
        if action == "invert":
            return self.whole
        return True

    def action_invert(self) -> None:
        self.query_one(QrCode).invert()


class QrScreen(CodeScreen):
    BINDINGS = [
        Binding("escape", "dismiss", "Close", id="close-qr", tooltip="Back to the final scores"),
        Binding("i", "invert", "Invert", id="invert-qr",
                tooltip="Draw the code the other way round, for a terminal with dark text on "
                        "a light background"),
        Binding("c", "copy", "Copy link", id="copy-qr",
                tooltip="Copy the link to the clipboard (where the terminal allows it)"),
        # A modal screen hides the app's own keys, so F1 is bound here too.
        Binding("f1", "app.help", "Help", id="qr-help", tooltip="Explain this screen and its keys"),
    ]

    def __init__(self, link: str) -> None:
        super().__init__(link)
        self.encodable = encodable(link)  # else only the link is shown, with why

    def compose(self) -> ComposeResult:
        yield Plain(WHAT, id="qr-what")
        with Center(id="qr-code-box"):
            if self.encodable:
                # On a light theme the dark modules are drawn (see lastround.widgets.qr_code).
                yield QrCode(self.link, dark_drawn=not self.app.current_theme.dark,
                             id="qr-code")
        with VerticalScroll(id="qr-text-box"):  # a long link scrolls (↑↓) in a small window
            yield Plain("", id="qr-small")
            yield Plain(self.link, id="qr-link")
        yield SteadyFooter(compact=True, show_command_palette=False)

    def help_text(self) -> str:
        return HELP

    def drawable(self) -> bool:
        return self.encodable

    def show_code(self, window: Size) -> None:
        self.query_one("#qr-code-box").display = self.whole
        self.query_one("#qr-text-box").display = not self.whole
        if not self.whole:
            why = (too_small_text(self.link, window) if self.encodable
                   else too_long_text(self.link))
            self.query_one("#qr-small", Static).update(why)
            self.query_one("#qr-text-box").focus()

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.link)
        self.notify("The link is on the clipboard, where the terminal allows it.", title="Copied")
