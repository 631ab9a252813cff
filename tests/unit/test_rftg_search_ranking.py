"""The card picker ranks the card a player means first, for the abbreviations players type.

For every one of the 95 cards, the abbreviations a player would type (first letters of each
word; the first 2–4 letters of the first word and the first letters of the words after it;
the whole first word and the start of the second) must bring that card to the top, where
Enter adds it.

Some abbreviations spell several cards the same way: `los` begins all three "Lost …" cards,
`mw` is Mining World and Merchant World. "Spell" here means what the issue asks to rank first:
the typed letters are whole-word prefixes of the name from its first word on (`lostsp` =
lost+sp). Such a shared abbreviation cannot pick one card by itself; the picker then lists
every card it spells before anything else (the player adds a letter or an arrow to choose),
and a card's own unique abbreviations bring it first.
"""

from __future__ import annotations

import re

import pytest

from lastround.games.rftg.cards import all_cards
from lastround.games.rftg.search import search_cards

CARDS = all_cards()
NAMES = tuple(c.name for c in CARDS)


def words(name: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", name.casefold().replace("'", ""))


def abbreviations(name: str) -> set[str]:
    """What a player types for `name`: "lsaw", "lsa", "losaw", "lostsaw", "lostsp", "lostspe"…"""
    first, *rest = words(name)
    typed = set()
    if rest:
        typed.add(first[0] + "".join(w[0] for w in rest))  # every initial: lsaw
        for length in range(2, 5):
            start = first[:length]
            typed.add(start + "".join(w[0] for w in rest))  # losaw, lossaw, lostsaw
            typed.add(start + rest[0][0])  # los, lost+s
            typed.add(start + rest[0][:2])  # lostsp
            typed.add(start + rest[0][:3])  # lostspe
        typed.add(first + rest[0][:2])  # newsp: the whole first word, the next begun
    else:
        typed |= {first[:length] for length in range(3, 6)}  # one word: its beginning
    return {t for t in typed if len(t) >= 2}


def spelling_pattern(typed: str) -> re.Pattern[str]:
    """Each typed letter continues the word it is in or begins the next word of the name."""
    return re.compile("^" + "(?:[a-z0-9]* )?".join(map(re.escape, typed)))


def spelled_by(typed: str) -> set[str]:
    """The cards whose name (or an alias) `typed` spells as whole-word prefixes from its
    first word: worked out here independently of the search."""
    pattern = spelling_pattern(typed)
    return {c.name for c in CARDS
            if any(pattern.match(" ".join(words(n))) for n in (c.name, *c.aliases))}


CASES = [(name, typed) for name in NAMES for typed in sorted(abbreviations(name))]


def test_every_card_has_abbreviations() -> None:
    assert len(NAMES) == 95
    assert all(abbreviations(name) for name in NAMES)


def misranked(name: str, typed: str) -> str | None:
    """Why `typed` does not bring `name` first, or None when it does."""
    spelled = spelled_by(typed)
    if name not in spelled:
        return f"{typed!r} does not spell {name}"
    found = search_cards(typed, len(spelled) + 1)
    if spelled == {name}:
        return None if found[0] == name else f"{typed!r} should find {name} first: {found}"
    # Shared: every card it spells comes before any other.
    return None if set(found[: len(spelled)]) == spelled else f"{typed!r}: {found}"


def test_every_abbreviation_of_every_card_brings_it_first() -> None:
    """One test over all 95 cards' abbreviations (about a thousand): every miss is listed."""
    misses = [miss for name, typed in CASES if (miss := misranked(name, typed))]
    assert not misses, f"{len(misses)} of {len(CASES)}:\n" + "\n".join(misses)


@pytest.mark.parametrize(("typed", "shared"), [
    ("los", {"Lost Alien Warship", "Lost Species Ark World", "Lost Alien Battle Fleet"}),
    ("mw", {"Mining World", "Merchant World"}),
    ("deal", {"Deserted Alien Colony", "Deserted Alien Library", "Deserted Alien Outpost"}),
    ("alir", {"Alien Robot Sentry", "Alien Robotic Factory", "Alien Robot Scout Ship",
              "Alien Rosetta Stone World"}),
])
def test_shared_abbreviations_list_every_card_they_spell_first(typed: str, shared: set[str]
                                                               ) -> None:
    """Which abbreviations are shared, and why: each begins these names word by word alike."""
    assert spelled_by(typed) == shared
    assert set(search_cards(typed, len(shared))) == shared


def test_most_abbreviations_name_one_card() -> None:
    unique = [typed for name, typed in CASES if spelled_by(typed) == {name}]
    assert len(unique) > len(CASES) * 2 // 3


def test_the_filed_example_lostsp() -> None:
    """Issue 15, item 13: `lostsp` listed Lost Alien Warship first, and Enter added it."""
    assert search_cards("lostsp", 3)[0] == "Lost Species Ark World"
