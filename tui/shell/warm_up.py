"""What the steps of a game need, imported off the event loop once the home screen is
drawn: the first key of a session then waits for no import (nor the first save for tomlkit)."""

from __future__ import annotations

from lastround.games import plugins
from lastround.games.plugin import load

WARM_UP_MODULES = (
    "lastround.screens.setup", "lastround.screens.form", "lastround.screens.checklist",
    "lastround.screens.breakdown",
    "lastround.screens.help", "tomlkit", "lastround.session.save_text",
    "json", "tomllib",  # a draft's first value, a session's first read: kept off the first frame
    "lastround.session.table_offers",  # the table's (F4, or a session reopened with its table open)
    # a session's machinery, which the home's first frame does without (SessionWalk.keeper)
    "lastround.session.keeper", "lastround.shell.ahead",
)


def warm_up(game_id: str | None = None) -> None:
    """Every game's own modules (GamePlugin.warm_up) and screens (screens.<id>); with a
    session open (say after `lastround new rftg`) only its game's, as another game's may
    never be needed (about 0.6 MiB for Galileo's)."""
    import importlib  # not loaded at start: the warm-up runs once the home screen is drawn

    from lastround.screens.step_kinds import has_screens

    games = [p for p in plugins() if p.id == game_id] or list(plugins())
    own_screens = [f"screens.{game.id}" for game in games if has_screens(game)]
    for module in (*WARM_UP_MODULES, *(m for game in games for m in game.warm_up),
                   *own_screens):
        importlib.import_module(module)
    for game in games:
        if game.warm_up_call:
            load(game.warm_up_call)()  # say, Race's card list parsed and its search index built
