"""Every private Textual name tui/ and screens/ use, each with the test that fails first, and
says which, when a Textual upgrade changes it (the name gone, its signature or what it does).

`@guards(...)` names what each test guards; the last tests read the source and fail when a
private Textual name is used without a guard, or a guard is kept for a name no longer used.
Besides the private names, the public behaviour the app's own rebuilds of Textual's logic
rely on is checked here too (the binding chain F1 reads).
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.dom import DOMNode
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

import lastround.widgets
from lastround import screens
from lastround.widgets.bindings import binding_chain
from tests.support.helpers import make_test_app
from tests.support.rftg_play import FOUR_PLAYERS, saved_session
from tests.support.textual_private import private_textual_names

Test = TypeVar("Test", bound=Callable[..., Any])
GUARDED: dict[str, str] = {}  # each private Textual name used: the test guarding it


def guards(*names: str) -> Callable[[Test], Test]:
    def register(test: Test) -> Test:
        for name in names:
            GUARDED[name] = test.__name__
        return test
    return register


# the ordered key path (lastround.widgets.key_order) -----------------------------------------------
class Marks(App[None]):
    BINDINGS = [Binding("f5", "mark('priority')", priority=True), Binding("f6", "mark('app')")]

    def __init__(self) -> None:
        super().__init__()
        self.marks: list[str] = []

    def action_mark(self, what: str) -> None:
        self.marks.append(what)


@guards("_check_bindings")
async def test_the_app_runs_a_keys_priority_bindings_through_one_method() -> None:
    """OrderedKeys.handle_key runs the priority bindings first (App._check_bindings with
    priority=True): True when one of them ran, False when the key has none."""
    assert list(inspect.signature(App._check_bindings).parameters) == ["self", "key", "priority"]
    app = Marks()
    async with app.run_test():
        assert await app._check_bindings("f5", priority=True) is True
        assert await app._check_bindings("f6", priority=True) is False
        assert app.marks == ["priority"]


# screens built ahead (lastround.shell.ahead, lastround.screens.galileo.turns,
# lastround.screens.offstage) -----------------
async def built_offstage(app: App[None], pilot: Pilot[None]) -> Screen[None]:
    """A screen built with App._get_screen, once it is whole (mounted)."""
    offstage = Screen[None]()
    app._get_screen(offstage)
    for _ in range(100):
        if offstage.is_mounted:
            break
        await pilot.pause(0.01)
    return offstage


@guards("_get_screen")
async def test_a_screen_is_built_offstage_by_get_screen() -> None:
    """lastround.shell.ahead builds the next step's screen with App._get_screen (registered and
    started, as push_screen does, without being shown)."""
    app: App[None] = App()
    async with app.run_test() as pilot:
        offstage = await built_offstage(app, pilot)
        assert offstage.is_mounted and offstage not in app.screen_stack


def text_of_update(update: Any) -> str:
    """The text of a frame drawn by a screen's compositor (a LayoutUpdate)."""
    return "\n".join("".join(strip.text for strip in line) for line in update.strips)


@guards("_refresh_layout", "_compositor", "_on_timer_update")
async def test_a_screen_is_laid_out_offstage_and_drawn_at_once_through_three_names() -> None:
    """lastround.screens.offstage.Offstage lays out and draws a screen not shown
    (Screen._refresh_layout,
    its compositor's render_update), and once shown draws it whole at once: refresh(layout=True)
    then Screen._on_timer_update, which hands the frame to the terminal there and then."""
    from textual._compositor import LayoutUpdate

    app: App[None] = App()
    async with app.run_test(size=(40, 10)) as pilot:
        offstage = await built_offstage(app, pilot)
        await offstage.mount(Static("drawn offstage"))
        offstage._refresh_layout(app.size)
        drawn = offstage._compositor.render_update(full=True)
        assert isinstance(drawn, LayoutUpdate)
        assert "drawn offstage" in text_of_update(drawn)

        frames: list[object] = []
        display = app._display

        def recording(screen: Screen[object], renderable: object) -> None:
            frames.append(renderable)
            display(screen, renderable)  # type: ignore[arg-type]

        app._display = recording  # type: ignore[method-assign]
        await app.push_screen(offstage)
        await pilot.pause()
        frames.clear()
        offstage.query_one(Static).update("changed")
        offstage.refresh(layout=True)
        offstage._on_timer_update()
        assert frames and isinstance(frames[-1], LayoutUpdate), "drawn there and then"
        assert "changed" in text_of_update(frames[-1])


# public behaviour the app rebuilds (lastround.widgets.bindings, lastround.widgets.entry,
# lastround.screens.join_wait) --
def active_bindings_from(screen: Screen[object]) -> dict[str, ActiveBinding]:
    """What Textual's `active_bindings` holds, rebuilt from the chain as Textual builds it:
    the first binding of each key, unless a later one has priority."""
    active: dict[str, ActiveBinding] = {}
    for node, binding, state in binding_chain(screen):
        if state is False:
            continue
        known = active.get(binding.key)
        if known is None or (binding.priority and not known.binding.priority):
            active[binding.key] = ActiveBinding(node, binding, bool(state), binding.tooltip)
    return active


async def test_the_binding_chain_is_what_active_bindings_is_made_from(saves: Path) -> None:
    """A field, a checklist, the home list and a modal box (the help): the chain F1 reads
    gives exactly Textual's own active bindings."""
    path = saved_session(saves, FOUR_PLAYERS, upto="finish-round")
    for app in (make_test_app(saves, command="new", game="rftg"),
                make_test_app(saves, command="resume", file=path), make_test_app(saves)):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _ in range(2):  # the screen, then its help
                assert active_bindings_from(app.screen) == app.screen.active_bindings
                assert binding_chain(app.screen), app.screen
                await pilot.press("f1")
                await pilot.pause()


def all_subclasses(cls: type[DOMNode]) -> Iterator[type[DOMNode]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from all_subclasses(sub)


def test_no_class_that_drops_its_bases_bindings_has_any_to_drop() -> None:
    """lastround.widgets.bindings.declared_bindings merges every base's BINDINGS: right while no
    widget declared `inherit_bindings=False` (Textual's Static) has a base with bindings."""
    import textual.widgets
    from textual.dom import DOMNode

    for package in (textual.widgets, screens, lastround.widgets):  # every widget class defined
        for module in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
            importlib.import_module(module.name)
    for cls in set(all_subclasses(DOMNode)):
        if not cls._inherit_bindings:
            inherited = [base for base in cls.__mro__[1:] if base.__dict__.get("BINDINGS")]
            assert not inherited, (cls, inherited)


async def test_an_input_measures_its_text_through_its_virtual_size() -> None:
    """lastround.widgets.entry.Entry keeps Input's measure of its text, set on `virtual_size`, from
    laying out the screen by declaring the reactive again without layout."""
    from lastround.widgets.entry import Entry

    class OneField(App[None]):
        def compose(self) -> ComposeResult:
            yield Entry("12")

    app = OneField()
    async with app.run_test() as pilot:
        field = app.query_one(Entry)
        field.value = "12345"
        await pilot.pause()
        assert field.virtual_size.width == len("12345") + 1  # the cursor's cell after it
        assert Widget.virtual_size.name == Entry.virtual_size.name == "virtual_size"


async def test_a_screen_being_removed_is_no_longer_displayed_at_once() -> None:
    """lastround.screens.join_wait and lastround.shell.join_app read `display` to skip a screen
    whose widgets are being removed one by one."""
    app = App[None]()
    async with app.run_test():
        shown = Screen[None]()
        await app.push_screen(shown)
        await shown.mount(Static("a"), Static("b"), Static("c"))
        removed = app.pop_screen()
        seen: list[tuple[int, bool]] = []  # (widgets left, displayed) at each turn
        for _ in range(1000):
            seen.append((len(shown.query(Static)), shown.display))
            if not seen[-1][0]:
                break
            await asyncio.sleep(0)
        await removed
    assert (3, False) in seen, seen  # not displayed while its widgets are still there
    assert not any(displayed for left, displayed in seen if left < 3), seen


async def test_a_screen_shown_again_is_restyled_only_as_its_own_resume_handler_lets_it() -> None:
    """lastround.screens.offstage.Offstage turns off ScreenResume.refresh_styles in its public
    handler: Textual runs it before Screen's own, which reads the flag."""
    restyled: list[str] = []

    class Counted(Screen[None]):
        keep_styles = False

        def on_screen_resume(self, event: events.ScreenResume) -> None:
            event.refresh_styles = not self.keep_styles

        def update_node_styles(self, animate: bool = True) -> None:
            restyled.append("restyled")
            super().update_node_styles(animate)

    app = App[None]()
    async with app.run_test() as pilot:
        for keep_styles in (False, True):
            restyled.clear()
            shown = Counted()
            shown.keep_styles = keep_styles
            await app.push_screen(shown)
            await pilot.pause()
            assert bool(restyled) is not keep_styles, keep_styles
            await app.pop_screen()


async def test_a_widget_removed_and_refreshed_lets_go_of_the_lines_it_drew() -> None:
    """lastround.shell.memory.forget_drawn_lines refreshes each widget of a screen that has gone:
    Textual's style cache would otherwise keep its lines (tests/ui/test_garbage.py)."""

    class OneText(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("drawn")

    app = OneText()
    async with app.run_test() as pilot:
        widget = app.query_one(Static)
        for _ in range(500):  # until it is drawn
            if widget._styles_cache._cache:
                break
            await pilot.pause(0.01)
        assert widget._styles_cache._cache
        await widget.remove()
        assert widget._styles_cache._cache  # removing it keeps them
        widget.refresh()
        assert not widget._styles_cache._cache


# the list is whole ----------------------------------------------------------------------------
def test_every_private_textual_name_used_has_a_guard() -> None:
    used = private_textual_names()
    unguarded = {name: where for name, where in used.items() if name not in GUARDED}
    assert not unguarded, f"private Textual names without a guard here: {unguarded}"
    unused = sorted(set(GUARDED) - set(used))
    assert not unused, f"guarded here but no longer used (remove from @guards): {unused}"
    assert all(name in globals() and name.startswith("test_") for name in GUARDED.values())


# The ordered key path's one (a key's priority bindings), and the 4 of the screens built ahead
# (lastround.screens.offstage): building a screen without showing it, laying it out and drawing it
# offstage, drawing it at once. The most the house allows is 6.
MOST_PRIVATE_NAMES = 5


def test_the_app_uses_no_more_private_textual_names_than_it_has_room_for() -> None:
    used = private_textual_names()
    assert len(used) <= MOST_PRIVATE_NAMES, sorted(used)


def test_the_source_is_read_for_every_way_a_private_name_is_reached() -> None:
    import ast

    from tests.support.textual_private import private_uses, textual_names

    source = (
        "import os\n"
        "import textual._xterm_parser\n"
        "from textual._context import active_app\n"
        "class Box:\n"
        "    def _on_mount(self) -> None:\n"
        "        os._exit(1)\n"
        "        self._closing, self._a_name_of_our_own, super()._on_idle(None)\n"
        "        getattr(self, '_pruning')\n")
    found = {name for name, _line in private_uses(ast.parse(source))
             if name.startswith("textual.") or name in textual_names()}
    assert found == {"textual._xterm_parser", "textual._context", "_on_mount", "_closing",
                     "_on_idle", "_pruning"}
