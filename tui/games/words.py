"""Small words both games' messages use: lists of names, counts, a card list. Pure."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence


def join_names(names: Sequence[str], last: str = "and") -> str:
    """'Ada', 'Ada and Bo', 'Ada, Bo and Cy'."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


def shortened(text: str, width: int = 40) -> str:
    """`text` cut to `width` characters, an ellipsis marking the cut (a cell, a message)."""
    return text if len(text) <= width else text[: width - 1] + "…"


def plural(n: int, one: str, many: str) -> str:
    """'1 card', '3 cards'."""
    return f"{n} {one if n == 1 else many}"


def capitalise(text: str) -> str:
    """The first letter upper case, the rest as written ('six-cost' -> 'Six-cost')."""
    return text[:1].upper() + text[1:]


def card_list(names: Sequence[str]) -> str:
    """Names in first-seen order, a repeated card shown once with its count."""
    counts = Counter(names)
    return ", ".join(n if counts[n] == 1 else f"{n} ×{counts[n]}" for n in counts)
