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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from tui.games import get_game
from tui.games.base import Game, Result, RulesError, Step, player_names

# What a session holds before any step is confirmed: who it is, and settings no step asks.
START_KEYS = ("format", "game", "created", "seed", "edition", "cellar_values")

# Labels for values a step records without a field of its own.
VALUE_LABELS = {
    "players": "Players, in seat order",
    "tableau": "Tableau",
    "tableau_vp": "Printed VP of the tableau",
    "bonus_vp": "6-cost development bonuses",
    "turns_done": "Final turns ended",
    "trigger_turn_over": "Deck-emptying turn over",
    "removed_draws": "Tier III draws removed",
    "totals": "Totals as shown",
    "winners": "Winner",
}
# A hand-edited file may break any key; replay reports it rather than stopping.
BROKEN = (RulesError, LookupError, TypeError, ValueError, AttributeError)


@dataclass(frozen=True)
class SoFar:
    """A player's points from the parts entered so far, and which parts those are."""

    points: int
    parts: tuple[str, ...]


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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
    # What `entered` and `changes` are read from once the entry's page is shown: worked out
    # for every entry up front, they were most of a long replay's time.
    step: Step | None = field(default=None, compare=False, repr=False)
    entry: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    before: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    game_id: str = field(default="", compare=False, repr=False)

    @cached_property
    def entered(self) -> tuple[tuple[str, str], ...]:
        """(what, value) as the table would read it."""
        return describe_values(self.step, table_at(self.entry, "values"), self.before,
                               self.game_id)

    @cached_property
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
            standings=tuple(Standing(n, state.totals.get(n), after.totals.get(n),
                                     n in after.winners, state.so_far.get(n),
                                     after.so_far.get(n)) for n in after.names),
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


# --- reading values as the table would ---------------------------------------------------------


def when(stamp: str) -> str:
    """2026-11-28T22:43:00Z → 2026-11-28 22:43 (UTC, as saved)."""
    return stamp[:16].replace("T", " ") if stamp else "?"


def value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "—"
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {value_text(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        if not value:
            return "none"
        return ("; " if any(isinstance(v, Mapping) for v in value) else ", ").join(
            value_text(v) for v in value)
    return str(value)


def label_of(step: Step | None, key: str) -> str:
    for asked in step.fields if step else ():
        if asked.key == key:
            return asked.label
    return VALUE_LABELS.get(key) or key.replace("_", " ").capitalize()


def describe_values(step: Step | None, values: Mapping[str, Any], before: Mapping[str, Any],
                    game_id: str) -> tuple[tuple[str, str], ...]:
    """The entry's values as (what, value) rows: labels from the step, no raw tables."""
    if not values:
        if step is not None and step.kind == "checklist":
            return (("Done", f"every item on the list ({len(step.items)})"),)
        return (("Entered", "nothing: confirmed as shown"),)
    rows: list[tuple[str, str]] = []
    for key, value in values.items():
        if key == "draws" and isinstance(value, list):
            rows += draw_rows(value, before.get("draws") or [], game_id, before)
        elif key == "turns_done" and step is not None and step.items:
            rows += turn_rows(step, value, before.get("turns_done", 0))
        elif key == "tableau" and isinstance(value, list):
            rows.append((f"Tableau, {len(value)} card{'' if len(value) == 1 else 's'}",
                         value_text(value)))
        elif key == "totals" and isinstance(value, Mapping):
            rows.append((label_of(step, key), value_text(value)))
        elif key == "winners" and isinstance(value, list):
            rows.append(("Winners" if len(value) > 1 else "Winner", " and ".join(map(str, value))))
        else:
            rows.append((label_of(step, key), value_text(value)))
    return tuple(rows)


def draw_rows(draws: Sequence[Any], earlier: Sequence[Any], game_id: str,
              data: Mapping[str, Any] | None = None) -> list[tuple[str, str]]:
    """Every draw so far, the ones made (or removed) in this entry marked, as the turns screen
    lists them; `data` (the session before the entry) names whose turn each was."""
    describe: Callable[[Any], str] = value_text
    if game_id == "galileo":
        from tui.games.galileo_turns import describe_draw, turn_name

        def describe(draw: Any) -> str:
            return describe_draw(draw, turn_name(data or {}, draw.get("turn")))
    if not draws:
        return [("Tier III cards drawn", "none")]
    rows = []
    for number, draw in enumerate(draws, start=1):
        text = describe(draw) if isinstance(draw, Mapping) else value_text(draw)
        was = earlier[number - 1] if number <= len(earlier) else None
        if was is None:
            text += "  ← drawn now"
        elif was != draw:
            removed = isinstance(draw, Mapping) and draw.get("removed")
            text += "  ← removed now" if removed else "  ← changed now"
        rows.append((f"Tier III draw {number}", text))
    return rows


def turn_rows(step: Step, done: Any, before: Any) -> list[tuple[str, str]]:
    """How many final turns are over, and which one ended (or was undone) with this entry."""
    if not isinstance(done, int) or not isinstance(before, int):
        return [(label_of(step, "turns_done"), value_text(done))]
    rows = [(label_of(step, "turns_done"), f"{done} of {len(step.items)}")]
    for number in range(before, done):
        if number < len(step.items):
            rows.append(("Turn ended", step.items[number]))
    for number in range(done, before):
        if number < len(step.items):
            rows.append(("Turn undone", step.items[number]))
    return rows


def table_at(entry: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """entry[key] when it is a table (a hand edit may have broken it), else an empty one."""
    value = entry.get(key)
    return value if isinstance(value, Mapping) else {}


def correction_changes(step: Step | None,
                       entry: Mapping[str, Any]) -> tuple[tuple[str, str, str], ...]:
    """What a correction changed: (what, was, now) for each value that differs."""
    if not entry.get("correction"):
        return ()
    old, new = (table_at(entry, key) for key in ("old", "values"))
    changes = []
    for key in [*new, *(k for k in old if k not in new)]:
        if old.get(key) != new.get(key):
            was = value_text(old[key]) if key in old else "—"
            now = value_text(new[key]) if key in new else "—"
            changes.append((label_of(step, key), was, now))
    return tuple(changes)


# --- corrections, as the breakdown mentions them ----------------------------------------------


def correction_notes(data: Mapping[str, Any]) -> list[str]:
    """One line per correction made after the game, oldest first."""
    entries = [e for e in data.get("log") or [] if isinstance(e, Mapping) and e.get("correction")]
    if not entries:
        return []
    try:
        titles = {s.id: s.title for s in get_game(str(data["game"])).procedure(data)}
    except BROKEN:
        titles = {}
    return [f"✎ corrected after the game: {titles.get(str(e.get('step')), e.get('step'))} "
            f"on {when(str(e.get('at', '')))}" for e in entries]


def final_result(data: Mapping[str, Any]) -> Result:
    """The file's own scores (RulesError when it does not total)."""
    return get_game(str(data["game"])).score(data)
