"""Which screen shows a step of each kind: the kinds every game has here, a game's own kinds
from its plugin (GamePlugin.step_screens). A screen's module loads on first use."""

from __future__ import annotations

from screens.step import StepScreen
from tui.games import plugins
from tui.games.base import StepKind, load

EVERY_GAMES_SCREENS: dict[StepKind, str] = {
    "setup": "screens.setup:SetupScreen",
    "form": "screens.form:FormScreen",
    "checklist": "screens.checklist:ChecklistScreen",
    "breakdown": "screens.breakdown:BreakdownScreen",
}


def screen_of(kind: StepKind) -> str:
    """The "module:Class" of the kind's screen; KeyError for a kind no game has."""
    if kind in EVERY_GAMES_SCREENS:
        return EVERY_GAMES_SCREENS[kind]
    for plugin in plugins():
        found = dict(plugin.step_screens).get(kind)
        if found is not None:
            return found
    raise KeyError(kind)


def step_screen(kind: StepKind) -> type[StepScreen]:
    factory: type[StepScreen] = load(screen_of(kind))
    return factory
