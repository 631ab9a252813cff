"""Reading a Race for the Galaxy session for scoring: every player's numbers, validated.

Each problem raises RulesError naming the key, so a hand-edited file gets one clear line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lastround.games.base import RulesError, name_key
from lastround.games.rftg.cards import (
    DEFAULT_EDITION,
    EDITIONS,
    Card,
    canonical_name,
    deck,
    lowest_printed_vp,
    not_in_play,
)
from lastround.games.rftg.expansions import (
    NO_GOALS,
    Expansions,
    PlayerGoals,
    check_most_goals,
    check_seats,
    read_expansions,
    read_player_goals,
)
from lastround.games.rftg.facts import HAND_LIMIT, MIN_PLAYERS
from lastround.games.rftg.hands import check_hand
from lastround.games.rftg.oort import read_oort_kind
from lastround.games.rftg.search import unknown_card_message
from lastround.games.rftg.tableau import EMPTY_TABLEAU, second_development, too_many_copies


@dataclass(frozen=True)
class Entry:
    """One player's validated numbers: the cards listed, or the quick-entry totals."""

    name: str
    chips: int
    hand: int
    goods: int
    cards: tuple[Card, ...] | None = None
    tableau_vp: int = 0
    bonus_vp: int = 0
    goals: PlayerGoals = NO_GOALS  # the goal tiles and prestige, with expansions
    oort_kind: str = ""  # the kind chosen for Alien Oort Cloud Refinery; "" = the best


_MEANING = {
    "chips": "VP chips collected",
    "hand": f"cards in hand after the end-of-round discard (down to {HAND_LIMIT}, or as "
            "the tableau's cards allow)",
    "goods": "goods left on worlds",
    "tableau_vp": "printed VP of the tableau",
    "bonus_vp": "6-cost development bonuses, already totalled",
}


def _shown(value: Any) -> str:
    import json  # only error messages need it

    return json.dumps(value, default=str)


def edition_of(data: Mapping[str, Any]) -> str:
    """The session's edition, "2nd" when none is given; RulesError for any other value."""
    edition = data.get("edition", DEFAULT_EDITION)
    if not isinstance(edition, str) or edition not in EDITIONS:
        raise RulesError("edition", f'must be "2nd" or "1st", not {_shown(edition)}')
    return edition


def whole_number(player: Mapping[str, Any], path: str, key: str, minimum: int | None,
                  maximum: int | None = None) -> int:
    """A player's number under `key`, within its bounds; RulesError names what is wrong."""
    if key not in player:
        raise RulesError(f"{path}.{key}", f"missing ({_MEANING[key]})")
    value = player[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{path}.{key}", f"must be a whole number, not {_shown(value)}")
    if minimum is not None and value < minimum:
        raise RulesError(f"{path}.{key}", f"must be {minimum} or more, not {value}")
    if maximum is not None and value > maximum:
        raise RulesError(f"{path}.{key}", f"must be {maximum} or less, not {value}")
    return int(value)


def _player_tables(data: Mapping[str, Any], expansions: Expansions) -> list[Mapping[str, Any]]:
    players = data.get("players")
    if players is None:
        raise RulesError("players", "missing: list the players in seat order")
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise RulesError("players", "must be a list of player tables")
    if len(players) < MIN_PLAYERS:
        raise RulesError(
            "players", f"Race for the Galaxy scores 2 to 4 players, not {len(players)}"
        )
    check_seats(len(players), expansions)
    for index, player in enumerate(players):
        if not isinstance(player, Mapping):
            raise RulesError(f"players[{index}]", "must be a table with the player's name")
    return list(players)


def player_names(players: Sequence[Mapping[str, Any]]) -> list[str]:
    """The seated names; RulesError for a missing one or one already seated."""
    names: list[str] = []
    for index, player in enumerate(players):
        path = f"players[{index}].name"
        name = player.get("name")
        if not isinstance(name, str) or not name.strip():
            raise RulesError(path, "missing or empty: every player needs a name")
        if name_key(name.strip()) in (name_key(n.strip()) for n in names):
            raise RulesError(path, f'"{name}" is already seated; names must differ')
        names.append(name)
    return names


def read_tableau(value: Any, path: str, player: str, edition: str,
                 boxes: tuple[str, ...] = ()) -> tuple[Card, ...]:
    """The cards of a listed tableau: names of cards in play (the base game and `boxes`), one
    copy of each development, not empty."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise RulesError(path, "must be a list of card names")
    if not value:
        raise RulesError(path, EMPTY_TABLEAU)
    cards: list[Card] = []
    developments: set[str] = set()
    printed = deck(edition, boxes)
    for entry in value:
        if not isinstance(entry, str):
            raise RulesError(path, f"card names must be text, not {_shown(entry)}")
        # A file the app wrote holds printed names: those need no spelling rules.
        listed = printed.get(entry)
        if listed is None:
            found = canonical_name(entry, boxes)
            if found is None:
                elsewhere = not_in_play(entry, boxes)
                raise RulesError(path, f"{player}'s tableau: {elsewhere}" if elsewhere
                                 else unknown_card_message(entry, player, boxes))
            listed = printed[found]
        if listed.is_development:
            if listed.name in developments:
                raise RulesError(path, f"{player}'s tableau: {second_development(listed.name)}")
            developments.add(listed.name)
        cards.append(listed)
    return tuple(cards)


def _entry(player: Mapping[str, Any], index: int, name: str, edition: str,
           expansions: Expansions) -> Entry:
    path = f"players[{index}]"
    quick = "tableau_vp" in player or "bonus_vp" in player
    if "tableau" in player and quick:
        raise RulesError(path, "give either tableau or tableau_vp and bonus_vp, not both")
    if "tableau" not in player and not quick:
        raise RulesError(
            f"{path}.tableau", "missing: list the tableau's cards, or give tableau_vp and bonus_vp"
        )
    cards = None
    tableau_vp = bonus_vp = 0
    if quick:
        # Below zero only with a card printed so (Scorched-Earth Defense, -1).
        tableau_vp = whole_number(player, path, "tableau_vp", lowest_printed_vp(expansions.boxes))
        # New Galactic Order can go below zero with enough negative Military.
        bonus_vp = whole_number(player, path, "bonus_vp", None)
    else:
        cards = read_tableau(player["tableau"], f"{path}.tableau", name, edition,
                             expansions.boxes)
    return Entry(
        name=name,
        chips=whole_number(player, path, "chips", 0),
        hand=read_hand(player, path, cards, expansions.boxes),
        goods=whole_number(player, path, "goods", 0),
        cards=cards,
        tableau_vp=tableau_vp,
        bonus_vp=bonus_vp,
        goals=read_player_goals(player, path, expansions),
        oort_kind=read_oort_kind(player, path, cards),
    )


def read_hand(player: Mapping[str, Any], path: str, cards: tuple[Card, ...] | None,
          boxes: tuple[str, ...]) -> int:
    """The hand, within the limit the player's tableau prints (lastround.games.rftg.hands)."""
    hand = whole_number(player, path, "hand", 0)
    check_hand(hand, f"{path}.hand", cards, boxes)
    return hand


def _check_copies(entries: Sequence[Entry]) -> None:
    """No card may be listed more often, across the table, than the deck holds."""
    cards = [c for entry in entries for c in entry.cards or ()]
    listed = Counter(c.name for c in cards)
    if all(listed[c.name] <= c.copies for c in cards):
        return  # the usual table: who holds the copies of a card is only needed to name them
    holders: dict[str, Counter[str]] = {}
    for index, entry in enumerate(entries):
        for c in entry.cards or ():
            held = holders.setdefault(c.name, Counter())
            held[entry.name] += 1
            if held.total() > c.copies:
                raise RulesError(f"players[{index}].tableau", too_many_copies(c.name, held))


def checked_entries(players: Sequence[Mapping[str, Any]],
                    tableaux: Sequence[tuple[Card, ...]],
                    goals: Sequence[PlayerGoals] | None = None) -> list[Entry]:
    """The entries of players each listing a tableau (`tableaux`, as read) and holding their
    counts, all already checked (lastround.games.rftg.checks): what read_entries checks of the table
    as a whole, the names and the copies of each card, is checked here."""
    names = player_names(players)
    held = goals if goals is not None else [NO_GOALS] * len(players)
    entries = [Entry(name, player["chips"], player["hand"], player["goods"], cards, goals=won,
                     oort_kind=player.get("oort_kind", ""))
               for name, player, cards, won in zip(names, players, tableaux, held, strict=True)]
    _check_copies(entries)
    check_most_goals(held, names)
    return entries


def read_entries(data: Mapping[str, Any]) -> tuple[str, list[Entry]]:
    """The edition and every player's validated entry; RulesError names the bad key."""
    edition, _, entries = read_table(data)
    return edition, entries


def read_table(data: Mapping[str, Any]) -> tuple[str, Expansions, list[Entry]]:
    """The edition, the boxes and every player's validated entry; RulesError names the bad
    key."""
    edition = edition_of(data)
    expansions = read_expansions(data)
    players = _player_tables(data, expansions)
    names = player_names(players)
    entries = [_entry(p, i, names[i], edition, expansions) for i, p in enumerate(players)]
    _check_copies(entries)
    check_most_goals([e.goals for e in entries], names)
    return edition, expansions, entries
