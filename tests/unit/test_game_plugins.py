"""Each game's plugin (tui.games.base.GamePlugin): reading it loads no rules, and what it
names exists."""

from __future__ import annotations

import pytest

from screens.history import GAME_WIDTH
from screens.step_kinds import EVERY_GAMES_SCREENS, step_screen
from tests.fresh_python import python_output
from tui.games import GAME_PACKAGES, plugin_of, plugins
from tui.games.base import GamePlugin, load
from tui.records.examples import examples_folder

# As collected: the registry as shipped, before any test adds to it.
SHIPPED, SHIPPED_PACKAGES = plugins(), tuple(GAME_PACKAGES)


def test_listing_the_games_loads_no_rules() -> None:
    """The home screen needs titles and keys only: the plugins import no game's rules."""
    code = ("import sys, tui.games as g; g.plugins(); "
            "print(*(m for m in sys.modules if m.startswith('tui.games.')))")
    loaded = set(python_output(code).split())
    assert loaded == {"tui.games.base", *SHIPPED_PACKAGES}


@pytest.mark.parametrize("plugin", SHIPPED, ids=lambda p: p.id)
def test_what_a_plugin_names_exists(plugin: GamePlugin) -> None:
    game = load(plugin.game)
    assert game.id == plugin.id and plugin_of(plugin.id) is plugin
    assert len(plugin.short_title) <= GAME_WIDTH
    for kind, screen in plugin.step_screens:
        assert kind not in EVERY_GAMES_SCREENS
        assert step_screen(kind).__name__ == screen.partition(":")[2]
    for module in plugin.warm_up:
        load(f"{module}:__name__")
    for target in (plugin.warm_up_call, plugin.edition_of, plugin.describe_draw,
                   *(key.screen for key in plugin.app_keys)):
        if target:
            assert callable(load(target)), target
    load(f"{plugin.checks}:check_game_data")
    folder = examples_folder()
    assert folder is not None
    assert all((folder / example.file).is_file() for example in plugin.examples)


def test_home_keys_and_app_keys_are_distinct() -> None:
    home = [p.home_key.key for p in SHIPPED if p.home_key is not None]
    app = [key.id for p in SHIPPED for key in p.app_keys]
    assert len(home) == len(set(home)) == len(SHIPPED) and len(app) == len(set(app))
