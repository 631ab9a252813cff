"""What the steps of either game need, imported off the event loop once the home screen is
drawn: the first key of a session then waits for no import (nor the first save for tomlkit)."""

from __future__ import annotations

WARM_UP_MODULES = (
    "screens.setup", "screens.form", "screens.checklist", "screens.breakdown",
    "screens.help", "tomlkit", "tui.session.text",
    "tui.session.hosting",  # the table's (F4, or a session reopened with its table open)
)
# Each game's own; with a session open (say after `lastround new rftg`) only its game's are
# loaded, as the other game's may never be needed (about 0.6 MiB for Galileo's).
GAME_WARM_UP_MODULES = {
    "rftg": ("screens.cards", "tui.games.rftg"),
    "galileo": ("screens.turns", "screens.draw", "tui.games.galileo"),
}


def warm_up(game_id: str | None = None) -> None:
    import importlib  # not loaded at start: the warm-up runs once the home screen is drawn

    games = [game_id] if game_id in GAME_WARM_UP_MODULES else list(GAME_WARM_UP_MODULES)
    for module in (*WARM_UP_MODULES, *(m for game in games for m in GAME_WARM_UP_MODULES[game])):
        importlib.import_module(module)
    if "rftg" in games:
        from tui.games import rftg

        rftg.search_cards("warm")  # parses the card list and builds the search index
