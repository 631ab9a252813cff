"""Galileo Galilei's scores form: one player's end-of-game entries as fields grouped like the
player board, and their saved entries shown back in it. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from lastround.games.base import Field, RulesError, Step, signed
from lastround.games.galileo.board import (
    INQUISITORS,
    SCALE_TILES,
    SUBJECT_NAMES,
    SUBJECTS,
    TRACK_LAP,
    TRIBUNAL_HIGH,
    TRIBUNAL_LOW,
    chosen_subjects,
)
from lastround.games.galileo.cellar import cellar_values
from lastround.games.galileo.limits import INQUISITORS_IN_GAME, USUAL_MULTIPLIER_HIGH
from lastround.games.values import is_int

SCORES_HELP = (
    "Enter where the Score token stands (0–99) and whether it has been flipped past 100. "
    "For each Scale tile, enter how often the Subject was met and the multiplier of the row "
    "the University token is on (0 while it is still on the stairs). Then the Inquisitors on "
    "each cellar space, the Tribunal space, and the dice values and Quadrants left for ties."
)

# The scores form's groups, as the player board is laid out; each names the part it scores.
TRACK_GROUP, UNIVERSITY_GROUP, CELLAR_GROUP = "Score track", "University", "Cellar"
TRIBUNAL_GROUP, TIE_BREAK_GROUP = "Tribunal", "Tie-breaks"

TRACK_FIELDS: tuple[Field, ...] = (
    Field(
        "track_position",
        "Score track position",
        minimum=0,
        maximum=TRACK_LAP - 1,
        default=0,
        help="Where your Score token stands on the track, 0 to 99.",
        group=TRACK_GROUP,
    ),
    Field(
        "flipped",
        "Score token flipped (100+)",
        kind="bool",
        default=False,
        help="Flipped once you passed 100 points; it adds 100 to the track position.",
        group=TRACK_GROUP,
    ),
)

FAREWELL_FIELD = Field(
    "farewell",
    "Inquisitors sent away with Farewell",
    minimum=0,
    default=0,
    blank=0,
    help="Recorded only: Inquisitors sent away score nothing. With the cellar, at "
    f"most the {INQUISITORS_IN_GAME} Inquisitors the game has, for the whole table.",
    group=CELLAR_GROUP,
)

# After the cellar: the Tribunal, then what breaks a tie. A count of nothing (met, row on the
# stairs, Inquisitors, dice, Quadrants) may be left empty for 0; the score track and the
# Tribunal are places on the board, read from it (the Tribunal starts on -3), so never assumed.
LAST_FIELDS: tuple[Field, ...] = (
    Field(
        "tribunal",
        "Tribunal space",
        minimum=TRIBUNAL_LOW,
        maximum=TRIBUNAL_HIGH,
        default=0,
        help="The space of your Tribunal token, -10 to +10; it scores that.",
        group=TRIBUNAL_GROUP,
    ),
    Field(
        "dice",
        "Total of dice values left",
        minimum=0,
        default=0,
        blank=0,
        help="First tie-break: the higher total of dice values left wins.",
        group=TIE_BREAK_GROUP,
    ),
    Field(
        "quadrants",
        "Quadrant tokens left",
        minimum=0,
        default=0,
        blank=0,
        help="Second tie-break: more Quadrant tokens left wins (count the tokens, "
        "small and large alike).",
        group=TIE_BREAK_GROUP,
    ),
)


def scale_fields(subject: str | None, k: int) -> list[Field]:
    """Met and row fields of Scale tile `k`; the Inquisitors' met count comes from the cellar."""
    title = subject or f"Scale tile {k}"
    row_help = "The multiplier of the row your University token is on; 0 if still on the stairs."
    if subject == INQUISITORS:
        row_help += " Times met is filled in: the Inquisitors in your cellar, entered below."
    row = Field(f"row_{k}", f"{title}: row multiplier", minimum=0, default=0, blank=0,
                help=row_help, group=UNIVERSITY_GROUP, usual_maximum=USUAL_MULTIPLIER_HIGH)
    if subject == INQUISITORS:
        return [row]
    met = Field(
        f"met_{k}",
        f"{title}: times met",
        minimum=0,
        default=0,
        blank=0,
        help=f"Count {SUBJECTS[SUBJECT_NAMES.index(subject)].meeting}." if subject else "",
        group=UNIVERSITY_GROUP,
    )
    return [met, row]


def cellar_fields(values: Sequence[int]) -> list[Field]:
    """One count per cellar space, then the Inquisitors sent away."""
    spaces = [
        Field(
            f"cellar_{j}",
            f"Inquisitors on cellar space {j} ({signed(value)} each)",
            minimum=0,
            default=0,
            blank=0,
            help="Inquisitors still in your cellar at the end, on this space.",
            group=CELLAR_GROUP,
        )
        for j, value in enumerate(values, start=1)
    ]
    return [*spaces, FAREWELL_FIELD]


def score_fields(data: Mapping[str, Any]) -> tuple[Field, ...]:
    try:
        subjects: tuple[str | None, ...] = tuple(chosen_subjects(data))
    except RulesError:
        subjects = (None,) * SCALE_TILES
    return fields_for(subjects, cellar_values(data))


@cache  # the same few fields for every player, every time the steps are listed
def fields_for(subjects: tuple[str | None, ...], cellar: tuple[int, ...]) -> tuple[Field, ...]:
    return (
        *TRACK_FIELDS,
        *[f for k, s in enumerate(subjects, start=1) for f in scale_fields(s, k)],
        *cellar_fields(cellar),
        *LAST_FIELDS,
    )


def form_values(player: Mapping[str, Any]) -> dict[str, Any]:
    """A player's saved entries as the scores form's flat values: the inverse of apply.

    Only well-formed entries are returned; the form shows its defaults for the rest.
    """
    values = {k: player[k] for k in ("farewell", "tribunal", "dice", "quadrants") if k in player}
    position, flipped, track = (
        player.get("track_position"),
        player.get("flipped"),
        player.get("track"),
    )
    if is_int(position) and isinstance(flipped, bool):
        values |= {"track_position": position, "flipped": flipped}
    elif is_int(track) and track >= 0:
        values |= {"track_position": track % TRACK_LAP, "flipped": track >= TRACK_LAP}
    for k, tile in enumerate(player.get("university") or [], start=1):
        if isinstance(tile, Mapping):
            values |= {f"met_{k}": tile.get("met"), f"row_{k}": tile.get("multiplier")}
    for j, count in enumerate(player.get("cellar") or [], start=1):
        values[f"cellar_{j}"] = count
    return {key: value for key, value in values.items() if value is not None}


def scores_step(
    data: Mapping[str, Any], index: int, name: str, blank: tuple[Field, ...] | None = None,
    *, saved: bool = True
) -> Step:
    """Player `index`'s scores form, showing their saved entries (blank without `saved`);
    `blank` is score_fields(data) when the caller already has it (procedure builds one form
    per player)."""
    fields = score_fields(data) if blank is None else blank
    if saved:
        entries = form_values(data["players"][index])
        fields = tuple(field.with_default(entries[field.key]) if field.key in entries else field
                       for field in fields)
    return Step(
        f"scores-{index}",
        f"{name}: final scoring",
        kind="form",
        player=index,
        fields=fields,
        help=SCORES_HELP,
    )
