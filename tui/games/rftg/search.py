"""Finding a Race for the Galaxy card by what was typed: the picker's ranked search.

Players abbreviate ("lostsp", "gal fed", "bmtw") and misspell; names rank by how they were
spelled, and close misspellings fill the rest of a list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from lastround.games.rftg.cards import (
    BOXES,
    box_title,
    card_names,
    in_play,
    normal_spelling,
    not_in_play,
    raw_cards_in_play,
)
from lastround.games.words import join_names


@dataclass(frozen=True)
class _Spelling:
    name: str  # the card it spells
    words: tuple[str, ...]
    text: str  # words joined by single spaces
    compact: str  # words joined without spaces
    initials: str
    pairs: frozenset[str]  # adjacent letter pairs, for a quick likeness


def _words(text: str) -> tuple[str, ...]:
    return tuple(re.findall(r"[a-z0-9]+", normal_spelling(text).replace("'", "")))


def _spelling(name: str, spelling: str) -> _Spelling:
    words = _words(spelling)
    text = " ".join(words)
    initials = "".join(w[0] for w in words)
    return _Spelling(name, words, text, "".join(words), initials, _letter_pairs(text))


@cache
def _spellings(boxes: tuple[str, ...] = ()) -> tuple[_Spelling, ...]:
    return tuple(
        _spelling(str(raw["name"]), str(spelling))
        for raw in raw_cards_in_play(boxes)
        for spelling in (raw["name"], *raw.get("aliases", ()))
    )


def _letter_pairs(text: str) -> frozenset[str]:
    return frozenset(text[i : i + 2] for i in range(len(text) - 1))


def _in_order(letters: str, whole: str) -> bool:
    """Whether every letter appears in `whole`, in order (gaps allowed)."""
    remaining = iter(whole)
    return all(letter in remaining for letter in letters)


def _words_spelled(query: Sequence[str], words: Sequence[str], *, skipping: bool) -> int:
    """How many of the name's words the typed words spell as whole-word prefixes, or 0.

    Each typed word is one or more prefixes of successive words of the name, taken in
    order: "lostsp" is lost+sp (Lost Species Ark World), "lsaw" l+s+a+w, "gal fed" gal+fed.
    Without `skipping` the prefixes start at the first word and no word is passed over;
    the count returned is then how far into the name they reach (the more, the better).
    """

    def reach(typed: int, offset: int, word: int) -> int:
        if typed == len(query):
            return word
        letters = query[typed]
        if offset == len(letters):
            return reach(typed + 1, 0, word)
        best = 0
        for at in range(word, len(words) if skipping else min(word + 1, len(words))):
            shared = 0
            candidate = words[at]
            while (offset + shared < len(letters) and shared < len(candidate)
                   and letters[offset + shared] == candidate[shared]):
                shared += 1
            for length in range(shared, 0, -1):  # the longest prefix first
                best = max(best, reach(typed, offset + length, at + 1))
                if best == len(words):
                    return best
        return best

    return reach(0, 0, 0)


def _match_rank(query: tuple[str, ...], spelling: _Spelling) -> tuple[int, int] | None:
    """How well a query matches one spelling: lower is better, None for no match.

    Whole-word prefixes of the name from its first word (the way players abbreviate:
    "lostsp", "newsp", "lsaw") rank right after the name itself and its beginning, the
    more words they reach the better; then prefixes that pass over words, initials,
    a piece of the name, and last its letters in order.
    """
    text, compact = " ".join(query), "".join(query)
    if spelling.text == text:
        return (0, 0)
    if spelling.text.startswith(text):
        return (1, 0)
    in_order = _in_order(compact, spelling.compact)
    if in_order and compact[0] in spelling.initials:  # else no word prefixes spell it
        reached = (_words_spelled(query, spelling.words, skipping=False)
                   if compact[0] == spelling.initials[0] else 0)
        if reached:
            return (2, len(spelling.words) - reached)
        if _words_spelled(query, spelling.words, skipping=True):
            return (3, 0)
    if spelling.initials.startswith(compact):
        return (4, 0)
    if text in spelling.text:
        return (5, spelling.text.index(text))
    return (6, 0) if in_order else None


def search_cards(query: str, limit: int = 10, boxes: tuple[str, ...] = ()) -> list[str]:
    """Names of cards in play (the base game and `boxes`) for a picker, best first.

    Exact, prefix, word-prefix ("gal fed"), initials ("bmtw"), substring and in-order
    letters ("glfd") come first; close misspellings (difflib) fill the rest.
    """
    query_words = _words(query)
    if not query_words:
        return list(card_names(boxes)[:limit])
    ranked = _matching(query_words, boxes)
    if len(ranked) < limit:
        ranked += [n for n in _misspelled(" ".join(query_words), limit, boxes)
                   if n not in ranked]
    return ranked[:limit]


def build_index() -> None:
    """Parse the card list and build the search index before the first search needs them."""
    search_cards("warm")


def matching_cards(query: str, limit: int = 10, boxes: tuple[str, ...] = ()) -> list[str]:
    """The names the typed letters spell, best first: `search_cards` without the guesses.

    A card in `search_cards` but not here is only a guess at a misspelt or unknown name
    (nothing for a query without letters or digits).
    """
    query_words = _words(query)
    return _matching(query_words, boxes)[:limit] if query_words else []


def spelled_ranks(query: str, boxes: tuple[str, ...] = ()) -> dict[str, tuple[int, int]]:
    """Each card the typed letters spell, with how (lower is better: (0, 0) is the name or
    an alias itself, and the first number is the way it is spelled: see `_match_rank`)."""
    query_words = _words(query)
    return _ranks(query_words, boxes) if query_words else {}


def _ranks(query_words: tuple[str, ...], boxes: tuple[str, ...] = ()) -> dict[str, tuple[int, int]]:
    best: dict[str, tuple[int, int]] = {}
    for spelling in _spellings(boxes):
        rank = _match_rank(query_words, spelling)
        if rank is not None and rank < best.get(spelling.name, (99, 0)):
            best[spelling.name] = rank
    return best


def _matching(query_words: tuple[str, ...], boxes: tuple[str, ...] = ()) -> list[str]:
    best = _ranks(query_words, boxes)
    return sorted(best, key=lambda name: (best[name], len(name), name))


def spellings_of(name: str, boxes: tuple[str, ...] = ()) -> tuple[tuple[str, ...], ...]:
    """The words of a card's name and of each of its aliases, as the search reads them."""
    return tuple(s.words for s in _spellings(boxes) if s.name == name)


def guesses(query: str, limit: int, boxes: tuple[str, ...] = ()) -> list[str]:
    """Cards whose names are close to a misspelt query, closest first."""
    query_words = _words(query)
    return _misspelled(" ".join(query_words), limit, boxes) if query_words else []


def _misspelled(text: str, limit: int, boxes: tuple[str, ...] = ()) -> list[str]:
    """Names close to a misspelt query: letter pairs shortlist, difflib ratio decides."""
    pairs = _letter_pairs(text)

    def overlap(spelling: _Spelling) -> float:
        return len(pairs & spelling.pairs) / (len(pairs | spelling.pairs) or 1)

    shortlist = sorted(_spellings(boxes), key=overlap, reverse=True)[: limit + 4]
    import difflib  # only misspellings need it; scoring a file starts faster without

    matcher = difflib.SequenceMatcher(b=text)
    ratios: dict[str, float] = {}
    for spelling in shortlist:
        matcher.set_seq1(spelling.text)
        ratio = matcher.ratio()
        if ratio >= 0.6 and ratio > ratios.get(spelling.name, 0.0):
            ratios[spelling.name] = ratio
    return sorted(ratios, key=lambda name: -ratios[name])


def closest_names(text: str, n: int = 3, boxes: tuple[str, ...] = ()) -> list[str]:
    """Up to n names of cards in play nearest to an unknown one, to suggest in an error."""
    return search_cards(text, n, boxes)


def unknown_card_message(text: str, player: str | None = None,
                         boxes: tuple[str, ...] = ()) -> str:
    """'"Gem Wrld" is not a base-game card (Ada's tableau); did you mean Gem World?' (with
    boxes in play: 'is not a card of the base game or Rebel vs Imperium')."""
    where = f" ({player}'s tableau)" if player else ""
    kind = "a base-game card"
    if boxes:
        kind = "a card of " + join_names(["the base game", *map(box_title, in_play(boxes))], "or")
    message = f'"{text.strip()}" is not {kind}{where}'
    [closest, *_] = search_cards(text, 1, BOXES) or [""]
    elsewhere = not_in_play(closest, boxes) if closest else None
    if elsewhere:  # the closest card of all is in a box not in play: said first
        message += f"; {elsewhere}"
    suggestions = closest_names(text, boxes=boxes)
    if suggestions:
        message += f"; did you mean {join_names(suggestions, 'or')}?"
    return message
