"""Galileo Galilei: each confirmed step's values, checked and written into the session. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lastround.games.base import Data, RulesError, Step, apply_setup, name_key, player_names
from lastround.games.galileo.board import INQUISITORS, SCALE_TILES, TRACK_LAP, chosen_subjects
from lastround.games.galileo.cellar import DEFAULT_CELLAR_VALUES, cellar_values, chosen_cellar
from lastround.games.galileo.entries import check_names
from lastround.games.galileo.limits import player_problem, table_problem
from lastround.games.galileo.turns import (
    DRAW_REASONS,
    listed_turns,
    progress,
    reset_turns,
    turns_recorded,
)
from lastround.games.values import checked_int, int_at, is_int


def check_values(step: Step, values: Mapping[str, Any]) -> None:
    """Every field of `step` present in `values`, of its kind and within its bounds."""
    for field in step.fields:
        if field.key not in values:
            raise RulesError(field.key, "missing")
        value = values[field.key]
        if field.kind == "int":
            checked_int(value, field.key, field.minimum, field.maximum)
        elif field.kind == "bool" and not isinstance(value, bool):
            raise RulesError(field.key, f"must be yes or no, not {value!r}")
        elif field.kind == "choice" and value not in field.choices:
            raise RulesError(field.key, f"must be one of {', '.join(field.choices)}")


def apply_players(data: Data, step: Step, values: Mapping[str, Any]) -> None:
    """Seat the players; the cellar (absent from older logs: kept as it is) sets
    ``cellar_values``, written only when it is not the standard cellar or was before."""
    given = {f.key: f.default for f in step.fields} | dict(values)  # older logs lack the cellar
    check_values(step, given)
    check_names(list(values.get("players", [])))
    cellar = chosen_cellar(given)
    before = player_names(data)
    seated = [name_key(name) for name in before]
    apply_setup(data, {k: v for k, v in values.items() if k not in ("cellar", "cellar_values")})
    if any(turns_recorded(data)) and seated != [name_key(name) for name in player_names(data)]:
        reset_turns(data, "the players or their seats changed")  # what `resets` said
    follow_seats(data, before)
    if "cellar_values" in data or cellar != list(DEFAULT_CELLAR_VALUES):
        data["cellar_values"] = cellar
    for player in data["players"]:  # entries for a cellar of another size no longer stand
        if isinstance(player.get("cellar"), list) and len(player["cellar"]) != len(cellar):
            del player["cellar"]


def follow_seats(data: Data, before: list[str]) -> None:
    """The first player and the deck-emptying turn name seats: they follow their players
    to their new seats; a player no longer seated gives way to the first seat (said before
    it is confirmed: lastround.games.galileo.resets)."""
    now = [name_key(name) for name in player_names(data)]

    def seat_of(seat: object) -> int:
        name = name_key(before[seat]) if is_int(seat) and 0 <= seat < len(before) else None
        return now.index(name) if name in now else 0

    if "first_player" in data:
        data["first_player"] = seat_of(data["first_player"])
    if isinstance(trigger := data.get("trigger"), Mapping):
        data["trigger"] = {**trigger, "player": seat_of(trigger.get("player"))}


def apply_table(data: Data, step: Step, values: Mapping[str, Any]) -> None:
    check_values(step, values)
    subjects = [values[f"subject_{k}"] for k in range(1, SCALE_TILES + 1)]
    for k, subject in enumerate(subjects, start=1):
        if subjects.index(subject) + 1 != k:
            raise RulesError(f"subject_{k}", f"{subject} is already above another Scale tile")
    first = player_names(data).index(values["first_player"])
    if "first_player" in data and first != data["first_player"]:
        reset_turns(data, "first player changed")  # the turns listed follow from it
    data["first_player"] = first
    data["subjects"] = subjects


def apply_trigger(data: Data, step: Step, values: Mapping[str, Any]) -> None:
    check_values(step, values)
    seat = player_names(data).index(values["trigger_player"])
    before = data.get("trigger")
    if not isinstance(before, Mapping):  # the trigger's own turn is being played right now
        data.update(progress(0))
    elif before.get("player") != seat:  # how it left the deck changes no turn
        reset_turns(data, "deck-emptying turn changed")
    data["trigger"] = {"player": seat, "how": values["trigger_how"]}


def check_draw(draw: object, path: str) -> None:
    """One recorded Tier III draw against the save format."""
    if not isinstance(draw, Mapping):
        raise RulesError(path, "must be a table {turn, reason, box, position, card}")
    if draw.get("reason") not in DRAW_REASONS:
        raise RulesError(f"{path}.reason", f"must be one of {', '.join(DRAW_REASONS)}")
    int_at(draw, "turn", f"{path}.turn", 0)  # 0: the rest of the trigger's own turn
    if not isinstance(draw.get("removed", False), bool):
        raise RulesError(f"{path}.removed", "must be true or false")
    if not isinstance(draw.get("removed_why", ""), str):
        raise RulesError(f"{path}.removed_why", "must be text")
    box = int_at(draw, "box", f"{path}.box", 1)
    int_at(draw, "position", f"{path}.position", 1, box)
    if not isinstance(draw.get("card", ""), str):
        raise RulesError(f"{path}.card", "must be a card name or empty")


def apply_turns(data: Data, values: Mapping[str, Any]) -> None:
    """Turns ended and draws so far. An entry without ``trigger_turn_over`` (written before the
    trigger's own turn was listed) counted that turn as over."""
    listed = len(listed_turns(data))
    turns_done = int_at(values, "turns_done", "turns_done", 0, listed - 1)
    over = values.get("trigger_turn_over", True)
    if not isinstance(over, bool):
        raise RulesError("trigger_turn_over", "must be true or false")
    draws = list(values.get("draws", []))
    for index, draw in enumerate(draws):
        check_draw(draw, f"draws[{index}]")
        if draw["turn"] >= listed:
            raise RulesError(f"draws[{index}].turn", f"there are only {listed - 1} turns after "
                             "the deck-emptying one")
    data["trigger_turn_over"] = over or turns_done > 0
    data["turns_done"] = turns_done
    data["draws"] = draws


# --- The scores form ---------------------------------------------------------------------------


def fill_in(values: Mapping[str, Any], data: Mapping[str, Any]) -> dict[str, Any]:
    """`values` plus the entries others answer: the Inquisitors' met count = its cellar."""
    filled = dict(values)
    spaces = len(cellar_values(data))
    counts = [values.get(f"cellar_{j}") for j in range(1, spaces + 1)]
    in_cellar = sum(n for n in counts if is_int(n))
    for k, subject in enumerate(chosen_subjects(data), start=1):
        if subject == INQUISITORS:
            filled[f"met_{k}"] = in_cellar
    return filled


def apply_scores(data: Data, step: Step, values: Mapping[str, Any]) -> None:
    """Turn the flat form into the save format's track, university and cellar."""
    check_values(step, values)
    filled = fill_in(values, data)
    subjects = chosen_subjects(data)
    spaces = len(cellar_values(data))
    position, flipped = filled["track_position"], filled["flipped"]
    entry = {
        "track": position + TRACK_LAP * flipped,
        "track_position": position,
        "flipped": flipped,
        "university": [
            {"subject": s, "met": filled[f"met_{k}"], "multiplier": filled[f"row_{k}"]}
            for k, s in enumerate(subjects, start=1)
        ],
        "cellar": [filled[f"cellar_{j}"] for j in range(1, spaces + 1)],
        **{key: filled[key] for key in ("farewell", "tribunal", "dice", "quadrants")},
    }
    seat = step.player if step.player is not None else 0  # a scores step always asks one
    check_form_limits(data, seat, {"name": data["players"][seat]["name"], **entry})
    data["players"][seat].update(entry)


def form_key(problem_key: str, entry: Mapping[str, Any]) -> str:
    """The scores form's field for a limit problem's key (see lastround.games.galileo.limits)."""
    if problem_key == "cellar":  # the first space holding some, else Farewell
        held = [j for j, n in enumerate(entry["cellar"], start=1) if n]
        return f"cellar_{held[0]}" if held else "farewell"
    if problem_key.startswith("university["):
        return f"met_{int(problem_key.split('[')[1].split(']')[0]) + 1}"
    return problem_key


def check_form_limits(data: Mapping[str, Any], seat: int, entry: Mapping[str, Any]) -> None:
    """What a scores form may not hold, alone or with what the others entered, said at the
    field (RulesError keyed by the field)."""
    problem = player_problem(entry)
    if problem is None:
        table = [entry if i == seat else p for i, p in enumerate(data["players"])]
        problem = table_problem(table)
    if problem is not None:
        raise RulesError(form_key(problem[0], entry), problem[1])
