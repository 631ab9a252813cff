"""The private Textual names Last Round uses besides the key path (tests/ui/test_key_order.py
guards those): this fails first, and says which, when a Textual upgrade changes one of them."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import ActiveBinding
from textual.screen import Screen
from textual.widgets import Static

from tests.helpers import make_test_app
from tests.rftg_play import FOUR_PLAYERS, saved_session
from tui.shell import memory
from tui.widgets.bindings import binding_chain


def test_widgets_draw_through_the_style_cache_the_app_empties() -> None:
    """tui.shell.memory empties the lru_cache on StylesCache.get_inner_outer."""
    cached = memory.styles_cache.StylesCache.get_inner_outer
    assert isinstance(Static()._styles_cache, memory.styles_cache.StylesCache)
    assert callable(cached.cache_clear) and cached.cache_info().maxsize == 1024


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


async def test_a_screen_is_built_offstage_by_get_screen() -> None:
    """screens.offstage.build_offstage builds a screen ahead with App._get_screen (registered and
    started, as push_screen does, without being shown)."""
    from textual.app import App

    app: App[None] = App()
    async with app.run_test() as pilot:
        offstage = Screen[None]()
        app._get_screen(offstage)
        for _ in range(100):
            if offstage.is_mounted:
                break
            await pilot.pause(0.01)
        assert offstage.is_mounted and offstage not in app.screen_stack


def test_a_resumed_screen_is_restyled_by_a_flag_of_screen_resume() -> None:
    """screens.step.StepScreen turns off ScreenResume.refresh_styles in Screen's own
    _on_screen_resume handler."""
    from textual import events

    assert events.ScreenResume().refresh_styles is True
    assert callable(Screen._on_screen_resume)


def test_a_screen_is_laid_out_and_drawn_through_the_names_step_screens_call() -> None:
    """screens.offstage.Offstage lays out a screen built ahead offstage (Screen._refresh_layout,
    its compositor's render_update) and draws a shown one at once (Widget._check_refresh and
    the flags it reads, Screen._on_timer_update, Screen._dirty_widgets, the compositor's
    _dirty_regions)."""
    from textual._compositor import Compositor

    screen = Screen[None]()
    widget = Static()
    for name in ("_refresh_layout", "_on_timer_update", "_on_idle"):
        assert callable(getattr(Screen, name)), name
    assert isinstance(screen._dirty_widgets, set) and screen._layout_required is False
    assert callable(Compositor.render_update)
    assert isinstance(screen._compositor, Compositor)  # draw_now marks the whole screen dirty
    assert isinstance(screen._compositor._dirty_regions, set)
    assert callable(widget._check_refresh)
    assert widget._layout_required is False and widget._repaint_required is False


async def test_a_widgets_request_for_a_layout_waits_in_its_screens_queue() -> None:
    """screens.offstage.Offstage.layout_queued reads the screen's queue (MessagePump's
    _message_queue, its `values`) for Textual's Layout message, which a widget posts to its
    screen when it next idles after refresh(layout=True)."""
    from textual import messages
    from textual.app import App

    class OneText(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("one")

    app = OneText()
    async with app.run_test() as pilot:
        await pilot.pause()
        widget = app.screen.query_one(Static)
        widget.refresh(layout=True)
        widget._check_refresh()
        assert any(isinstance(message, messages.Layout)
                   for message in app.screen._message_queue.values)
