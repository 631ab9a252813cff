"""An independent re-total of a Race for the Galaxy tableau by Keldon Jones' rules.

Used only by extract.py to check a recorded game before it becomes an acceptance file: it
reads Keldon's own card list (`src/cards.txt` of bnordli/rftg, branch `update`) and follows
`score_game_player` / `get_score_bonus` / `bonus_match` / `total_military` of its
`src/engine.c`, so it shares no code or data with the product. 1st-edition values (Keldon's).
Alien Artifacts and Xeno Invasion bonuses are left out: no game taken here uses them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

GOOD_KINDS = ("NOVELTY", "RARE", "GENE", "ALIEN")
# engine's P4_TRADE_MASK (TRADE_ACTION, Black Market Trading World's, is not in it)
TRADE_CODES = frozenset(
    {"TRADE_ANY", "TRADE_NOVELTY", "TRADE_RARE", "TRADE_GENE", "TRADE_ALIEN", "TRADE_THIS"}
    | {"TRADE_BONUS_CHROMO", "NO_TRADE"}
)
EXPANSION_LEVELS = ("base", "gathering-storm", "rebel-vs-imperium", "brink-of-war")


@dataclass
class Card:
    name: str
    is_world: bool
    cost: int
    vp: int
    box: int = 0  # the first expansion level with a copy (cards.txt `E@level:count`)
    good: str = ""
    flags: set[str] = field(default_factory=set)
    powers: list[tuple[int, frozenset[str], int]] = field(default_factory=list)
    bonuses: list[tuple[int, str, str]] = field(default_factory=list)

    def has_power(self, phase: int, trade: bool | None = None) -> bool:
        for power_phase, codes, _ in self.powers:
            if power_phase != phase:
                continue
            if trade is None:
                return "ORB_MOVEMENT" not in codes
            is_trade = bool(codes & TRADE_CODES)
            if is_trade == trade:
                return True
        return False


def load_cards(path: Path) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    card: Card | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        key, _, rest = line.partition(":")
        if key == "N":
            card = None
            name = rest
        elif key == "T":
            kind, cost, vp = rest.split(":")
            card = cards[name] = Card(name, kind == "1", int(cost), int(vp))
        elif card is None:
            continue
        elif key.startswith("E@"):
            card.box = int(line[2:].split(":")[0])
        elif key == "G":
            card.good = rest
        elif key == "F":
            card.flags = {f.strip() for f in rest.split("|")}
        elif key == "P":
            phase, codes, value, _times = rest.split(":")
            card.powers.append(
                (int(phase), frozenset(c.strip() for c in codes.split("|")), int(value))
            )
        elif key == "V":
            points, kind, target = rest.split(":", 2)
            card.bonuses.append((int(points), kind, target))
    return cards


def total_military(tableau: list[Card]) -> int:
    """Only Military that always applies (engine.c total_military)."""
    amount = 0
    military = sum("MILITARY" in c.flags for c in tableau)
    per = {
        "PER_MILITARY": military,
        "PER_CHROMO": sum("CHROMO" in c.flags for c in tableau),
        "PER_IMPERIUM": sum("IMPERIUM" in c.flags for c in tableau),
        "PER_REBEL_MILITARY": sum({"MILITARY", "REBEL"} <= c.flags for c in tableau),
    }
    for card in tableau:
        for phase, codes, value in card.powers:
            if phase != 3 or "EXTRA_MILITARY" not in codes:
                continue
            rest = codes - {"EXTRA_MILITARY"}
            if not rest:
                amount += value
            elif len(rest) == 1 and next(iter(rest)) in per:
                amount += per[next(iter(rest))]
            elif rest == {"IF_IMPERIUM"} and per["PER_IMPERIUM"]:
                amount += value
    return amount


def matches(kind: str, target: str, card: Card) -> bool:
    windfall = "WINDFALL" in card.flags
    for good in GOOD_KINDS:
        if kind == f"{good}_PRODUCTION":
            return card.good == good and not windfall and "NO_PRODUCE" not in card.flags
        if kind == f"{good}_WINDFALL":
            return card.good == good and windfall
    if kind in ("DEVEL_EXPLORE", "WORLD_EXPLORE"):
        return card.is_world == (kind == "WORLD_EXPLORE") and card.has_power(1)
    if kind in ("DEVEL_TRADE", "WORLD_TRADE", "DEVEL_CONSUME", "WORLD_CONSUME"):
        return card.is_world == kind.startswith("WORLD") and card.has_power(4, "TRADE" in kind)
    flag_kinds = {
        "REBEL_FLAG": "REBEL",
        "ALIEN_FLAG": "ALIEN",
        "TERRAFORMING_FLAG": "TERRAFORMING",
        "UPLIFT_FLAG": "UPLIFT",
        "IMPERIUM_FLAG": "IMPERIUM",
        "CHROMO_FLAG": "CHROMO",
        "MILITARY": "MILITARY",
    }
    checks = {
        "SIX_DEVEL": not card.is_world and card.cost == 6,
        "DEVEL": not card.is_world,
        "WORLD": card.is_world,
        "NONMILITARY_WORLD": card.is_world and "MILITARY" not in card.flags,
        "NONMILITARY_TRADE": card.is_world
        and "MILITARY" not in card.flags
        and card.has_power(4, trade=True),
        "REBEL_MILITARY": {"MILITARY", "REBEL"} <= card.flags,
        "NAME": card.name == target,
    }
    if kind in flag_kinds:
        return flag_kinds[kind] in card.flags
    return checks.get(kind, False)


def six_dev_bonus(dev: Card, tableau: list[Card], chips: int, prestige: int) -> int:
    amount = 0
    for _, kind, _ in dev.bonuses:
        if kind == "THREE_VP":
            amount += chips // 3
        elif kind == "TOTAL_MILITARY":
            amount += total_military(tableau)
        elif kind == "NEGATIVE_MILITARY":
            amount -= total_military(tableau)
        elif kind == "PRESTIGE":
            amount += prestige
        elif kind == "KIND_GOOD":
            kinds = {c.good for c in tableau if c.is_world and c.good in GOOD_KINDS}
            amount += (0, 1, 3, 6, 10)[len(kinds)]
    for card in tableau:
        for points, kind, target in dev.bonuses:
            if matches(kind, target, card):
                amount += points
                break
    return amount


def card_score(tableau: list[Card], chips: int, prestige: int = 0) -> tuple[int, int]:
    """(printed VP, 6-cost development bonuses) of a tableau."""
    printed = sum(c.vp for c in tableau)
    bonus = sum(six_dev_bonus(c, tableau, chips, prestige) for c in tableau if c.bonuses)
    return printed, bonus


def box_name(level: int) -> str:
    return EXPANSION_LEVELS[level]


def simplified(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def spellings(cards: dict[str, Card]) -> dict[str, str]:
    """Each card's name by its letters and digits alone, to match other punctuation or case."""
    return {simplified(n): n for n in cards}
