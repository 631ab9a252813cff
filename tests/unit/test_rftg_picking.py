"""Which card Enter adds: letters name a card only when no other card left is spelled the same
best way, and every card has such letters, few of them, for whatever the deck still holds."""

from __future__ import annotations

import statistics

from hypothesis import given, settings
from hypothesis import strategies as st

from lastround.games.rftg.cards import all_cards, card_names
from lastround.games.rftg.picking import out_of_play, pick, remaining_cards, shortest_letters
from lastround.games.rftg.search import unknown_card_message

EVERY_CARD = remaining_cards(())
NAMES = sorted(EVERY_CARD)
DECK = [c.name for c in all_cards() for _ in range(c.copies)]  # every physical card
BOW = ("gathering-storm", "rebel-vs-imperium", "brink-of-war")


def test_letters_two_cards_begin_with_name_neither() -> None:
    for typed, spelled in (("terraf", {"Terraformed World", "Terraforming Robots"}),
                           ("al robot", {"Alien Robot Sentry", "Alien Robotic Factory",
                                         "Alien Robot Scout Ship"})):
        found = pick(typed, EVERY_CARD)
        assert found.named is None
        assert set(found.rivals) == spelled
        assert set(found.listed[:len(spelled)]) == spelled  # all of them shown, first


def test_a_card_whose_rival_is_used_up_is_named() -> None:
    """Terraforming Robots is in this tableau already (a development, once a tableau):
    "terraf" now names the other."""
    left = remaining_cards(["Old Earth", "Terraforming Robots"])
    found = pick("terraf", left)
    assert found.named == "Terraformed World"
    assert found.listed[0] == "Terraformed World"
    assert found.listed.index("Terraforming Robots") > 0  # still shown, after the ones left


def test_the_whole_name_names_its_card_even_used_up() -> None:
    """Typed in full, a card is the one meant: Enter then says why it can't be added."""
    used = remaining_cards(["Galactic Federation"])
    assert "Galactic Federation" not in used
    assert pick("galactic federation", used).named == "Galactic Federation"
    assert pick("Alien Robot Sentry", EVERY_CARD).named == "Alien Robot Sentry"


def test_the_cards_left() -> None:
    """A development once per tableau; a card's copies shared by the whole table."""
    left = remaining_cards(["Old Earth", "Gem World", "Mining Robots"], ["Gem World"])
    assert "Mining Robots" not in left  # a development already here
    assert "Gem World" not in left  # both copies in tableaux
    assert "Old Earth" not in left  # the only copy
    assert "Comet Zone" in left
    assert "Mining Robots" in remaining_cards([], ["Mining Robots"])  # two copies


def test_guesses_name_nothing() -> None:
    found = pick("galactic bankers", EVERY_CARD)
    assert found.named is None and found.rivals == ()
    assert found.listed and not set(found.listed) & found.spelled


def test_few_letters_name_every_card_of_the_full_deck() -> None:
    keys = [len(shortest_letters(name, EVERY_CARD)) + 1 for name in card_names()]  # + Enter
    assert statistics.median(keys) <= 4
    assert max(keys) <= 6


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """A tableau being typed and the other tableaux, dealt from one deck."""
    dealt = draw(st.permutations(DECK))
    here_size, elsewhere_size = draw(st.integers(0, 14)), draw(st.integers(0, 40))
    return list(dealt[:here_size]), list(dealt[here_size:here_size + elsewhere_size])


@settings(max_examples=60, deadline=None)
@given(tables(), st.data())
def test_the_shortest_letters_name_exactly_that_card(table: tuple[list[str], list[str]],
                                                     data: st.DataObject) -> None:
    left = remaining_cards(*table)
    name = data.draw(st.sampled_from(sorted(left)))
    letters = shortest_letters(name, left)
    found = pick(letters, left)
    assert found.named == name
    assert found.listed[0] == name  # the card Enter adds is the one shown first
    assert len(letters) <= 8 or letters == name


@settings(max_examples=60, deadline=None)
@given(tables(), st.text("abcdefghilmnoprstuw ", min_size=1, max_size=6))
def test_a_card_named_is_left_or_typed_in_full(table: tuple[list[str], list[str]],
                                               typed: str) -> None:
    """Letters never name a card the deck has no copy of, unless they are its name; and
    when they name none, several cards left share them, or none is spelled."""
    left = remaining_cards(*table)
    found = pick(typed, left)
    if found.named is not None:
        assert found.named in left or found.named.casefold() == typed.strip().casefold()
        assert found.listed[0] == found.named
    else:
        assert len(found.rivals) != 1


def test_letters_naming_a_card_of_a_box_not_in_play_name_its_box() -> None:
    """A card of another box is named with its box, and names no card in play for Enter
    ("Rebel Council" used to be offered as Rebel Outpost); the name begun counts too."""
    left = remaining_cards([])
    for typed in ("Rebel Council", "rebel coun"):
        assert pick(typed, left).named is None
        assert out_of_play(typed) == ("Rebel Council belongs to The Brink of War, which is "
                                      "not in this game")
    assert out_of_play("Rebel Council", BOW) == ""
    assert out_of_play("rebel") == ""  # begins cards in play
    assert out_of_play("imperium se").startswith("Imperium Seat belongs to Rebel")


def test_a_misspelt_card_of_a_box_not_in_play_names_its_box_in_the_error() -> None:
    """`lastround score`'s error for a misspelt card whose closest name is in another box."""
    said = unknown_card_message("Rebel Councl", "Maya")
    assert said.startswith('"Rebel Councl" is not a base-game card (Maya\'s tableau); Rebel '
                           "Council belongs to The Brink of War, which is not in this game")
    assert "did you mean Rebel Outpost" in said  # the cards in play, after it
    assert "belongs" not in unknown_card_message("Gem Wrld")
