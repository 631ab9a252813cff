"""Where each player stands on the "most" goals at the end, worked out from the cards
entered, and what that answers: who holds a tile, who is tied for it. Pure.

Source [engine]: Keldon Jones's engine as kept by B. Nordli, github.com/bnordli/rftg,
src/engine.c (facts read only):
- `check_goal_player`: what each "most" goal counts (below, beside each count);
- `check_goals`: a "most" tile goes to a player with more than every other player and at
  least the goal's minimum; its holder loses it only to someone with more, so a tie at the
  top leaves it with the one of them who held it first (nobody, if none ever led alone);
- `score_game_player`: a player at the most and at least the minimum without the tile
  scores 3 VP.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from lastround.games.rftg.boxes import MOST_VP, TIED_VP, Goal
from lastround.games.rftg.cards import Card
from lastround.games.rftg.categories import military_world
from lastround.games.words import join_names

Answer = Literal["holds", "tied", "no"]
GOOD_OORT_COUNTS = ("", "novelty", "rare")  # [engine] oort_kind any, Novelty or Rare


def permanent_military(cards: Sequence[Card]) -> int:
    """Military that always applies ([engine] total_military): each card's own, per card
    of a kind, and while the tableau holds an Imperium card. Military against some worlds
    only, or for one phase, is not counted."""
    kinds: dict[str, Callable[[Card], bool]] = {
        "military world": military_world,
        "Rebel military world": lambda c: military_world(c) and "Rebel" in c.keywords,
        "Chromosome card": lambda c: "Chromosome" in c.keywords,
        "Imperium card": lambda c: "Imperium" in c.keywords,
    }
    imperium = any("Imperium" in c.keywords for c in cards)
    total = 0
    for c in cards:
        total += c.military_strength
        if c.military_per:
            total += sum(kinds[c.military_per](other) for other in cards)
        if c.military_if_imperium and imperium:
            total += c.military_if_imperium
    return total


def novelty_rare_worlds(cards: Sequence[Card], oort_kind: str = "") -> int:
    """[engine] GOAL_MOST_BLUE_BROWN: worlds of Novelty or Rare goods, windfall too; a world
    of any kind (Alien Oort Cloud Refinery) while its kind is unchosen, Novelty or Rare."""
    return sum(c.is_world and (c.good in ("novelty", "rare")
                               or (c.good == "any" and oort_kind in GOOD_OORT_COUNTS))
               for c in cards)


def production_worlds(cards: Sequence[Card]) -> int:
    """[engine] GOAL_MOST_PRODUCTION: worlds with a good that are not windfall worlds."""
    return sum(c.is_world and c.good != "none" and c.good_mode != "windfall" for c in cards)


# What each "most" goal counts in a tableau ([engine] check_goal_player); Galactic Prestige
# counts the prestige entered, not cards.
CARD_COUNTS: dict[str, Callable[[Sequence[Card], str], int]] = {
    "Greatest Military": lambda cards, _: permanent_military(cards),
    "Largest Industry": novelty_rare_worlds,
    # GOAL_MOST_DEVEL: every card that is not a world.
    "Greatest Infrastructure": lambda cards, _: sum(c.is_development for c in cards),
    "Production Leader": lambda cards, _: production_worlds(cards),
    # GOAL_MOST_EXPLORE: cards with an Explore power, each card once.
    "Research Leader": lambda cards, _: sum(c.explore_power for c in cards),
    # GOAL_MOST_REBEL: active cards flagged both Rebel and military.
    "Propaganda Edge": lambda cards, _: sum(military_world(c) and "Rebel" in c.keywords
                                            for c in cards),
    # GOAL_MOST_CONSUME: cards with a Consume power other than Trade, each card once.
    "Prosperity Lead": lambda cards, _: sum(c.consume_power for c in cards),
}
PRESTIGE_GOAL = "Galactic Prestige"  # GOAL_MOST_PRESTIGE: the prestige a player has


def goal_count(goal: Goal, cards: Sequence[Card] | None, prestige: int | None,
               oort_kind: str = "") -> int | None:
    """A player's count for a "most" goal; None when it can't be known from what is
    entered (no cards listed, prestige not yet entered)."""
    if goal.name == PRESTIGE_GOAL:
        return prestige
    if cards is None:
        return None
    return CARD_COUNTS[goal.name](cards, oort_kind)


@dataclass(frozen=True)
class Standing:
    """A "most" goal's counts at the end, one per player (None: not known), and what
    they answer."""

    goal: Goal
    names: tuple[str, ...]
    counts: tuple[int | None, ...]

    @property
    def known(self) -> bool:
        return all(c is not None for c in self.counts)

    @property
    def top(self) -> tuple[int, ...]:
        """The players at the most, when every count is known and the most reaches the
        minimum; else none."""
        if not self.known or not self.counts:
            return ()
        most = max(c or 0 for c in self.counts)
        if most < self.goal.minimum:
            return ()
        return tuple(i for i, c in enumerate(self.counts) if c == most)

    def answers(self, held_by: int | None = None,
                not_holding: frozenset[int] = frozenset()) -> tuple[Answer, ...] | None:
        """Each player's answer by the cards (None: not known). A single leader holds the
        tile. Of players tied at the top, the one who held it first keeps it: `held_by`
        when the table said so, else the first in seat order the table has not said is
        without it; the others are tied."""
        if not self.known:
            return None
        top = self.top
        holder = held_by if held_by in top else next(
            (i for i in top if i not in not_holding), None)
        return tuple("holds" if i == holder else "tied" if i in top else "no"
                     for i in range(len(self.counts)))

    def line(self) -> str:
        """"Production Leader (4+): Ada 4 · Bo 4 · Cy 2"."""
        shown = " · ".join(f"{n} {'?' if c is None else c}"
                           for n, c in zip(self.names, self.counts, strict=True))
        return f"{self.goal.name} ({self.goal.minimum}+): {shown}"

    def verdict(self) -> str:
        """What the cards decide, in words."""
        if not self.known:
            return "? unknown, the table decides"
        top = self.top
        if not top:
            return f"nobody reaches {self.goal.minimum}, so nobody holds it"
        if len(top) == 1:
            return f"{self.names[top[0]]} holds it"
        tied = join_names([self.names[i] for i in top])
        most = self.counts[top[0]]
        others = "the others score" if len(top) > 2 else "the other scores"
        return (f"{tied} tied: the first to reach {most} holds the tile ({MOST_VP} VP), "
                f"{others} {TIED_VP} VP")


def standings(goals: Sequence[Goal], players: Sequence[Mapping[str, Any]],
              tableaux: Sequence[Sequence[Card] | None]) -> tuple[Standing, ...]:
    """Every "most" goal's standing among `players` (their session tables), with their
    listed cards (`tableaux`, None where a player's cards are not listed)."""
    names = tuple(str(p.get("name", "")) for p in players)
    found = []
    for goal in goals:
        if goal.kind != "most":
            continue
        counts = []
        for player, cards in zip(players, tableaux, strict=True):
            prestige = player.get("prestige")
            counts.append(goal_count(goal, cards,
                                     prestige if isinstance(prestige, int) else None,
                                     str(player.get("oort_kind", ""))))
        found.append(Standing(goal, names, tuple(counts)))
    return tuple(found)



# "First" goals the cards can say a player meets at the end ([engine] check_goal_player and
# goal_minimum); who met one first is the table's to say. The others count chips, goods,
# prestige, a discard or phases of powers the cards entered don't show.
FIRST_BY_CARDS: dict[str, Callable[[Sequence[Card]], bool]] = {
    # GOAL_FIRST_4_TYPES: worlds of four kinds of good (a world of any kind is one kind).
    "System Diversity": lambda cards: len({c.good for c in cards
                                           if c.is_world and c.good != "none"}) >= 4,
    # GOAL_FIRST_3_ALIEN, GOAL_FIRST_3_UPLIFT: three cards of the keyword.
    "Overlord Discoveries": lambda cards: sum("Alien" in c.keywords for c in cards) >= 3,
    "Uplift Knowledge": lambda cards: sum("Uplift" in c.keywords for c in cards) >= 3,
    # GOAL_FIRST_SIX_DEVEL: a 6-cost development with an end-game bonus.
    "Galactic Status": lambda cards: any(c.is_development and c.cost == 6 and c.bonus
                                         for c in cards),
    # GOAL_FIRST_8_ACTIVE: eight cards in the tableau.
    "Expansion Leader": lambda cards: len(cards) >= 8,
    # GOAL_FIRST_4_MILITARY: three Imperium cards or four military worlds.
    "Military Influence": lambda cards: sum("Imperium" in c.keywords for c in cards) >= 3
    or sum(military_world(c) for c in cards) >= 4,
}


def first_goals_met(goals: Sequence[Goal], cards: Sequence[Card] | None) -> tuple[Goal, ...]:
    """The "first" goals in play a tableau meets at the end, by its cards."""
    if cards is None:
        return ()
    return tuple(g for g in goals if g.name in FIRST_BY_CARDS and FIRST_BY_CARDS[g.name](cards))
