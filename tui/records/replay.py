"""Replaying a session's log: what was entered at each step and how the totals moved.

Pure: no Textual, no I/O. The log is replayed into a fresh data dict that starts from the
file's identity keys; each entry's values go through the game's own `apply`, with the step
rebuilt from `game.procedure(data)` as it stood at that moment, exactly as when the table
confirmed it. The file's own data is never touched. The replayed data keeps an empty log:
the rules never read it, and without it a state met again is recognised (see States).
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lastround.games import get_game
from lastround.games.base import BROKEN, Game, Result, Step, player_names
from lastround.records.replay_text import (
    correction_changes,
    correction_notes,
    describe_values,
    table_at,
)

# What a session holds before any step is confirmed: who it is, and settings no step asks.
START_KEYS = ("format", "game", "created", "seed", "edition", "cellar_values")


@dataclass(frozen=True)
class SoFar:
    """A player's points from the parts entered so far, and which parts those are."""

    points: int
    parts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's points just before and just after a log entry.

    `before` and `after` are totals of the whole table's score (None: not every player is
    counted yet); `so_far_before` and `so_far_after` are what the player has from the parts
    entered so far (the game's `so_far`), shown until the total is there.
    """

    name: str
    before: int | None
    after: int | None
    winner: bool = False
    so_far_before: SoFar | None = None
    so_far_after: SoFar | None = None

    @property
    def counted(self) -> bool:
        return self.after is not None

    @property
    def shown_before(self) -> int | None:
        return self.before if self.before is not None else points_of(self.so_far_before)

    @property
    def shown_after(self) -> int | None:
        return self.after if self.after is not None else points_of(self.so_far_after)

    @property
    def change(self) -> int | None:
        before, after = self.shown_before, self.shown_after
        if after is None:
            return None
        return after - (before or 0)


def points_of(so_far: SoFar | None) -> int | None:
    """The points so far, or None when nothing of the player's is entered yet."""
    return so_far.points if so_far is not None and so_far.parts else None


@dataclass(frozen=True, slots=True)
class Moment:
    """One log entry, replayed."""

    number: int  # 1-based position in the log
    step_id: str
    title: str
    at: str
    player: str | None
    partial: bool
    correction: bool
    standings: tuple[Standing, ...]
    winners_before: tuple[str, ...]
    winners_after: tuple[str, ...]
    problem: str = ""
    # What `entered` and `changes` are read from when the entry's page is shown: worked out
    # for every entry up front, they were most of a long replay's time (and kept, a sixth of
    # its memory).
    step: Step | None = field(default=None, compare=False, repr=False)
    entry: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    before: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    game_id: str = field(default="", compare=False, repr=False)

    @property
    def entered(self) -> tuple[tuple[str, str], ...]:
        """(what, value) as the table would read it."""
        return describe_values(self.step, table_at(self.entry, "values"), self.before,
                               self.game_id)

    @property
    def changes(self) -> tuple[tuple[str, str, str], ...]:
        """A correction's (what, was, now)."""
        return correction_changes(self.step, self.entry)

    @property
    def kind(self) -> str:
        if self.correction:
            return "✎ correction after the game"
        return "progress saved inside the step" if self.partial else "confirmed"

    @property
    def winner_changed(self) -> bool:
        return bool(self.winners_before and self.winners_after
                    and self.winners_before != self.winners_after)


def start_data(data: Mapping[str, Any]) -> dict[str, Any]:
    """The session as it stood before its first entry."""
    fresh: dict[str, Any] = {k: copy.deepcopy(data[k]) for k in START_KEYS if k in data}
    fresh |= {"status": "in-progress", "players": [], "log": []}
    return fresh


def running_totals(game: Game, data: Mapping[str, Any]) -> tuple[dict[str, int | None],
                                                                  tuple[str, ...]]:
    """Each player's total and the winners, where the whole table scores; else None each."""
    try:
        result = game.score(data)
    except BROKEN:
        return {name: None for name in player_names(data)}, ()
    return {p.name: p.total for p in result.players}, result.winners


def points_so_far(game: Game, data: Mapping[str, Any]) -> dict[str, SoFar]:
    """Each player's points from the parts entered so far (the game's `so_far`), by name."""
    try:
        scores = game.so_far(data)
    except BROKEN:  # never for a missing entry, by the protocol; a broken file may still
        return {}
    return {p.name: SoFar(sum(p.parts.values()), tuple(p.parts)) for p in scores}


@dataclass(frozen=True)
class State:
    """The session as it stood between two log entries, and what the rules make of it."""

    number: int  # in the order the replay met it, so a move can name it
    data: Mapping[str, Any]  # never changed once known: later entries apply to a copy
    steps: Mapping[str, Step]  # the game's steps at this point, by id
    totals: dict[str, int | None]
    winners: tuple[str, ...]
    names: tuple[str, ...]
    so_far: Mapping[str, SoFar] = field(default_factory=dict)


class States:
    """The states a log passes through, each worked out once.

    A long log goes back and forth between a few states (a turn ended then undone, a count
    corrected then corrected back), and building the steps and the totals costs far more
    than anything else in a replay: an entry met again in the same state is not applied
    again, and a state met again keeps its steps and totals. Memory stays bounded: past
    `LIMIT` states all are forgotten and worked out afresh.
    """

    LIMIT = 256

    def __init__(self, game: Game) -> None:
        self.game = game
        self.known: dict[str, State] = {}  # by the repr of the data: equal data, equal repr
        self.numbers = itertools.count()  # never reused, even once all is forgotten
        self.moves: dict[tuple[int, str, str], tuple[State, str]] = {}

    def state(self, data: dict[str, Any]) -> State:
        key = repr(data)
        if key not in self.known:
            if len(self.known) >= self.LIMIT:
                self.known.clear()
                self.moves.clear()
            try:  # the first of a repeated id, as a search of the list would find
                steps = {s.id: s for s in reversed(self.game.procedure(data))}
            except BROKEN:
                steps = {}
            totals, winners = running_totals(self.game, data)
            self.known[key] = State(next(self.numbers), data, steps, totals, winners,
                                    tuple(player_names(data)), points_so_far(self.game, data))
        return self.known[key]

    def after(self, state: State, step: Step, values: Mapping[str, Any]) -> tuple[State, str]:
        """The state once `step` is confirmed with `values`, and why it failed ('' if not)."""
        move = (state.number, step.id, repr(values))
        if move not in self.moves:
            data = copy.deepcopy(dict(state.data))
            problem = ""
            try:
                self.game.apply(data, step, copy.deepcopy(dict(values)))
            except BROKEN as error:  # the state stays as the failed apply left it
                problem = str(error)
            self.moves[move] = self.state(data), problem
        return self.moves[move]


def replay(data: Mapping[str, Any]) -> list[Moment]:
    """Every log entry of the session, in order, with what it changed."""
    game = get_game(str(data["game"]))
    states = States(game)
    state = states.state(start_data(data))
    moments = []
    # Each pair of states' standings, made once: a long log goes back and forth between a
    # few states, and 20,000 entries' own standings were a fifth of the replay's memory.
    standings: dict[tuple[int, int], tuple[Standing, ...]] = {}
    for number, raw in enumerate(data.get("log") or [], start=1):
        entry: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
        values = table_at(entry, "values")
        step_id = str(entry.get("step", "?"))
        step = state.steps.get(step_id)
        after, problem = state, ""
        if step is None:
            problem = f"step {step_id!r} is not among the game's steps at this point"
        elif step.kind != "breakdown":  # as Session.confirm: the totals are derived
            after, problem = states.after(state, step, values)
        moments.append(Moment(
            number=number,
            step_id=step_id,
            title=step.title if step else step_id,
            at=str(entry.get("at", "")),
            player=str(entry["player"]) if "player" in entry else None,
            partial=bool(entry.get("partial")),
            correction=bool(entry.get("correction")),
            standings=standings_between(state, after, standings),
            winners_before=state.winners,
            winners_after=after.winners,
            problem=problem,
            step=step,
            entry=entry,
            before=state.data,
            game_id=game.id,
        ))
        state = after
    return moments


def standings_between(before: State, after: State,
                      made: dict[tuple[int, int], tuple[Standing, ...]]) -> tuple[Standing, ...]:
    """Each player's standing before and after an entry; the same pair of states is looked
    up in `made`."""
    key = (before.number, after.number)
    if key not in made:
        made[key] = tuple(Standing(n, before.totals.get(n), after.totals.get(n),
                                   n in after.winners, before.so_far.get(n),
                                   after.so_far.get(n)) for n in after.names)
    return made[key]


def drift(data: Mapping[str, Any], moments: Sequence[Moment]) -> str:
    """Why the file's scores differ from what its log gives (a hand edit), or ''."""
    if not moments:
        return ""
    game = get_game(str(data["game"]))
    in_file, _ = running_totals(game, data)
    from_log = {s.name: s.after for s in moments[-1].standings}
    if in_file == from_log or None in in_file.values():
        return ""
    differing = [n for n in in_file if in_file[n] != from_log.get(n)]
    return ("The file's scores differ from what its log gives for "
            f"{', '.join(differing)}: it was edited by hand after the last entry.")


# The latest corrections the final page lists; earlier ones are counted in one line.
NOTES_SHOWN = 10


def log_lines(data: Mapping[str, Any], moments: Sequence[Moment]) -> list[str]:
    """What the final page says of the log: the corrections made after the game (the latest
    NOTES_SHOWN: thousands of lines took seconds to draw) and why the file's scores differ
    from what its log gives, if they do."""
    notes = correction_notes(data)
    if len(notes) > NOTES_SHOWN:
        notes = [f"✎ {len(notes) - NOTES_SHOWN} earlier corrections after the game: each "
                 "is an entry of the replay", *notes[-NOTES_SHOWN:]]
    other = drift(data, moments)
    return [*notes, other] if other else notes


def final_result(data: Mapping[str, Any]) -> Result:
    """The file's own scores (RulesError when it does not total)."""
    return get_game(str(data["game"])).score(data)
