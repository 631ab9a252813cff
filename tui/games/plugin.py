"""A game as a plug-in: what the app knows of a game before loading any of its rules (its
title, its keys, the "module:attr" names of its code), and `load`, which loads that code.

Kept apart from the rules' vocabulary (lastround.games.base): the home's first frame reads every
game's plugin and needs none of the rules' types.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lastround.games.base import StepKind

@dataclass(frozen=True)
class HomeKey:
    """The home screen's key that starts a new session of the game."""

    key: str
    label: str  # in the footer: "New Race"
    tooltip: str


@dataclass(frozen=True)
class AppKey:
    """A key of the app's own while a session of the game is open (Galileo's F2 summary):
    it opens the screen the game's screens register under its `id`."""

    key: str
    id: str
    label: str
    tooltip: str


@dataclass(frozen=True)
class Example:
    """A finished session shipped in saves/examples/, as the home list shows it before
    reading it: `checksum` (zlib.crc32 of the file) says it is still the one shipped."""

    file: str
    checksum: int
    players: tuple[str, ...]
    winners: tuple[str, ...]


@dataclass(frozen=True)
class GamePlugin:
    """Everything the app knows of a game, exported as PLUGIN by the game's package and
    listed in lastround.games.GAME_PACKAGES.

    Reading it imports no rules: the code it names is given as "module:attr" strings (the
    home screen needs only titles and keys), loaded when a session of the game needs it.
    """

    id: str  # the session file's `game`
    title: str
    short_title: str  # history's Game column, at most 7 characters
    players: tuple[int, int]  # the fewest and the most
    game: str  # "module:attr" of the Game object
    home_key: HomeKey | None = None  # None: never offered as a new session (a test's game)
    # The module of check_game_data and steps_to_check (opening a file; may also have
    # check_logged_step); "": only the checks every game gets, on its procedure.
    checks: str = ""
    # Step kinds of the game's own. The rules name kinds only: which screen shows each is
    # the interface's to say (the screens' registry of the game, screens.<id>).
    step_kinds: tuple[StepKind, ...] = ()
    # Of those, the kinds a player enters for their own seat in table mode; `seat_check`, a
    # "module:function(step, values, data)", raises RulesError unless what a player sent for
    # one of them is what the seat's screen could have sent.
    join_kinds: tuple[StepKind, ...] = ()
    seat_check: str = ""
    # Of those, the kinds a table may correct after the game (the others stay as played).
    correction_kinds: tuple[StepKind, ...] = ()
    # Rules modules imported once the home screen is drawn (with the game's screens).
    warm_up: tuple[str, ...] = ()
    warm_up_call: str = ""  # "module:function" called after them (say, to build an index)
    count_columns: tuple[str, ...] = ()  # entered counts that score nothing, exported
    tiebreak_columns: tuple[str, ...] = ()  # the CSV names of PlayerScore.tiebreak's values
    edition_of: str = ""  # "module:function" naming a session's edition; "": one edition
    # "module:function(data)" giving the expansions a session was played with, each as
    # (title, BoardGameGeek id or None); "": a game without expansions.
    boxes_of: str = ""
    bgg_id: int | None = None  # BoardGameGeek's id (the number in its address)
    # Every step id the game's procedure can ever have, "#" standing for a seat's or a
    # round's number ("tableau-#"): a file's log naming another step is refused. Steps come
    # and go with the answers (a box dropped takes its goals steps away), so the log is
    # checked against all the game may ask, not the procedure as it stands. (): the ids of
    # the procedure as it stands.
    step_ids: tuple[str, ...] = ()
    # Every player acts at once, so nobody starts (Race chooses its phases together): the
    # play loggers are told no player started. Else the session's `first_player` started.
    nobody_starts: bool = False
    examples: tuple[Example, ...] = ()
    app_keys: tuple[AppKey, ...] = ()
    describe_draw: str = ""  # "module:function(data, draw) -> str" for replay's draw rows

    @property
    def has_editions(self) -> bool:
        return bool(self.edition_of)


def load(target: str) -> Any:
    """The object a "module:attr" string names, its module imported on first use."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)
