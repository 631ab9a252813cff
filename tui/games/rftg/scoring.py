"""Race for the Galaxy's scores: printed VP, VP chips and 6-cost development bonuses, the
tie-break, and the points so far while the final counts are entered."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.base import Line, PlayerScore, Result, RulesError, rank_winners
from lastround.games.rftg.bonuses import GOOD_KINDS, bonus_for
from lastround.games.rftg.boxes import TIED_VP, Goal
from lastround.games.rftg.cards import BASE, DEFAULT_EDITION, EDITIONS, Card, canonical_name, deck
from lastround.games.rftg.entries import Entry, checked_entries, read_table
from lastround.games.rftg.expansions import (
    BASE_GAME,
    NO_GOALS,
    Expansions,
    PlayerGoals,
    read_expansions,
    read_player_goals,
)
from lastround.games.rftg.facts import PARTS
from lastround.games.rftg.oort import (
    OORT,
    best_kind,
    bonuses_by_kind,
    holds_any_kind,
    kinds_compared,
)
from lastround.games.words import join_names, plural


def _tableau_line(cards: Sequence[Card], edition: str, any_kind: str = "",
                  note: str = "") -> Line:
    shown = []
    for c in cards:
        if c.good == "any" and any_kind:
            shown.append(f"{c.name} {c.vp} ({any_kind})")
        elif c.bonus:
            shown.append(f"{c.name} (bonus below)")  # its printed VP is "?"
        elif edition == "2nd" and c.box == BASE and deck("1st")[c.name].vp != c.vp:
            shown.append(f"{c.name} {c.vp} (2nd edition)")
        else:
            shown.append(f"{c.name} {c.vp}")
    points = sum(c.vp for c in cards)
    detail = f"{plural(len(cards), 'card', 'cards')}: " + ", ".join(shown)
    return Line("tableau", "Printed VP", points, detail + (f". {note}" if note else ""))


def any_kind_of(entry: Entry, cards: Sequence[Card]) -> tuple[str, str]:
    """The kind Alien Oort Cloud Refinery counts as for its owner (the one chosen, else the
    best), and a sentence comparing the kinds ("", "" for a tableau without it)."""
    if not holds_any_kind(cards):
        return "", ""
    by_kind = bonuses_by_kind(cards, entry.chips, entry.goods, entry.goals.prestige)
    kind = entry.oort_kind or best_kind(by_kind)
    how = "the kind chosen" if entry.oort_kind else "the best kind for its owner"
    return kind, f"{OORT} counts as {kind}, {how} ({kinds_compared(by_kind)})"


def _bonus_lines(entry: Entry, cards: Sequence[Card], any_kind: str = "") -> list[Line]:
    bonuses = [bonus_for(c, cards, entry.chips, entry.goods, prestige=entry.goals.prestige,
                         any_good=any_kind)
               for c in cards if c.bonus]
    if not bonuses:
        return [Line("bonus", "6-cost development bonuses", 0, "No 6-cost developments.")]
    return [Line("bonus", b.card, b.points, b.explanation) for b in bonuses]


INVASION_AWARDS = "invasion awards"  # the part's name in `score --json`
COUNTERSTRIKE_AWARDS = ("the invasion and counterstrike game's awards, as the table added "
                        "them up (the counterstrike game's scoring is unconfirmed)")


def goal_part(goal: Goal) -> str:
    """A goal's part of the score, its own in `score --json`: "goals: Greatest Military"."""
    return f"goals: {goal.name}"


def parts_of(expansions: Expansions) -> tuple[str, ...]:
    """Every part a player's score has at this table, in order: the base game's three, each
    goal tile in play, the prestige with The Brink of War, Xeno Invasion's invasion awards."""
    goals = tuple(goal_part(g) for g in expansions.goals)
    return (PARTS + goals + (("prestige",) if expansions.prestige else ())
            + ((INVASION_AWARDS,) if expansions.xeno_game else ()))


def _goal_lines(expansions: Expansions, goals: PlayerGoals) -> list[Line]:
    """A line for each goal tile that scores for the player, and the prestige."""
    lines = []
    for goal in expansions.goals:
        least = f", at least {goal.minimum}" if goal.kind == "most" else ""
        if goal in goals.held:
            lines.append(Line(goal_part(goal), goal.name, goal.vp,
                              f'"{goal.kind}" goal held: {goal.condition}{least}'))
        elif goal in goals.tied:
            lines.append(Line(goal_part(goal), goal.name, TIED_VP,
                              f"tied for {goal.condition}{least}, without the tile"))
    if expansions.prestige:
        lines.append(Line("prestige", "Prestige", goals.prestige, "1 VP each at the end"))
    if expansions.xeno_game:
        lines.append(Line(INVASION_AWARDS, "Invasion awards", goals.invasion_awards,
                          COUNTERSTRIKE_AWARDS if expansions.counterstrike
                          else "award tokens and bonus tiles, as the table added them up"))
    return lines


def _score_entry(entry: Entry, edition: str, expansions: Expansions = BASE_GAME) -> PlayerScore:
    chips = Line("chips", "VP chips", entry.chips, "")
    if entry.cards is None:
        lines = [
            Line("tableau", "Printed VP", entry.tableau_vp, "Entered as a total."),
            chips,
            Line("bonus", "6-cost development bonuses", entry.bonus_vp, "Entered as a total."),
        ]
    else:
        kind, note = any_kind_of(entry, entry.cards)
        lines = [_tableau_line(entry.cards, edition, kind, note), chips,
                 *_bonus_lines(entry, entry.cards, kind)]
    lines += _goal_lines(expansions, entry.goals)
    parts = {part: sum(line.points for line in lines if line.part == part)
             for part in parts_of(expansions)}
    return PlayerScore(entry.name, parts, tuple(lines), (entry.hand + entry.goods,))


def _tie_explanation(
    tied: Sequence[PlayerScore], winners: Sequence[str], entries: Sequence[Entry]
) -> tuple[str, ...]:
    """The numbers and rule behind a tied top score; nothing when there is no tie."""
    if len(tied) < 2:
        return ()
    by_name = {e.name: e for e in entries}
    compared = ", ".join(
        f"{p.name} {by_name[p.name].hand} + {by_name[p.name].goods} = {p.tiebreak[0]}" for p in tied
    )
    lines = [
        f"{join_names([p.name for p in tied])} tie on {tied[0].total} VP.",
        "Tie-break: the most cards in hand (after the end-of-round discard) plus goods on "
        f"worlds wins: {compared}.",
    ]
    if len(winners) == 1:
        lines.append(f"{winners[0]} wins.")
    else:
        lines.append(f"Still tied, so {join_names(list(winners))} share the victory.")
    return tuple(lines)


def score(data: Mapping[str, Any]) -> Result:
    """Every player's final score: printed VP + VP chips + 6-cost development bonuses."""
    edition, expansions, entries = read_table(data)
    return score_entries(edition, entries, expansions)


def score_checked(edition: str, players: Sequence[Mapping[str, Any]],
                  tableaux: Sequence[tuple[Card, ...]], expansions: Expansions = BASE_GAME,
                  goals: Sequence[PlayerGoals] | None = None) -> Result:
    """score() of players whose tableaux, counts and goals the file checks already read."""
    return score_entries(edition, checked_entries(players, tableaux, goals), expansions)


def score_entries(edition: str, entries: Sequence[Entry],
                  expansions: Expansions = BASE_GAME) -> Result:
    """The scores of the players' validated entries."""
    players = tuple(_score_entry(e, edition, expansions) for e in entries)
    winners, decided_by, tied = rank_winners(players)
    explanation = _tie_explanation(tied, winners, entries)
    return Result("rftg", players, winners, decided_by, explanation)


# --- Points so far -----------------------------------------------------------------------------


def _entered(player: Mapping[str, Any], key: str) -> int | None:
    value = player.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _goals_so_far(player: Mapping[str, Any], expansions: Expansions) -> PlayerGoals | None:
    """A player's goals and prestige once entered (None before, or while they don't read)."""
    if not player.keys() & {"goals", "goals_tied", "prestige", "invasion_awards"}:
        return None
    try:
        return read_player_goals(player, "", expansions)
    except RulesError:
        return None


def _player_so_far(player: Mapping[str, Any], index: int, edition: str,
                   expansions: Expansions = BASE_GAME) -> PlayerScore:
    """One player's parts from what is entered: anything unknown or unfinished is skipped."""
    name = player.get("name")
    name = name if isinstance(name, str) and name.strip() else f"Player {index + 1}"
    chips, hand, goods = (_entered(player, key) for key in ("chips", "hand", "goods"))
    lines: list[Line] = []
    tableau = player.get("tableau")
    if isinstance(tableau, Sequence) and not isinstance(tableau, str):
        boxes = expansions.boxes
        found = (canonical_name(n, boxes) if isinstance(n, str) else None for n in tableau)
        cards = [deck(edition, boxes)[n] for n in found if n is not None]
        kind = player.get("oort_kind")
        entry = Entry(str(name), max(chips or 0, 0), hand or 0, max(goods or 0, 0),
                      goals=_goals_so_far(player, expansions) or NO_GOALS,
                      oort_kind=kind if kind in GOOD_KINDS else "")
        kind, note = any_kind_of(entry, cards)
        lines.append(_tableau_line(cards, edition, kind, note))
        lines += _bonus_lines(entry, cards, kind)
    else:
        lines += [Line(part, "", points, "Entered as a total.")
                  for part, points in (("tableau", _entered(player, "tableau_vp")),
                                       ("bonus", _entered(player, "bonus_vp")))
                  if points is not None]
    if chips is not None:
        lines.append(Line("chips", "VP chips", chips, ""))
    goals = _goals_so_far(player, expansions)
    if goals is not None:
        lines += _goal_lines(expansions, goals)
    parts = {part: sum(line.points for line in lines if line.part == part)
             for part in parts_of(expansions) if any(line.part == part for line in lines)}
    return PlayerScore(str(name), parts, tuple(lines), ((hand or 0) + (goods or 0),))


def so_far(data: Mapping[str, Any]) -> tuple[PlayerScore, ...]:
    """Each seated player's points from what is entered so far, in seat order (Game.so_far):
    a listed tableau's printed VP and 6-cost bonuses (with the chips and goods once entered),
    quick-entry totals, the chips. Never raises."""
    edition = data.get("edition", DEFAULT_EDITION)
    edition = edition if edition in EDITIONS else DEFAULT_EDITION
    try:
        expansions = read_expansions(data)
    except RulesError:
        expansions = BASE_GAME
    players = data.get("players", [])
    if isinstance(players, str) or not isinstance(players, Sequence):
        return ()
    return tuple(_player_so_far(p if isinstance(p, Mapping) else {}, i, edition, expansions)
                 for i, p in enumerate(players))
