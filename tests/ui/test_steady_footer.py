"""The footer's keys are built again only when the keys change (lastround.widgets.footer).

Textual rebuilds a footer on every focus change; a form's Tab between fields leaves the
same keys, and rebuilding them was a good part of what each key cost."""

from __future__ import annotations

from pathlib import Path

from textual.widgets._footer import FooterKey

from lastround.screens.form import FormScreen
from lastround.widgets.footer import SteadyFooter
from tests.support.galileo_play import THREE_PLAYERS, saved_session
from tests.support.helpers import make_test_app

SIZE = (80, 24)


def keys_shown(screen: object) -> list[FooterKey]:
    footer = screen.query_one(SteadyFooter)  # type: ignore[attr-defined]
    return list(footer.query(FooterKey))


async def test_tab_between_fields_keeps_the_footers_keys_and_another_screen_shows_its_own(
    tmp_path: Path,
) -> None:
    path = saved_session(tmp_path, THREE_PLAYERS, stop_at="scores-0")
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormScreen)
        await pilot.wait_for_scheduled_animations()
        before = keys_shown(form)
        assert [key.description for key in before][:2] == ["Confirm", "Back"]
        for _ in range(3):
            await pilot.press("tab")
            await pilot.pause()
        focused = app.focused
        assert focused is not None and focused.id != f"field-{form.step.fields[0].key}"
        assert keys_shown(form) == before, "the same key widgets: nothing was rebuilt"
        # The final scores (read-only after the game) show other keys than a form.
        await pilot.press("ctrl+o")
        await pilot.pause()
        home_keys = [key.description for key in keys_shown(app.screen)]
        assert "Confirm" not in home_keys and home_keys
