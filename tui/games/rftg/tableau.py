"""Checking a tableau while it is typed: unknown names, a second copy of a development, and
more copies of a card across the table than the deck holds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from lastround.games.rftg.cards import (
    BASE,
    DEFAULT_EDITION,
    box_file,
    canonical_name,
    card,
    check_edition,
    deck_copies,
    not_in_play,
)
from lastround.games.rftg.search import unknown_card_message
from lastround.games.words import plural


def second_development(name: str) -> str:
    """Why a development cannot be listed again in one tableau."""
    return (f"{name} is listed twice: a tableau never holds two copies of the same "
            "development (worlds may repeat)")


EMPTY_TABLEAU = "empty: every tableau holds its start world, so list at least that card"


def too_many_copies(name: str, holders: Mapping[str, int], boxes: tuple[str, ...] = ()) -> str:
    """Who holds more copies of a card than the deck has, by holder."""
    copies = deck_copies(name, boxes)
    listed = sum(holders.values())
    who = ", ".join(f"{player} {n}" for player, n in holders.items() if n)
    has = plural(copies, "copy", "copies")
    home = card(name, boxes=boxes).box
    unsure = "" if home == BASE else str(box_file(home).get("copies_unconfirmed", ""))
    return f"{name}: the deck has {has} but {listed} are listed ({who})" + (
        f" ({unsure})" if unsure else "")


def tableau_problems(
    names: Sequence[str],
    edition: str = DEFAULT_EDITION,
    elsewhere: Iterable[str] = (),
    boxes: tuple[str, ...] = (),
) -> str | None:
    """The first problem with a tableau being entered, or None.

    Problems: a name that is no card in play (a card of a box not in play, or no card at all,
    with suggestions), a development listed twice (a tableau holds one copy of each), or more
    copies of a card than the deck holds, counting `elsewhere` (the other players' tableaux).
    """
    check_edition(edition)
    holders: dict[str, Counter[str]] = {}
    for other in elsewhere:
        found = canonical_name(other, boxes)
        if found is not None:
            holders.setdefault(found, Counter())["other tableaux"] += 1
    for name in names:
        found = canonical_name(name, boxes)
        if found is None:
            return not_in_play(name, boxes) or unknown_card_message(name, boxes=boxes)
        held = holders.setdefault(found, Counter())
        held["this tableau"] += 1
        if held["this tableau"] > 1 and card(found, edition, boxes).is_development:
            return second_development(found)
        if held.total() > deck_copies(found, boxes):
            return too_many_copies(found, held, boxes)
    return None


def used_up(name: str, names: Sequence[str], elsewhere: Iterable[str] = (),
            boxes: tuple[str, ...] = ()) -> str:
    """Why a card cannot join a tableau holding `names`, in words ("" when it can): "already
    listed" for a development it holds (one copy each), "all 2 used" when the deck's copies
    are all in tableaux (this one and `elsewhere`). For marking suggestions before Enter."""
    found = canonical_name(name, boxes)
    if found is None:
        return ""
    here = sum(canonical_name(n, boxes) == found for n in names)
    if here and card(found, boxes=boxes).is_development:
        return "already listed"
    copies = deck_copies(found, boxes)
    held = here + sum(canonical_name(n, boxes) == found for n in elsewhere)
    return f"all {copies} used" if held >= copies else ""
