"""Each screen's styles live in the .tcss file beside it, and every one is loaded when the app
starts: a screen class bringing CSS of its own would make Textual parse the app's whole CSS
again the first time it is shown, in the middle of a key."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

from textual.screen import ModalScreen, Screen

from lastround import screens
from lastround.app import LastRoundApp
from lastround.shell.join_app import JoinApp

SCREENS = Path(screens.__file__).resolve().parent


def screen_classes() -> list[type[Screen[object]]]:
    found = []
    for path in sorted(SCREENS.glob("**/*.py")):
        name = ".".join(path.relative_to(SCREENS).with_suffix("").parts).removesuffix("__init__")
        module = importlib.import_module(f"{screens.__name__}.{name}".rstrip("."))
        found += [cls for _, cls in inspect.getmembers(module, inspect.isclass)
                  if issubclass(cls, Screen) and cls.__module__ == module.__name__]
    return found


def test_no_screen_class_brings_css_of_its_own() -> None:
    inline = [cls.__qualname__ for cls in screen_classes()
              if cls.__dict__.get("DEFAULT_CSS", "").strip() or cls.__dict__.get("CSS", "").strip()
              or cls.__dict__.get("CSS_PATH")]
    assert inline == []


def test_every_screen_stylesheet_is_loaded_by_both_apps_at_start() -> None:
    sheets = {path.resolve() for path in SCREENS.glob("**/*.tcss")}
    assert {SCREENS / "home.tcss", SCREENS / "form.tcss", SCREENS / "rftg" / "cards.tcss",
            SCREENS / "galileo" / "turns.tcss"} <= sheets
    for app_class in (LastRoundApp, JoinApp):
        paths = app_class.CSS_PATH
        assert isinstance(paths, list)
        assert sheets <= {Path(path).resolve() for path in paths}, app_class.__name__


def test_each_screen_stylesheet_sits_beside_its_screen_module() -> None:
    lonely = [path.name for path in SCREENS.glob("**/*.tcss")
              if not path.with_suffix(".py").exists()]
    assert lonely == []


async def test_a_screen_stylesheet_rule_applies(tmp_path: Path) -> None:
    """home.tcss's rule for the home notice (`display: none` while empty) reaches the screen."""
    from tests.support.helpers import make_test_app

    app = make_test_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#home-notice").styles.display == "none"


def test_every_modal_box_but_a_full_screen_code_is_a_dialog() -> None:
    """One look for every modal's box (tui/widgets/dialog.tcss), not a copy in each .tcss."""
    from lastround.screens.qr import CodeScreen
    from lastround.widgets.dialog import DialogScreen

    modals = [cls for cls in screen_classes()
              if issubclass(cls, ModalScreen) and not issubclass(cls, CodeScreen)]
    assert len(modals) >= 8
    assert [cls.__qualname__ for cls in modals if not issubclass(cls, DialogScreen)] == []


def test_no_screen_stylesheet_draws_a_box_of_its_own() -> None:
    copied = [path.name for path in SCREENS.glob("*.tcss")
              if "$surface" in path.read_text("utf-8")]
    assert copied == []


def test_neither_app_styles_its_screens_in_python() -> None:
    """The joiner's card picker at a phone's width was styled by CSS in join_app.py: every
    rule now sits in the .tcss of what it styles (cards.tcss, join.tcss, app.tcss)."""
    assert [app.__name__ for app in (LastRoundApp, JoinApp) if app.CSS.strip()] == []
