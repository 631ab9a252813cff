"""`lastround serve` in a real browser: Debian's chromium at a phone's size (390×844), as a
player at the table uses it (the browser: tests/serve/conftest.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.async_api import Browser, ConsoleMessage, ViewportSize

from lastround.session.files import read_session
from lastround.shell.join_app import JoinApp
from tests.serve.frames import drawn_extent
from tests.serve.phone import PAINTED, Phone
from tests.serve.served import joiners_of, serving, wait_until
from tests.support.join_play import Host
from tests.support.rftg_play import letters_for
from tests.support.table_sessions import ready_for_seats, seat_entries

NARROW_BELOW = JoinApp.HORIZONTAL_BREAKPOINTS[1][0]


def entry(path: Path, step_id: str) -> dict[str, object]:
    return next(e for e in read_session(path)["log"] if e["step"] == step_id)


async def test_a_phone_enters_a_whole_seat_with_digits_letters_and_enter(
        tmp_path: Path, browser: Browser) -> None:
    saves = tmp_path / "saves"
    path = ready_for_seats("rftg", saves)
    host = Host(path)
    own = dict(seat_entries("rftg")[1])
    with serving(saves, tmp_path) as served:
        phone = await Phone.open(browser, served.url)
        problems: list[str] = []

        def console(message: ConsoleMessage) -> None:
            if message.type == "error":
                problems.append(message.text)

        phone.page.on("console", console)
        phone.page.on("pageerror", lambda error: problems.append(str(error)))
        await phone.claim_seat(1, 2)  # the first table, Jonas
        await phone.wait_for("Jonas: tableau")
        for name in own["tableau-1"]["tableau"]:
            await phone.type(letters_for(name))
            await phone.enter()
        await phone.enter()  # the empty search: the tableau is done
        await phone.wait_for("chips, hand and goods", host.serve)
        for key in ("chips", "hand", "goods"):  # Enter from field to field, then sent
            await phone.type(str(own["counts-1"][key]))
            await phone.enter()
        await phone.wait_for("Entered ✓", host.serve)
        # Upright, the phone's terminal gets the joiner's narrow layout (41×40 here).
        width, height = phone.sizes[0]
        assert width < NARROW_BELOW and height >= 16, phone.sizes
        # Nothing left the machine: every request was the server's own, and the page's
        # policy refused nothing it needed.
        assert phone.requests and all(url.startswith(served.url.replace("http", "ws", 1))
                                      or url.startswith(served.url)
                                      for url in phone.requests), phone.requests
        assert not problems, problems
        await phone.close()
    for step_id in ("tableau-1", "counts-1"):
        logged = entry(path, step_id)
        assert logged["values"] == own[step_id] and logged["by"] == "Jonas"
    host.leave()


async def test_a_phone_that_drops_claims_its_seat_again_and_finds_its_typing(
        tmp_path: Path, browser: Browser) -> None:
    """A phone's page closed (the screen locked, the browser swiped away) ends its app and
    lets go of the seat; the page opened again claims it, with what was typed."""
    saves = tmp_path / "saves"
    path = ready_for_seats("rftg", saves)
    host = Host(path)
    with serving(saves, tmp_path) as served:
        phone = await Phone.open(browser, served.url)
        await phone.claim_seat(1, 2)  # the first table, Jonas
        await phone.wait_for("Jonas: tableau")
        await phone.type(letters_for("Alpha Centauri"))
        await phone.enter()
        await phone.type("mini")
        await phone.wait_for("mini")
        await phone.close()
        wait_until(lambda: not joiners_of(saves), "the dropped phone's app ended")
        again = await Phone.open(browser, served.url)
        await again.claim_seat(1, 2)  # the first table, Jonas
        await again.wait_for("What was typed here before is back")
        assert "Alpha Centauri" in again.text
        await again.close()
    host.leave()


async def test_a_phone_turned_or_with_its_keyboard_up_gets_the_step_again_at_its_size(
        tmp_path: Path, browser: Browser) -> None:
    """A phone's window changes size as a terminal's rarely does: the keyboard coming up
    takes half its height, turning it sideways makes it wide. Each is a new size for the app,
    which lays the same step out again, the typing kept."""
    saves = tmp_path / "saves"
    ready_for_seats("rftg", saves)
    host = Host(saves / "rftg-table.toml")
    with serving(saves, tmp_path) as served:
        phone = await Phone.open(browser, served.url)
        await phone.claim_seat(1, 2)  # the first table, Jonas
        await phone.wait_for("Jonas: tableau")
        await phone.type("alpha")
        await phone.wait_for("Alpha Centauri")
        upright = phone.sizes[-1]
        # The keyboard up keeps the width and leaves 16 rows or more; sideways, the wide layout.
        # (A browser may report a size or two on the way: each is waited past, not counted.)
        expected: tuple[tuple[ViewportSize, Callable[[tuple[int, int]], bool]], ...] = (
            ({"width": 390, "height": 400},
             lambda size: size[0] == upright[0] and 16 <= size[1] < upright[1]),
            ({"width": 844, "height": 390}, lambda size: size[0] >= NARROW_BELOW),
        )
        for viewport, reported in expected:
            await phone.page.set_viewport_size(viewport)
            await phone.wait_for_size(reported, f"a size for {viewport}")
            phone.forget()  # what is drawn from here on is at that size
            await phone.wait_for("Jonas: tableau")  # drawn again, whole
            await phone.wait_for("alpha")
        await phone.close()
    host.leave()


async def test_a_paste_too_long_is_refused_in_words_that_fit_the_phone(
        tmp_path: Path, browser: Browser) -> None:
    """The refusal of a paste longer than any field takes wraps whole within the page's
    width (it was drawn for 80 columns, and cut at the page's edge)."""
    saves = tmp_path / "saves"
    host = Host(ready_for_seats("rftg", saves))
    with serving(saves, tmp_path) as served:
        phone = await Phone.open(browser, served.url, scale=1)  # its screenshot read
        await phone.claim_seat(1, 2)  # the first table, Jonas
        await phone.wait_for("Jonas: tableau")
        width = phone.sizes[-1][0]
        phone.forget()
        # Over the 10,000 characters a field takes, within what the server passes on (a
        # paste much longer is refused by the server itself: test_serve_refusals).
        await phone.page.evaluate(PASTE, "x" * 10_001)
        await phone.wait_for("Not pasted: 10,001")
        await phone.wait_for("10,000).")  # the end of the refusal, on its own line or not
        right, _bottom = drawn_extent(phone.drawn_raw)
        await phone.page.evaluate(PAINTED)
        await phone.page.screenshot(path="/tmp/lastround-phone-paste-refused.png")
        assert right <= width, (width, phone.text)
        await phone.close()
    host.leave()


# A paste into the page's terminal, as a phone's long press and Paste does.
PASTE = """text => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    document.querySelector(".xterm-helper-textarea").dispatchEvent(
        new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
}"""
