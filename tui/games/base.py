"""The shape every game's rules take: steps, fields, scores, results.

Pure data and functions: no Textual, no I/O. A game reads and writes only the plain
session mapping (the same shape as the TOML file, see docs/session-file.md).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

Data = MutableMapping[str, Any]

FieldKind = Literal["int", "text", "choice", "bool"]
# "setup", "form", "checklist" and "breakdown" are every game's; a game adds its own kinds,
# (GamePlugin.step_kinds), each shown by a screen the interface registers for it.
StepKind = str
DecidedBy = Literal["score", "tiebreak", "shared"]


class RulesError(ValueError):
    """A session's data breaks a rule or misses a key.

    `key` is the dotted path of the offending key (``players.Ada.chips``), so the
    message can name it the way a person editing the file would look for it.
    """

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{key}: {message}")
        self.key = key
        self.message = message


class NoPlayers(RulesError):
    """A table with nobody seated: there is no total to rank, nor a winner (a file whose
    `players` is empty, or a game reaching its scores before the setup seated anyone)."""

    def __init__(self) -> None:
        super().__init__("players", "nobody is seated, so there is no score to total")


# What a damaged (hand-edited) file can still break in the rules code, beyond the RulesError
# they raise: a missing or mistyped key, or nesting deep enough to exhaust the stack.
BROKEN = (RulesError, LookupError, TypeError, ValueError, AttributeError, RecursionError)


@dataclass(frozen=True)
class Field:
    """One value a step asks for."""

    key: str
    label: str
    kind: FieldKind = "int"
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    default: Any = None
    help: str = ""
    # Fields of one group are shown together under its heading, with the group's subtotal
    # when the game's `so_far` has a part named by one of the heading's words ("Score track":
    # the part "track"). "" = no heading.
    group: str = ""
    # Above this a value is asked about (Enter again keeps it), not refused: a bound the rules
    # don't give, only the highest value seen (Galileo's row multipliers).
    usual_maximum: int | None = None
    # What a number field left empty means, where the rules allow it (a count of nothing:
    # no chips, no goods), shown in the empty field; None: a number must be typed.
    blank: int | None = None

    def with_default(self, default: Any) -> Field:
        """This field showing `default`. What dataclasses.replace does at a fifth of its cost
        (a frozen dataclass sets each of its ten attributes through object.__setattr__): the
        steps are built for every session file history reads, one field per saved value."""
        shown = object.__new__(Field)
        shown.__dict__.update(self.__dict__)
        shown.__dict__["default"] = default
        return shown


@dataclass(frozen=True)
class Step:
    """One screen of the end-of-game procedure.

    `player` is the seat index the step asks, or None for the whole table.
    `pause_before` makes the walker return home (session kept in progress) when
    it reaches this step straight after a confirmation: the game goes on.
    """

    id: str
    title: str
    kind: StepKind = "form"
    player: int | None = None
    fields: tuple[Field, ...] = ()
    text: str = ""
    help: str = ""
    # A record shown below what the step is for (the final scores: below the totals and the
    # winner, so however long it grows they stay on screen). Galileo: the Tier III draws.
    notes: str = ""
    items: tuple[str, ...] = ()
    # A checklist's items the table may pass in one go: nothing to do (a phase nobody chose).
    passable: frozenset[int] = frozenset()
    pause_before: bool = False
    # Why the step's recorded answer must be given again (an earlier answer changed what it
    # asks, or the rules refuse it, as in a hand-edited file): the session resumes at it,
    # showing why.
    ask_again: str = ""


@dataclass(frozen=True)
class Line:
    """One row of a breakdown: a scoring part and how it was earned."""

    part: str
    label: str
    points: int
    detail: str = ""


@dataclass(frozen=True)
class PlayerScore:
    name: str
    parts: dict[str, int]
    lines: tuple[Line, ...] = ()
    tiebreak: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        return sum(self.parts.values())


@dataclass(frozen=True)
class Result:
    """A whole table's score: players in seat order, the winners and why."""

    game: str
    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    decided_by: DecidedBy
    explanation: tuple[str, ...] = field(default=())

    def ranking(self) -> list[tuple[int, PlayerScore]]:
        """Players best first, with their place: equal totals are ordered by the tie-break,
        and share a place only when the tie-break is equal too."""

        def standing(p: PlayerScore) -> tuple[int, tuple[int, ...]]:
            return p.total, p.tiebreak

        ordered = sorted(self.players, key=standing, reverse=True)
        places: list[tuple[int, PlayerScore]] = []
        for index, player in enumerate(ordered):
            if index and standing(player) == standing(ordered[index - 1]):
                places.append((places[-1][0], player))
            else:
                places.append((index + 1, player))
        return places


# A session's totals as its game's file checks read it: what lastround.games.checks.check_session
# returns, so opening a finished session reads each player's entries once, not twice.
Scoring = Callable[[], Result]


class Game(Protocol):
    id: str
    title: str

    def procedure(self, data: Mapping[str, Any]) -> Sequence[Step]:
        """The steps for this session as it stands now, in order."""

    def apply(self, data: Data, step: Step, values: Mapping[str, Any]) -> None:
        """Record a confirmed step's values in the session data."""

    def score(self, data: Mapping[str, Any]) -> Result:
        """Total every player; raises RulesError on missing or broken keys."""

    def so_far(self, data: Mapping[str, Any]) -> tuple[PlayerScore, ...]:
        """Each seated player's points from what is entered so far, in seat order: a part
        not yet entered is left out of `parts`. Never raises for a missing or unfinished
        entry (the running totals shown while typing, and replay part-way)."""

    def resets(self, data: Mapping[str, Any], step: Step, values: Mapping[str, Any]) -> str:
        """What confirming `values` for `step` would undo of what was recorded after it (a
        sentence for the table to confirm, e.g. "the 3 final turns ended are marked not
        played"), or "" when nothing recorded depends on the change."""


def apply_generic(data: Data, step: Step, values: Mapping[str, Any]) -> None:
    """Store values on the asked player's table, or at the top level."""
    if step.player is None:
        data.update(values)
    else:
        data["players"][step.player].update(values)


def rank_winners(
    players: Sequence[PlayerScore],
) -> tuple[tuple[str, ...], DecidedBy, list[PlayerScore]]:
    """Winners by total, then by each tie-break value in order, else shared.

    Returns the winners, what decided, and the players tied on the top total; raises
    NoPlayers for a table with nobody seated.
    """
    if not players:
        raise NoPlayers()
    top = max(p.total for p in players)
    tied = [p for p in players if p.total == top]
    if len(tied) == 1:
        return (tied[0].name,), "score", tied
    best = max(p.tiebreak for p in tied)
    leaders = [p for p in tied if p.tiebreak == best]
    if len(leaders) == 1:
        return (leaders[0].name,), "tiebreak", tied
    return tuple(p.name for p in leaders), "shared", tied


def name_key(name: str) -> str:
    """What makes two player names the same player: letters compared after Unicode
    compatibility normalisation and case folding, so "Ｍａｙａ" (fullwidth), "MAYA" and
    "Maya" are one name (NFKC, then casefold)."""
    return unicodedata.normalize("NFKC", name).casefold()


def apply_setup(data: Data, values: Mapping[str, Any]) -> None:
    """Seat the named players (keeping what was entered for a name already seated)."""
    names = list(values["players"])
    known = {name_key(str(p["name"])): p for p in data.get("players", [])}
    data["players"] = [known.get(name_key(n), {"name": n}) | {"name": n} for n in names]
    data.update({k: v for k, v in values.items() if k != "players"})


def verdict(winners: Sequence[str], decided_by: DecidedBy | str) -> str:
    """Who won and how, as every screen and export says it: "Ada wins on the tie-break",
    "Ada and Bo share the victory"."""
    names = " and ".join(winners)
    if decided_by == "shared":
        return f"{names} share the victory"
    return f"{names} wins" + (" on the tie-break" if decided_by == "tiebreak" else "")


def shown_columns(parts: Sequence[str]) -> list[tuple[str, tuple[str, ...]]]:
    """A score table's columns and the parts each sums: parts named "group: item" (Race's
    "goals: Greatest Military") share one column, headed by the group ("Goals"), so a table
    of many goals still fits 80 columns; `score --json` keeps each part its own."""
    columns: dict[str, list[str]] = {}
    for part in parts:
        group, named, _item = part.partition(": ")
        columns.setdefault(group.capitalize() if named else part.capitalize(), []).append(part)
    return [(heading, tuple(keys)) for heading, keys in columns.items()]


def signed(number: int) -> str:
    """A number with its sign as printed on a board: -8, 0, +1. The minus is the one typed
    into the fields and shown in every total, so a number reads the same everywhere."""
    return f"{number:+d}" if number else "0"


def player_names(data: Mapping[str, Any]) -> list[str]:
    return [str(p["name"]) for p in data.get("players", [])]
