"""Table mode's rules: which steps are a seat's own, when they open, and whether what a player
sent from their own terminal is an answer the step could have been given on the host's.

Pure: a joiner's values arrive as data, so they are checked here as strictly as the host's
screens check what is typed there (field kinds and bounds; a game's own kinds by its check).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lastround.games import plugins
from lastround.games.base import Field, RulesError, Step, StepKind
from lastround.games.plugin import load
from lastround.games.values import is_int

# The step kind every game's players enter for their own seat: a form of counts or scores.
# A game adds its own kinds, with its check of what a seat sends (GamePlugin.join_kinds).
EVERY_GAMES_SEAT_KINDS: tuple[StepKind, ...] = ("form",)
# A game's check of what a seat sent for a step of its own kind (GamePlugin.seat_check).
SeatCheck = Callable[[Step, Mapping[str, Any], Mapping[str, Any]], None]
TEXT_LIMIT = 200


def seat_kinds() -> set[StepKind]:
    """The step kinds a player enters for their own seat in table mode."""
    return {*EVERY_GAMES_SEAT_KINDS,
            *(kind for plugin in plugins() for kind in plugin.join_kinds)}


def seat_steps(steps: Sequence[Step], seat: int) -> list[Step]:
    """The steps that ask this seat alone, in the procedure's order."""
    kinds = seat_kinds()
    return [s for s in steps if s.player == seat and s.kind in kinds]


def seats_open(steps: Sequence[Step], confirmed: set[str]) -> bool:
    """Whether the players may enter their own steps: every step before the first one that
    asks a single seat is confirmed (the round is finished, the final turns are played).
    An end check still to come (`pause_before`) keeps them closed: the game goes on."""
    return (any(step.player is not None for step in steps)
            and waiting_at(steps, confirmed) is None)


def waiting_at(steps: Sequence[Step], confirmed: set[str]) -> Step | None:
    """The table-wide step the seats wait for (None when nothing before them is left)."""
    for step in steps:
        if step.player is not None:
            return None
        if step.id not in confirmed or step.pause_before:
            return step
    return None


def all_entered(steps: Sequence[Step], confirmed: set[str]) -> bool:
    """Every step before the final scores is confirmed: the game can be finished."""
    return bool(steps) and steps[-1].kind == "breakdown" and all(
        s.id in confirmed for s in steps[:-1])


def check_seat_values(step: Step, values: Mapping[str, Any], data: Mapping[str, Any]) -> None:
    """RulesError (keyed by the field) unless `values` are what the step's screen could send:
    every field of a form with a value of its kind within its bounds and nothing else; a
    game's own kind by the game's seat check (GamePlugin.seat_check). The whole session is
    checked again once they are recorded (the file's door)."""
    game_check = seat_check_of(step.kind)
    if game_check is not None:
        game_check(step, values, data)
        return
    unknown = sorted(set(values) - {f.key for f in step.fields})
    if unknown:
        raise RulesError(unknown[0], "is not a field of this step")
    for field in step.fields:
        if field.key not in values:
            raise RulesError(field.key, f"{field.label}: enter a value")
        check_field(field, values[field.key])


def seat_check_of(kind: StepKind) -> SeatCheck | None:
    """The seat check of the game whose own kind this is (None: a kind every game has)."""
    for plugin in plugins():
        if kind in plugin.join_kinds:
            check: SeatCheck = load(plugin.seat_check)
            return check
    return None


def check_field(field: Field, value: Any) -> None:
    """RulesError (keyed by the field) unless `value` is of the field's kind, in bounds."""
    if field.kind == "int":
        if not is_int(value):
            raise RulesError(field.key, f"{field.label}: whole numbers only")
        if field.minimum is not None and value < field.minimum:
            raise RulesError(field.key, f"{field.label}: must be at least {field.minimum}")
        if field.maximum is not None and value > field.maximum:
            raise RulesError(field.key, f"{field.label}: must be at most {field.maximum}")
    elif field.kind == "choice" and value not in field.choices:
        raise RulesError(field.key, f"{field.label}: one of {', '.join(field.choices)}")
    elif field.kind == "bool" and not isinstance(value, bool):
        raise RulesError(field.key, f"{field.label}: yes or no")
    elif field.kind == "text" and (not isinstance(value, str) or len(value) > TEXT_LIMIT):
        raise RulesError(field.key, f"{field.label}: a line of text")


def tableaux(data: Mapping[str, Any]) -> dict[int, list[str]]:
    """Every seat's listed cards (seats entered by VP totals list none)."""
    players = data.get("players", [])
    found: dict[int, list[str]] = {}
    for seat, player in enumerate(players if isinstance(players, Sequence) else []):
        cards = player.get("tableau") if isinstance(player, Mapping) else None
        if isinstance(cards, list):
            found[seat] = [str(c) for c in cards]
    return found


def others_cards(data: Mapping[str, Any], seat: int | None) -> list[str]:
    return [c for other, cards in tableaux(data).items() if other != seat for c in cards]


def contested(data: Mapping[str, Any], seat: int, names: Sequence[str]) -> dict[int, list[str]]:
    """The other seats holding cards of `names` that the deck has too few copies of for
    everyone listing them, with those cards: the players a conflict concerns besides `seat`."""
    from lastround.games.rftg.cards import canonical_name, deck_copies
    from lastround.games.rftg.expansions import boxes_in

    boxes = boxes_in(data)
    mine = Counter(found for n in names if (found := canonical_name(n, boxes)) is not None)
    theirs: dict[int, Counter[str]] = {
        other: Counter(found for c in cards if (found := canonical_name(c, boxes)) is not None)
        for other, cards in tableaux(data).items() if other != seat}
    concerned: dict[int, list[str]] = {}
    for card, here in mine.items():
        held = here + sum(counts[card] for counts in theirs.values())
        if held <= deck_copies(card, boxes):
            continue
        for other, counts in theirs.items():
            if counts[card]:
                concerned.setdefault(other, []).append(card)
    return concerned
