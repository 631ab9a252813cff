"""Each game's plugin (lastround.games.plugin.GamePlugin): reading it loads no rules, and what it
names exists."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.screen import Screen

from lastround.games import GAME_PACKAGES, plugin_of, plugins
from lastround.games.plugin import GamePlugin, load
from lastround.records.examples import examples_folder
from lastround.screens.correction import Correcting, correction_screen
from lastround.screens.history_view import GAME_WIDTH
from lastround.screens.step import StepScreen
from lastround.screens.step_kinds import (
    EVERY_GAMES_SCREENS,
    game_screens,
    has_screens,
    join_screen,
    step_screen,
)
from tests.support.fresh_python import python_output
from tests.support.source_names import module_name, source_files
from tests.support.toy_unlisted import PLUGIN as TOY

# As collected: the registry as shipped, before any test adds to it.
SHIPPED, SHIPPED_PACKAGES = plugins(), tuple(GAME_PACKAGES)


def test_listing_the_games_loads_no_rules() -> None:
    """The home screen needs titles and keys only: the plugins import no game's rules."""
    code = ("import sys, lastround.games as g; g.plugins(); "
            "print(*(m for m in sys.modules if m.startswith('lastround.games.')))")
    loaded = set(python_output(code).split())
    assert loaded == {"lastround.games.plugin", *SHIPPED_PACKAGES}


@pytest.mark.parametrize("plugin", [*SHIPPED, TOY], ids=lambda p: p.id)
def test_what_a_plugin_names_exists(plugin: GamePlugin) -> None:
    """What a plugin names loads; what it may leave out (the toy game names no `checks`
    module: only the checks every game gets) is not asked for."""
    game = load(plugin.game)
    assert game.id == plugin.id and plugin_of(plugin.id) is plugin
    assert len(plugin.short_title) <= GAME_WIDTH
    own = set(plugin.step_kinds)
    for kind in plugin.step_kinds:
        assert kind not in EVERY_GAMES_SCREENS
        assert issubclass(step_screen(kind), StepScreen), kind
    for kind in plugin.join_kinds:
        assert kind in own and issubclass(join_screen(kind), step_screen(kind)), kind
    assert callable(load(plugin.seat_check)) if plugin.join_kinds else not plugin.seat_check
    for kind in plugin.correction_kinds:
        assert kind in own and issubclass(correction_screen(kind), step_screen(kind)), kind
        assert issubclass(correction_screen(kind), Correcting)
    for module in plugin.warm_up:
        load(f"{module}:__name__")
    for target in (plugin.warm_up_call, plugin.edition_of, plugin.describe_draw):
        if target:
            assert callable(load(target)), target
    if plugin.checks:
        assert callable(load(f"{plugin.checks}:check_game_data")), plugin.checks
    folder = examples_folder()
    assert folder is not None
    assert all((folder / example.file).is_file() for example in plugin.examples)


@pytest.mark.parametrize("plugin", [p for p in SHIPPED if has_screens(p)], ids=lambda p: p.id)
def test_a_games_screens_register_exactly_the_kinds_and_keys_its_rules_name(
        plugin: GamePlugin) -> None:
    """The rules name a step kind ("cards") and a key's id; the game's screens package
    (screens.<id>) maps each to the screen class showing it, and nothing more."""
    screens = game_screens(plugin.id)
    assert set(screens.steps) == set(plugin.step_kinds)
    assert set(screens.joins) == set(plugin.join_kinds)
    assert set(screens.corrections) == set(plugin.correction_kinds)
    assert set(screens.keys) == {key.id for key in plugin.app_keys}
    assert all(isinstance(make(), Screen) for make in screens.keys.values())


def test_home_keys_and_app_keys_are_distinct() -> None:
    home = [p.home_key.key for p in SHIPPED if p.home_key is not None]
    app = [key.id for p in SHIPPED for key in p.app_keys]
    assert len(home) == len(set(home)) == len(SHIPPED) and len(app) == len(set(app))


def named_modules(plugin: GamePlugin) -> set[str]:
    """The modules a plugin names: its checks, warm-up and hooks."""
    targets = [plugin.game, plugin.checks, plugin.seat_check, plugin.warm_up_call,
               plugin.edition_of, plugin.describe_draw, *plugin.warm_up]
    return {target.partition(":")[0] for target in targets if target}


def string_constants(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value


def test_only_a_game_and_the_modules_its_plugin_names_know_its_own_step_kinds() -> None:
    """A game's own step kind ("cards", "turns") is written only in its package, the
    modules its plugin names and its screens (screens.<id>): everywhere else a step
    of it is found through the plugin (which screen shows it, whether a seat enters it,
    whether it can be corrected)."""
    knowing: dict[str, tuple[str, set[str]]] = {}  # kind: its game's package, named modules
    for package in SHIPPED_PACKAGES:
        plugin = importlib.import_module(package).PLUGIN
        for kind in plugin.step_kinds:
            knowing[kind] = (package, named_modules(plugin))
    assert knowing.keys() >= {"cards", "turns"}
    found = []
    for path in source_files():
        module = module_name(path)
        for kind in sorted(knowing.keys() & set(string_constants(path))):
            package, named = knowing[kind]
            own = (package, package.replace("lastround.games.", "lastround.screens.", 1))
            if not (any(module == p or module.startswith(f"{p}.") for p in own)
                    or module in named):
                found.append(f"{module} writes {kind!r}, a kind of {package}'s own")
    assert not found, found
