"""Which card Enter adds for the letters typed, and the fewest letters that name each card.

Letters name a card when they are its name or an alias, or when, among the cards the deck
still has, it is the only one they spell in their best way (see `search._match_rank`: the
name's beginning, then prefixes of its words, initials, a piece of it, its letters in
order). `terraf` begins both Terraformed World and Terraforming Robots, so it names neither:
the player chooses. Once the only Terraforming Robots is in a tableau, `terraf` names the
other. Only such letters add a card with one Enter.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass

from lastround.games.rftg.cards import BOXES, all_cards, canonical_name, not_in_play
from lastround.games.rftg.search import guesses, spelled_ranks, spellings_of

LONGEST_ABBREVIATION = 8  # letters: beyond that a player types the name


@dataclass(frozen=True)
class Pick:
    """What the typed letters find: the cards to list, best first, and the card they name."""

    listed: tuple[str, ...]  # spelled cards still in the deck, then used up ones, then guesses
    named: str | None  # the card one Enter adds, listed first; None: the player chooses
    spelled: frozenset[str]  # the listed cards the letters spell (the rest are guesses)
    rivals: tuple[str, ...]  # when none is named: the cards left spelled the same best way


def remaining_cards(tableau: Iterable[str], elsewhere: Iterable[str] = (),
                    boxes: tuple[str, ...] = ()) -> frozenset[str]:
    """The cards that can still join `tableau`: copies left in the deck (counting the other
    players' tableaux, `elsewhere`), and for a development, none already in this tableau."""
    here = Counter(canonical_name(name, boxes) for name in tableau)
    held = here + Counter(canonical_name(name, boxes) for name in elsewhere)
    return frozenset(card.name for card in all_cards(boxes=boxes)
                     if held[card.name] < card.copies
                     and not (card.is_development and here[card.name]))


def pick(typed: str, remaining: Collection[str], limit: int = 8,
         boxes: tuple[str, ...] = ()) -> Pick:
    """The cards `typed` finds among those in play, and the one it names (see above)."""
    ranks = spelled_ranks(typed, boxes)
    exact = [name for name, rank in ranks.items() if rank == (0, 0)]
    left = {name: rank for name, rank in ranks.items() if name in remaining}
    best = min((rank[0] for rank in left.values()), default=None)
    tied = sorted((name for name, rank in left.items() if rank[0] == best),
                  key=lambda name: (left[name], len(name), name))
    named = exact[0] if len(exact) == 1 else tied[0] if len(tied) == 1 else None
    listed = sorted(ranks, key=lambda name: (name != named, name not in remaining,
                                             ranks[name], len(name), name))
    if len(listed) < limit:
        listed += [name for name in guesses(typed, limit, boxes) if name not in ranks]
    return Pick(tuple(listed[:limit]), named, frozenset(ranks),
                () if named else tuple(tied))


def out_of_play(typed: str, boxes: tuple[str, ...] = ()) -> str:
    """Why `typed` names a card of a box not in play ("Rebel Council belongs to The Brink of
    War, which is not in this game"): its name or alias, or the beginning of one card's name
    alone among every box's cards; "" for letters naming none, or a card in play. It reads
    every box's cards: asked on Enter, not as letters are typed."""
    exact = not_in_play(typed, boxes)
    if exact:
        return exact
    if any(rank[0] <= 1 for rank in spelled_ranks(typed, boxes).values()):
        return ""  # it begins a card in play
    begun = [name for name, rank in spelled_ranks(typed, BOXES).items() if rank[0] <= 1]
    return (not_in_play(begun[0], boxes) or "") if len(begun) == 1 else ""


def shortest_letters(name: str, remaining: Collection[str],
                     boxes: tuple[str, ...] = ()) -> str:
    """The fewest letters that name `name` among `remaining` (the name itself at worst)."""
    for letters in sorted(set(_abbreviations(name, boxes)), key=lambda t: (len(t), t)):
        if pick(letters, remaining, 1, boxes).named == name:
            return letters
    return name


def _abbreviations(name: str, boxes: tuple[str, ...]) -> Iterator[str]:
    """What a player may type for a card, up to LONGEST_ABBREVIATION letters: prefixes of
    its words in order, words passed over or not ("lostsp", "arsen"), and pieces of it."""
    for words in spellings_of(name, boxes):
        yield from _word_prefixes(words, 0, "")
        text = " ".join(words)
        for start in range(len(text)):
            for end in range(start + 1, min(len(text), start + LONGEST_ABBREVIATION) + 1):
                piece = text[start:end]
                if piece.strip() == piece:
                    yield piece


def _word_prefixes(words: tuple[str, ...], word: int, typed: str) -> Iterator[str]:
    """`typed` followed by a prefix of a word from `word` on, and so on for the next words."""
    for at in range(word, len(words)):
        for length in range(1, len(words[at]) + 1):
            longer = typed + words[at][:length]
            if len(longer) > LONGEST_ABBREVIATION:
                break
            yield longer
            yield from _word_prefixes(words, at + 1, longer)
