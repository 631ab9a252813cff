"""Race for the Galaxy tables played with Xeno Counterstrike, told as each step's answers: a
4-player game with the box alone, and a 5-player counterstrike game with Xeno Invasion. Each
player's total is worked by hand from the card pictures (khanghy2130/rftg-arc3,
static/cards/<name>.jpg) beside the table, for the acceptance, records and screen tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lastround.session.files import write_session
from tests.support.rftg_boxes_play import played

XC_CHOICE = "+ Xeno Counterstrike"
XI_XC_CHOICE = "+ Xeno Invasion, Counterstrike"

# name: (tableau, chips, hand, goods)
FOUR: dict[str, tuple[list[str], int, int, int]] = {
    "Ada": (["Frontier Miners", "Frontier Isolationists", "Xeno Sentry World", "Pirate Lair",
             "Run-Amok Robots", "Scorched-Earth Defense"], 8, 2, 1),
    "Bo": (["Imperium Blaster Gem Prospectors", "Imperium Expansionists",
            "Xeno-Held Populous World", "Xeno-Held Mining Colony", "Anti-Xeno Imperium Ring",
            "New Galactic Order"], 5, 3, 0),
    "Cy": (["Terraforming Bio-Engineers", "Terraforming Refugees", "Deep Space Terraforming",
            "Anti-Xeno Pioneers", "Rare Elements Outcropping", "Anti-Xeno Arsenal"], 10, 1, 2),
    "Di": (["Star Nomad Trading Post", "Uplift Pioneers", "Rebel Smugglers",
            "Illicit Uplift Collector", "Anti-Xeno Uplift Warriors", "Rebel Final Refuge",
            "Anti-Xeno Armada"], 7, 4, 0),
}
# Worked by hand, card by card (printed VP, then each bonus line):
# Ada: 1 + 0 + 2 + 3 + 4 - 1 (Scorched-Earth Defense) = 9 printed; Frontier Isolationists:
#   two near Frontier worlds (the sentry world, the lair) x3 + one far (the robots) x1 = 7;
#   chips 8: 24.
# Bo: 0 + 0 + 5 + 1 + 2 + 0 = 8; Imperium Expansionists: the populous world (Frontier) 2 +
#   the mining colony (other Xeno military) 2 + the prospectors, the ring, itself (other
#   Imperium) 3 = 7; New Galactic Order: the prospectors +1, the expansionists +1 a Frontier
#   world, the ring +1 an Imperium card (3), its own +2 = 7; chips 5: 27.
# Cy: 1 + 0 + 5 + 1 + 1 + 3 = 11; Terraforming Refugees: itself, the bio-engineers, deep space
#   terraforming 6 + the pioneers and the arsenal (other Anti-Xeno) 2 + the outcropping
#   (other non-military world) 1 = 9; chips 10: 30.
# Di: 1 + 0 + 0 + 5 + 0 + 7 + 7 = 20; Uplift Pioneers: the collector, the warriors, the refuge
#   (Frontier) 6 + itself (other Uplift) 1 + the armada (other Anti-Xeno) 1 = 8; Rebel
#   Smugglers: itself and the refuge (Rebel) 4 + the collector and the warriors (other
#   Frontier) 2 = 6; chips 7: 41.
FOUR_TOTALS = {"Ada": 24, "Bo": 27, "Cy": 30, "Di": 41}

# name: (tableau, chips, hand, goods, the counterstrike game's awards as the table adds them)
FIVE: dict[str, tuple[list[str], int, int, int, int]] = {
    "Ada": (["Anti-Xeno Defense Post", "Frontier Isolationists", "Anti-Xeno Embassy",
             "Xeno Hidden Command", "Alien Lift-Ring Cache"], 22, 1, 0, 6),
    "Bo": (["Rebel Cadre", "Rebel Smugglers", "Rebel Mining Outpost", "Imperium Warlord Keep",
            "Federation Frontier HQ"], 18, 0, 2, 5),
    "Cy": (["Defense Systems, Inc.", "Anti-Xeno Alien Warships", "Anti-Xeno Armada",
            "Mega-Exclusive Resort"], 30, 2, 0, 0),
    "Di": (["Terraforming Surveyors", "Terraforming Refugees", "Terraforming Claim Jumpers",
            "Adaptable Uplift Settlers"], 15, 3, 1, 1),
    "Ed": (["Alien First Contact Team", "Uplift Pioneers", "Arctic Uplift Race",
            "Clandestine Uplift Facility", "Anti-Xeno Alien Trap"], 12, 4, 0, 10),
}
# Ada: 2 + 0 + 1 + 8 + 8 = 19 printed; Frontier Isolationists: the command and the cache (far)
#   2 + the embassy (a pay-for-military power, Keldon's cards.txt) 3 = 5; chips 22, awards 6:
#   52.
# Bo: 0 + 0 + 2 + 7 + 7 = 16; Rebel Smugglers: itself, the cadre, the outpost (Rebel) 6 + the
#   keep (Imperium) 2 + the HQ (other Frontier) 1 = 9; chips 18, awards 5: 48.
# Cy: 1 + 5 + 7 + 8 = 21; no formula; chips 30: 51.
# Di: 0 + 0 + 4 + 2 = 6; Terraforming Refugees: the surveyors, itself, the claim jumpers
#   (Terraforming) 6 + the settlers (other non-military world) 1 = 7; chips 15, awards 1: 29.
# Ed: 1 + 0 + 2 + 5 + 1 = 9; Uplift Pioneers: the facility (Frontier) 2 + itself and the
#   race (other Uplift) 2 + the trap (other Anti-Xeno) 1 = 5; chips 12, awards 10: 36.
FIVE_TOTALS = {"Ada": 52, "Bo": 48, "Cy": 51, "Di": 29, "Ed": 36}


def four_answers() -> dict[str, dict[str, Any]]:
    answers: dict[str, dict[str, Any]] = {
        "setup": {"players": list(FOUR), "edition": "2nd", "boxes": XC_CHOICE,
                  "new_worlds": False},
        "end-check-0": {"largest_tableau": 15, "pool": "chips left"},
        "finish-round": {},
    }
    for index, (cards, chips, hand, goods) in enumerate(FOUR.values()):
        answers[f"tableau-{index}"] = {"tableau": cards}
        answers[f"counts-{index}"] = {"chips": chips, "hand": hand, "goods": goods}
    return answers


def five_answers() -> dict[str, dict[str, Any]]:
    answers: dict[str, dict[str, Any]] = {
        "setup": {"players": list(FIVE), "edition": "2nd", "boxes": XI_XC_CHOICE,
                  "new_worlds": False},
        "options": {"invasion": False, "counterstrike": True},
        "end-check-0": {"largest_tableau": 25, "pool": "chips left",
                        "military_victory": False},
        "end-check-1": {"largest_tableau": 27, "pool": "chips left",
                        "military_victory": True},
        "finish-round": {},
    }
    for index, (cards, chips, hand, goods, awards) in enumerate(FIVE.values()):
        answers[f"tableau-{index}"] = {"tableau": cards}
        answers[f"counts-{index}"] = {"chips": chips, "hand": hand, "goods": goods}
        answers[f"goals-{index}"] = {"invasion_awards": awards}
    return answers


def saved(path: Path, answers: dict[str, dict[str, Any]], upto: str | None = None) -> Path:
    session = played(answers, upto)
    write_session(path, session.data)
    return path
