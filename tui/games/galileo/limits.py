"""Galileo Galilei: what the game's components allow a player, and a table, to hold at the end.

Every bound comes from the component counts in ../shared/rules/README.md and galileo-notes.md
(§1 components, §5 the Subjects' counts); where no component bounds a value, none is set.
Pure. The checks read the plain session mapping leniently (a missing or
malformed key is someone else's check) and return the first problem as (key, reason), the key
relative to the player (``cellar``, ``university[2].met``, ``dice``), so the file checks can
name it ``players[0].dice`` and the scores form can show it at its field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.values import is_int

# S1 lists 33 Inquisitor tokens, S2 32: 33 is the bound that refuses nothing a real game holds.
INQUISITORS_IN_GAME = 33
COMET_TOKENS = 7  # per player (notes §1): the Comets Subject counts those taken off the board
CONSTELLATION_TOKENS = 7  # per player (notes §1)
ACTION_TILES = 6  # per player (notes §1): the Upgrades Subject counts those turned gold
DISCOVERY_CARDS = 33  # in the box (notes §1): no library holds more Major Objects than that
QUADRANT_TOKENS = 26 + 8  # 26 small and 8 large (notes §1); `quadrants` counts tokens, not value
DICE = 30  # 10 per colour (notes §1)
# Assumed: neither the rules nor the notes give a die's faces; a six-sided die shows 1 to 6.
DIE_FACE_HIGH = 6
DICE_VALUES_HIGH = DICE * DIE_FACE_HIGH
# The highest row multiplier in the notes' examples (×4, Copernicus). The tiles' own are not
# known, so a higher one is asked about, never refused (README: "asked about, not refused").
USUAL_MULTIPLIER_HIGH = 4

# What each Subject's "times met" cannot exceed, and the component that says so. The Library
# (spaces a book token moved) has no known bound; the Inquisitors are bounded by the cellar.
MET_LIMITS: dict[str, tuple[int, str]] = {
    "major objects": (DISCOVERY_CARDS, f"the box has {DISCOVERY_CARDS} Discovery cards"),
    "upgrades": (ACTION_TILES, f"each player has {ACTION_TILES} action tiles"),
    "comets": (COMET_TOKENS, f"each player has {COMET_TOKENS} comet tokens"),
    "constellations": (CONSTELLATION_TOKENS,
                       f"each player has {CONSTELLATION_TOKENS} constellation tokens"),
}
INQUISITORS_SUBJECT = "inquisitors"

Problem = tuple[str, str]  # (key relative to the player, the reason)


def _counts(value: object) -> list[int]:
    """The whole numbers of a list entry (others are left to the format checks)."""
    if not isinstance(value, Sequence) or isinstance(value, str):
        return []
    return [n for n in value if is_int(n)]


def inquisitors_held(player: Mapping[str, Any]) -> int:
    """Inquisitors in the player's cellar plus those sent away with Farewell."""
    farewell = player.get("farewell")
    return sum(_counts(player.get("cellar"))) + (farewell if is_int(farewell) else 0)


def _met_problem(player: Mapping[str, Any]) -> Problem | None:
    tiles = player.get("university")
    if not isinstance(tiles, Sequence) or isinstance(tiles, str):
        return None
    in_cellar = sum(_counts(player.get("cellar")))
    for k, tile in enumerate(tiles):
        if not isinstance(tile, Mapping) or not is_int(tile.get("met")):
            continue
        subject = str(tile.get("subject", "")).strip().casefold()
        met = tile["met"]
        if subject == INQUISITORS_SUBJECT:
            limit, why = in_cellar, f"the Inquisitors met are the {in_cellar} in the cellar"
        elif subject in MET_LIMITS:
            limit, why = MET_LIMITS[subject]
        else:
            continue
        if met > limit:
            return f"university[{k}].met", f"met {met} times, at most {limit}: {why}"
    return None


def player_problem(player: Mapping[str, Any]) -> Problem | None:
    """The first bound one player's entries break, or None."""
    held = inquisitors_held(player)
    if held > INQUISITORS_IN_GAME:
        return "cellar", (f"{held} Inquisitors in the cellar and sent away, but the game has "
                          f"{INQUISITORS_IN_GAME} in all")
    met = _met_problem(player)
    if met is not None:
        return met
    dice, quadrants = player.get("dice"), player.get("quadrants")
    if is_int(dice) and dice > DICE_VALUES_HIGH:
        return "dice", (f"dice values left total {dice}, but {DICE} dice show at most "
                        f"{DICE_VALUES_HIGH} ({DIE_FACE_HIGH} each)")
    if is_int(quadrants) and quadrants > QUADRANT_TOKENS:
        return "quadrants", (f"{quadrants} Quadrant tokens, but the game has {QUADRANT_TOKENS} "
                             "(26 small and 8 large)")
    return None


def _each(players: Sequence[Mapping[str, Any]], amount: dict[str, int]) -> str:
    """"Ada 9 and Bo 25" for the players holding some."""
    held = [f"{p.get('name', '?')} {amount[str(p.get('name', '?'))]}" for p in players
            if amount[str(p.get("name", "?"))]]
    return held[0] if len(held) == 1 else f"{', '.join(held[:-1])} and {held[-1]}"


def table_problem(players: Sequence[Mapping[str, Any]]) -> Problem | None:
    """The first bound the whole table breaks together, or None (key as for one player)."""

    def total(amount: dict[str, int]) -> int:
        return sum(amount.values())

    inquisitors = {str(p.get("name", "?")): inquisitors_held(p) for p in players}
    if total(inquisitors) > INQUISITORS_IN_GAME:
        return "cellar", (f"{_each(players, inquisitors)}: {total(inquisitors)} Inquisitors in "
                          f"cellars or sent away, but the game has {INQUISITORS_IN_GAME} in all")
    for key, high, left, bound in (
        ("dice", DICE_VALUES_HIGH, "in dice values", f"the {DICE} dice show at most"),
        ("quadrants", QUADRANT_TOKENS, "Quadrant tokens", "the game has"),
    ):
        amount = {str(p.get("name", "?")): p[key] if is_int(p.get(key)) else 0 for p in players}
        if total(amount) > high:
            return key, (f"{_each(players, amount)}: {total(amount)} {left} left, but {bound} "
                         f"{high}")
    return None
