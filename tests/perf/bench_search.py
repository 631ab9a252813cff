"""The card picker's search, run on every keystroke: time per query over the 95 cards."""

from __future__ import annotations

import timeit
from functools import partial

from lastround.games.rftg.search import search_cards
from tests.perf.measure import report

QUERIES = ("gal", "bmtw", "New Galatic Ordr", "Deserted Alein Library", "zzq xyy")


def main() -> None:
    search_cards("warm up")
    worst = 0.0
    for query in QUERIES:
        best = min(timeit.repeat(partial(search_cards, query, 10), number=20, repeat=5)) / 20
        print(f"search {query!r}: {best * 1000:.2f} ms")
        worst = max(worst, best)
    report("slowest search", f"{worst * 1000:.2f} ms", "< 1 ms (a fraction of a frame)",
           worst < 0.001)


if __name__ == "__main__":
    main()
