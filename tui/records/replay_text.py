"""A replayed log entry in words: its values, draws and turns as the table reads them, and
the corrections made after the game.

Pure: no Textual, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lastround.games import game_ids, get_game, plugin_of
from lastround.games.base import BROKEN, Step
from lastround.games.plugin import load
from lastround.records.session_record import when

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


# --- reading values as the table would ---------------------------------------------------------


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
    own = plugin_of(game_id).describe_draw if game_id in game_ids() else ""
    if own:
        describe_own = load(own)

        def describe(draw: Any) -> str:
            return str(describe_own(data or {}, draw))
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
