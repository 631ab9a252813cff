"""Race for the Galaxy's expansion boxes: their cards, the copies in the deck, and a card of
a box not in play refused by name.

The facts come from Keldon Jones' card list (bnordli/rftg, branch update, src/cards.txt),
whose `E@box:copies` lines give each card's copies as the boxes in play add them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lastround.games.base import RulesError
from lastround.games.rftg.bonuses import Bonus, six_dev_bonuses
from lastround.games.rftg.cards import (
    BOXES,
    Card,
    all_cards,
    box_file,
    canonical_name,
    card,
    card_names,
    deck_copies,
    not_in_play,
    six_cost_developments,
)
from lastround.games.rftg.entries import read_entries, read_tableau
from lastround.games.rftg.scoring import score_entries
from lastround.games.rftg.search import matching_cards, search_cards, unknown_card_message
from lastround.games.rftg.tableau import tableau_problems, used_up
from tests.support.fresh_python import python_output

TGS = ("gathering-storm",)
RVI = (*TGS, "rebel-vs-imperium")
BOW = (*RVI, "brink-of-war")
AA = ("alien-artifacts",)
XI = ("xeno-invasion",)
NEW_WORLDS = ("new-worlds",)
BOX_SETS = [(), TGS, RVI, BOW, AA, XI, NEW_WORLDS]
DATA = Path(__file__).resolve().parents[2] / "tui" / "games" / "rftg"


@pytest.mark.parametrize(("box", "distinct", "in_deck"), [
    ("gathering-storm", 19, 21), ("rebel-vs-imperium", 37, 44), ("brink-of-war", 40, 48),
    ("alien-artifacts", 39, 46), ("xeno-invasion", 44, 51), ("new-worlds", 6, 6),
])
def test_each_box_holds_its_cards(box: str, distinct: int, in_deck: int) -> None:
    """Keldon's sections: 'First expansion: The Gathering Storm' ... 'Fifth expansion: Xeno
    Invasion', and the six 'Promo home worlds'."""
    cards = box_file(box)["card"]
    assert len(cards) == distinct
    assert sum(c.get("copies", 1) for c in cards) == in_deck


@pytest.mark.parametrize(("boxes", "distinct", "in_deck"), [
    ((), 95, 114), (TGS, 114, 136), (RVI, 150, 180), (BOW, 190, 228), (AA, 134, 160),
    (XI, 139, 165), (NEW_WORLDS, 101, 120),
    # Xeno Counterstrike's 74 at one copy each (their copies unconfirmed), alone and with XI.
    (("xeno-counterstrike",), 169, 188), ((*XI, "xeno-counterstrike"), 213, 239),
])
def test_the_deck_is_the_base_game_and_the_boxes_in_play(
    boxes: tuple[str, ...], distinct: int, in_deck: int,
) -> None:
    cards = all_cards(boxes=boxes)
    assert len(cards) == len(card_names(boxes)) == distinct
    assert sum(c.copies for c in cards) == in_deck


def test_every_box_file_names_its_source_at_the_top() -> None:
    """Keldon's card list for the boxes it holds; Xeno Counterstrike's pictures for that box,
    which the list does not hold."""
    for box in BOXES:
        head = (DATA / f"cards-{box}.toml").read_text("utf-8")[:1200]
        source = ("github.com/khanghy2130/rftg-arc3" if box == "xeno-counterstrike"
                  else "bnordli/rftg, branch update, src/cards.txt")
        assert source in head, box


def test_the_boxes_change_copies_of_base_cards() -> None:
    """'E@0:2@1:1' Contact Specialist: a third copy from The Gathering Storm on; 'E@0:2@2:1'
    Research Labs: a third from Rebel vs Imperium on; 'E@0:1@2:-1' Gambling World: Rebel vs
    Imperium takes the base card out and brings its own of the same name."""
    assert deck_copies("Contact Specialist") == 2
    assert deck_copies("Contact Specialist", TGS) == deck_copies("Contact Specialist", BOW) == 3
    assert deck_copies("Contact Specialist", AA) == 2
    assert deck_copies("Research Labs", TGS) == 2
    assert deck_copies("Research Labs", RVI) == 3
    assert card("Gambling World").box == "base"
    assert card("Gambling World", boxes=RVI).box == "rebel-vs-imperium"
    assert deck_copies("Gambling World", RVI) == 1
    assert card("Gambling World", boxes=XI).box == "base"


def test_a_box_card_is_unknown_until_its_box_is_in_play() -> None:
    assert canonical_name("imperium seat") is None
    with pytest.raises(KeyError):
        card("Imperium Seat")
    assert canonical_name("imperium seat", RVI) == "Imperium Seat"
    assert card("Imperium Seat", boxes=RVI).box == "rebel-vs-imperium"


def test_a_card_of_a_box_not_in_play_is_refused_naming_its_box() -> None:
    """'Imperium Seat belongs to Rebel vs Imperium, which is not in this game'."""
    assert not_in_play("imperium seat", ()) == (
        "Imperium Seat belongs to Rebel vs Imperium, which is not in this game")
    assert not_in_play("Imperium Seat", RVI) is None
    assert not_in_play("Gem World", ()) is None
    assert not_in_play("Gem Wrld", ()) is None  # no card at all: the unknown-card message
    assert not_in_play("Gateway Station", BOW) == (
        "Gateway Station belongs to the New Worlds promo set, which is not in this game")


def test_a_name_two_boxes_print_names_both() -> None:
    """Alien Artifacts and Xeno Invasion each print a Rebel Resistance."""
    assert not_in_play("Rebel Resistance", TGS) == (
        "Rebel Resistance belongs to Alien Artifacts and to Xeno Invasion, neither of which "
        "is in this game")
    assert card("Rebel Resistance", boxes=AA).bonus
    assert not card("Rebel Resistance", boxes=XI).bonus


def test_the_tableau_checks_refuse_a_card_of_a_box_not_in_play() -> None:
    with pytest.raises(RulesError, match="Imperium Seat belongs to Rebel vs Imperium"):
        read_tableau(["Old Earth", "Imperium Seat"], "players[0].tableau", "Ada", "2nd")
    cards = read_tableau(["Old Earth", "imperium seat"], "players[0].tableau", "Ada", "2nd",
                         RVI)
    assert [c.name for c in cards] == ["Old Earth", "Imperium Seat"]
    assert tableau_problems(["Old Earth", "Imperium Seat"]) == (
        "Imperium Seat belongs to Rebel vs Imperium, which is not in this game")
    assert tableau_problems(["Old Earth", "Imperium Seat"], boxes=RVI) is None


def test_the_tableau_checks_count_the_copies_the_boxes_give() -> None:
    mine, two = ["Old Earth", "Contact Specialist"], ["Contact Specialist"] * 2
    assert tableau_problems(mine, elsewhere=two) == (
        "Contact Specialist: the deck has 2 copies but 3 are listed (other tableaux 2, "
        "this tableau 1)")
    assert tableau_problems(mine, elsewhere=two, boxes=TGS) is None
    assert used_up("Contact Specialist", [], two) == "all 2 used"
    assert used_up("Contact Specialist", [], two, TGS) == ""


def test_an_unknown_name_with_boxes_in_play_says_which_cards_it_is_not() -> None:
    assert unknown_card_message("Zzyzx World", boxes=RVI).startswith(
        '"Zzyzx World" is not a card of the base game, The Gathering Storm or Rebel vs Imperium')
    assert unknown_card_message("Zzyzx World").startswith('"Zzyzx World" is not a base-game card')


def test_the_search_ranks_only_cards_in_play() -> None:
    assert "Imperium Seat" not in search_cards("imperium seat")
    assert search_cards("imperium seat", boxes=RVI)[0] == "Imperium Seat"
    assert matching_cards("imp seat", boxes=RVI)[0] == "Imperium Seat"
    assert not any(card(n).box != "base" for n in search_cards("rebel", 20))


def test_six_cost_developments_follow_the_boxes() -> None:
    """Pan-Galactic Research is a 6-cost development with printed VP: not one with a formula."""
    assert len(six_cost_developments()) == 12
    found = six_cost_developments(RVI)
    assert {"Terraforming Guild", "Imperium Seat", "Galactic Exchange"} <= set(found)
    assert "Pan-Galactic Research" not in found
    assert len(found) == 12 + 3 + 6


def test_the_base_game_reads_no_box_file() -> None:
    """Start-up parses the base file only: a box's file is read when a game uses the box,
    or to name the box of a card not in play in an error."""
    script = ("from lastround.games.rftg import cards, search\n"
              "cards.all_cards(); cards.card('Gem World'); search.search_cards('gal fed')\n"
              "search.search_cards('imperium seat')\n"
              "print(cards.box_file.cache_info().currsize)\n")
    assert python_output(script).split() == ["0"]


def test_the_new_worlds_promos_carry_their_sources() -> None:
    """Keldon's file has stubs only; BoardGameArena scores them at 1 VP, Abandoned Mine
    Squatters 0 VP. Their +1 Military, in one card list only, is printed on the cards."""
    promos = [c for c in all_cards(boxes=NEW_WORLDS) if c.box == "new-worlds"]
    assert {c.name: c.vp for c in promos} == {
        "Gateway Station": 1, "Abandoned Mine Squatters": 0, "Terraforming Colonists": 1,
        "Galactic Trade Emissaries": 1, "Industrial Robots": 1, "Star Nomad Raiders": 1,
    }
    assert all(c.start_world and c.cost == 2 and c.is_world for c in promos)
    assert card("Terraforming Colonists", boxes=NEW_WORLDS).keywords == ("Terraforming",)
    raiders = card("Star Nomad Raiders", boxes=NEW_WORLDS)
    assert raiders.trade_power and raiders.military_strength == 1
    assert "mgkurtz/rftg" in raiders.source and not raiders.unconfirmed



FIRST_ARC_IMAGE = "grchld/rftg-scorer res/drawable/card_"
ALIEN_ARTIFACTS_IMAGE = "grchld/rftg-scorer branch old_opencv_release, res/drawable/card_"
XENO_IMAGE = "khanghy2130/rftg-arc3 static/cards/"


PRINTED: list[tuple[tuple[str, ...], str, str, Callable[[Card], bool]]] = [
    (TGS, "Smuggling Lair", FIRST_ARC_IMAGE, lambda c: c.military_strength == 0),
    (RVI, "Rebel Stronghold", FIRST_ARC_IMAGE, lambda c: c.prestige),
    (RVI, "Pan-Galactic Research", FIRST_ARC_IMAGE,
     lambda c: c.explore_power and not c.consume_power),
    (RVI, "Devolved Uplift Race", FIRST_ARC_IMAGE, lambda c: c.cost == 1),
    (RVI, "Insect Uplift Race", FIRST_ARC_IMAGE, lambda c: c.cost == 2),
    (BOW, "Rebel Fuel Refinery", FIRST_ARC_IMAGE, lambda c: "Rebel" in c.keywords),
    (AA, "Rebel Uplift World", ALIEN_ARTIFACTS_IMAGE, lambda c: "Chromosome" in c.keywords),
    (AA, "Terraforming Unlimited", ALIEN_ARTIFACTS_IMAGE, lambda c: c.cost == 6 and c.six_dev),
    (XI, "Alien Archives", XENO_IMAGE, lambda c: c.keywords == ("Alien",)),
    (NEW_WORLDS, "Abandoned Mine Squatters", XENO_IMAGE, lambda c: c.military_strength == 1),
    (NEW_WORLDS, "Star Nomad Raiders", XENO_IMAGE, lambda c: c.military_strength == 1),
]


@pytest.mark.parametrize(("boxes", "name", "image", "printed"), PRINTED,
                         ids=[name for _, name, _, _ in PRINTED])
def test_a_fact_the_card_lists_disagreed_on_is_as_printed(
        boxes: tuple[str, ...], name: str, image: str,
        printed: Callable[[Card], bool]) -> None:
    """Where Keldon's list (bnordli/rftg), gspindles/rftg-cards, vila/rftgscore or
    mgkurtz/rftg disagreed, an image of the printed card decides, and the card names it:
    Smuggling Lair has no +1 Military, Rebel Stronghold shows the prestige icon,
    Pan-Galactic Research has no Consume power, Devolved Uplift Race defends at 1 and
    Insect Uplift Race at 2, Rebel Fuel Refinery and Alien Archives show their keyword in
    their names, Rebel Uplift World shows the chromosome icon, Terraforming Unlimited costs
    6, and both promo start worlds print +1 Military in phase III (card images:
    grchld/rftg-scorer res/drawable/, khanghy2130/rftg-arc3 static/cards/)."""
    found = card(name, boxes=boxes)
    assert printed(found)
    assert image in found.source and not found.unconfirmed

KINDS = {"world", "development"}
GOODS = {"novelty", "rare", "genes", "alien", "any", "none"}
MODES = {"production", "windfall", "none"}
KEYWORDS = {"Rebel", "Alien", "Imperium", "Uplift", "Chromosome", "Terraforming", "Xeno",
            "Anti-Xeno"}


@pytest.mark.parametrize("boxes", BOX_SETS[1:], ids=lambda b: "+".join(b))
def test_every_card_of_every_box_loads_with_sound_facts(boxes: tuple[str, ...]) -> None:
    for c in all_cards(boxes=boxes):
        assert c.kind in KINDS and c.good in GOODS and c.good_mode in MODES, c.name
        assert set(c.keywords) <= KEYWORDS, c.name
        assert (c.good == "none") == (c.good_mode == "none") or c.name == "Tranship Point"
        assert 1 <= c.copies <= 3, c.name
        assert not (c.military and c.is_development), c.name
        assert c.six_dev == (c.is_development and c.cost == 6), c.name
        if c.bonus:
            assert c.vp == 0, c.name
        for edition in ("1st", "2nd"):
            assert card(c.name, edition, boxes).name == c.name


def _decks() -> list[tuple[tuple[str, ...], list[str], set[str]]]:
    decks = []
    for boxes in BOX_SETS[1:]:
        cards = all_cards(boxes=boxes)
        decks.append((boxes, [c.name for c in cards for _ in range(c.copies)],
                       {c.name for c in cards if c.is_development}))
    return decks


@st.composite
def box_tables(draw: st.DrawFn) -> tuple[tuple[str, ...], dict[str, Any]]:
    """A legal table of a box set: tableaux dealt from its deck, one copy of a development
    each at most."""
    boxes, physical, developments = draw(st.sampled_from(_decks()))
    dealt = list(draw(st.permutations(physical)))
    players = []
    for name in ("Ada", "Bo", "Cy")[: draw(st.integers(2, 3))]:
        size = draw(st.integers(1, 14))
        tableau: list[str] = []
        for listed in list(dealt):
            if len(tableau) == size:
                break
            if listed not in tableau or listed not in developments:
                tableau.append(listed)
                dealt.remove(listed)
        players.append({"name": name, "tableau": tableau, "chips": draw(st.integers(0, 30)),
                        "hand": draw(st.integers(0, 10)), "goods": draw(st.integers(0, 8))})
    data = {"game": "rftg", "edition": draw(st.sampled_from(["2nd", "1st"])),
            "players": players}
    return boxes, data


@given(box_tables())
def test_a_box_table_scores_printed_vp_and_no_bonus_counts_a_card_twice(
    table: tuple[tuple[str, ...], dict[str, Any]],
) -> None:
    boxes, data = table
    edition, entries = read_entries({**data, "expansions": list(boxes)})
    result = score_entries(edition, entries)
    for seat, entry, score in zip(data["players"], entries, result.players, strict=True):
        printed = sum(card(n, edition, boxes).vp for n in seat["tableau"])
        assert score.parts["tableau"] == printed
        assert score.total == sum(score.parts.values())
        listed = Counter(seat["tableau"])
        for found in six_dev_bonuses(seat["tableau"], edition=edition, boxes=boxes,
                                     chips=entry.chips, goods=entry.goods):
            assert Counter(found.counted) - strength_sources(found) <= listed, found.card


def strength_sources(found: Bonus) -> Counter[str]:
    """The cards a Military term counts ("Military: Rebel Freedom Fighters +1, …"). A card
    scores under one category at most ([engine] get_score_bonus stops at its first matching
    bonus line), but the Military total is a term of its own: Universal Peace Institute counts
    Rebel Freedom Fighters as a military world and again for its +1 Military."""
    listed = next((d.removeprefix("Military: ") for d in found.details
                   if d.startswith("Military: ")), "")
    return Counter(part.rsplit(" ", 1)[0] for part in listed.split(", ") if part)


def test_universal_peace_institute_counts_a_military_world_and_its_military_apart() -> None:
    """[engine] Universal Peace Institute: +1 per military world (V:1:MILITARY, one line per
    card), +1 per point of negative Military (V:1:NEGATIVE_MILITARY, the total apart), +2 for
    Pan-Galactic Mediator. Rebel Freedom Fighters (a military world, +1 Military) with the
    Institute (-2 Military): 1 for the world, and the total Military -1 gives +1."""
    boxes = ("gathering-storm", "rebel-vs-imperium", "brink-of-war")
    (found,) = six_dev_bonuses(["Rebel Freedom Fighters", "Universal Peace Institute"],
                               boxes=boxes)
    assert found.points == 2
