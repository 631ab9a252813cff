"""Galileo Galilei's cellar: the standard one or Bruno's 5-space tile, the values below its
spaces, and what changing it undoes. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.base import Field, RulesError, signed
from lastround.games.values import checked_int
from lastround.games.words import join_names

DEFAULT_CELLAR_VALUES: tuple[int, ...] = (-8, -4, -2, 1)
STANDARD_CELLAR, BRUNO_CELLAR = "standard", "Bruno's tile"
BRUNO_SPACES = 5  # Bruno's advanced cellar tile (notes §5); its values are not known


def cellar_values(data: Mapping[str, Any]) -> tuple[int, ...]:
    """The value below each cellar space, left to right (the default four when absent)."""
    values = data.get("cellar_values", DEFAULT_CELLAR_VALUES)
    if not isinstance(values, Sequence) or isinstance(values, str) or not values:
        raise RulesError("cellar_values", "must be a list of at least one whole number")
    return tuple(checked_int(v, f"cellar_values[{i}]", None, None) for i, v in enumerate(values))


def cellar_text(values: Sequence[int]) -> str:
    return " ".join(signed(v) for v in values)


def cellar_setup_fields(data: Mapping[str, Any]) -> tuple[Field, ...]:
    """The setup's choice of cellar tile and, for Bruno's, its values as typed."""
    try:
        values = cellar_values(data)
    except RulesError:  # a broken file's values: the form starts from the standard cellar
        values = DEFAULT_CELLAR_VALUES
    tile = Field(
        "cellar",
        "Cellar tile",
        kind="choice",
        choices=(STANDARD_CELLAR, BRUNO_CELLAR),
        default=STANDARD_CELLAR if values == DEFAULT_CELLAR_VALUES else BRUNO_CELLAR,
        help=f"The standard cellar has 4 spaces scoring {cellar_text(DEFAULT_CELLAR_VALUES)}. "
        "Bruno's tile (advanced mode) has 5 spaces: type the values printed below them.",
    )
    typed = Field(
        "cellar_values",
        "Cellar values, left to right",
        kind="text",
        default=cellar_text(values),
        help="With Bruno's tile: the five values below its spaces, left to right, each with "
        "its sign (for example -4 or +2). Left as it is for the standard cellar.",
    )
    return tile, typed


def read_cellar_text(text: object) -> list[int]:
    """"−8 −4 −2 +1" (or with commas, slashes, ASCII or typographic minus signs) as numbers."""
    words = str(text).replace(",", " ").replace("/", " ").split()
    try:
        return [int(w.replace("−", "-").replace("–", "-")) for w in words]
    except ValueError:
        raise RulesError("cellar_values", f"whole numbers with their signs, not {text!r}") from None


def chosen_cellar(values: Mapping[str, Any]) -> list[int]:
    """The cellar values the setup's choice stands for."""
    if values["cellar"] == STANDARD_CELLAR:
        return list(DEFAULT_CELLAR_VALUES)
    typed = read_cellar_text(values["cellar_values"])
    if len(typed) != BRUNO_SPACES:
        raise RulesError("cellar_values", f"Bruno's tile has {BRUNO_SPACES} spaces: type its "
                         f"{BRUNO_SPACES} values, left to right, not {len(typed)}")
    return typed


def cellar_resets(data: Mapping[str, Any], values: Mapping[str, Any]) -> str:
    """What confirming the setup `values` undoes: a cellar of another size clears the cellars
    already entered (each player's scores are entered again), "" when nothing is cleared."""
    try:
        spaces = len(chosen_cellar({"cellar": STANDARD_CELLAR} | dict(values)))
    except (RulesError, KeyError):
        return ""
    entered = [str(p.get("name")) for p in data.get("players", [])
               if isinstance(p, Mapping) and isinstance(p.get("cellar"), list)
               and len(p["cellar"]) != spaces]
    if not entered:
        return ""
    return (f"The cellar entries of {join_names(entered)} are cleared: the cellar now has "
            f"{spaces} spaces, so their final scoring is entered again.")
