"""Keys a table presses: per Race card, and for a shipped example's whole entry.

A card costs the fewest letters that name it (lastround.games.rftg.picking: one Enter adds it)
plus that Enter; counted with the whole deck left (every card, base game and with every
box), and along the shipped 4-player example, where each tableau's letters are found
among the cards still left when it is typed. The example's whole entry adds every other
key of its steps: the names, the end check, the finish-the-round checklist, the Enter
that ends each tableau, and the counts (a 0 is left empty). Goals: median ≤ 4 keys per
card, the 4-player example ≤ 250 keys.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from lastround.games.rftg.cards import card_names
from lastround.games.rftg.picking import remaining_cards, shortest_letters
from tests.perf.measure import report
from tests.support.rftg_play import EXAMPLE, Table

EVERY_BOX = ("gathering-storm", "rebel-vs-imperium", "brink-of-war", "new-worlds")


def card_keys(name: str, tableau: Sequence[str] = (), elsewhere: Sequence[str] = (),
              boxes: tuple[str, ...] = ()) -> int:
    """Letters naming the card among those left, and the Enter that adds it."""
    return len(shortest_letters(name, remaining_cards(tableau, elsewhere, boxes), boxes)) + 1


def number_keys(value: int) -> int:
    return len(str(value)) if value else 0  # an empty count is 0


def entry_keys(table: Table) -> dict[str, int]:
    """The keys of each kind of step for a table's whole entry, from the home screen."""
    names = table.names
    keys = {"setup": 1 + sum(map(len, names)) + len(names) - 1 + 1}  # r, names, Tabs, Enter
    pool = 2 if table.mid_consume else 1 if table.pool_exhausted else 0
    keys["end check"] = len(str(table.largest)) + (1 + pool if pool else 0) + 1
    keys["finish the round"] = 3  # nobody chose what was left: n, Space on the discard, Enter
    keys["tableaux"] = keys["counts"] = 0
    entered: list[str] = []
    for seat in table.seats:
        tableau: list[str] = []
        for name in seat.cards:
            keys["tableaux"] += card_keys(name, tableau, entered)
            tableau.append(name)
        keys["tableaux"] += 1  # Enter on the empty search: the tableau is done
        entered += tableau
        keys["counts"] += sum(map(number_keys, seat.counts_values().values())) + 2 + 1
    return keys


def main() -> None:
    for label, boxes in (("base game", ()), ("every box", EVERY_BOX)):
        keys = [card_keys(name, boxes=boxes) for name in card_names(boxes)]
        worst = max(card_names(boxes), key=lambda name: card_keys(name, boxes=boxes))
        print(f"keys per card, {label} ({len(keys)} cards): median "
              f"{statistics.median(keys)}, worst {max(keys)} ({worst})")
    base = [card_keys(name) for name in card_names()]
    report("keys per card (base game)", f"median {statistics.median(base)}", "≤ 4",
           statistics.median(base) <= 4)
    example = entry_keys(EXAMPLE)
    cards = sum(len(seat.cards) for seat in EXAMPLE.seats)
    print("the 4-player example, by step: "
          + ", ".join(f"{step} {count}" for step, count in example.items())
          + f" ({cards} cards)")
    total = sum(example.values())
    report("the 4-player example's whole entry", f"{total} keys", "≤ 250", total <= 250)


if __name__ == "__main__":
    main()
