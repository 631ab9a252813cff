"""Race for the Galaxy with its expansions, played whole in a real 80×24 terminal (tmux) by
keys and read off the screen: a 4-player Gathering Storm end with goals, and a Brink of War
end with prestige. The session file keeps the boxes, the goal tiles and each player's goals
and prestige, and `lastround score --json` gives each goal and the prestige as its own part."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest

from lastround.session.files import read_session
from tests.e2e.play_keys import wait_for_suggestion
from tests.e2e.tty import Terminal, Terminals

pytestmark = pytest.mark.e2e

LASTROUND = str(Path(sys.executable).with_name("lastround"))

def ticked_at_least(done: int, shown: str) -> bool:
    return shown.count("[x]") >= done


TGS_GOALS = ["Galactic Standard of Living", "Overlord Discoveries", "Innovation Leader",
             "Galactic Status", "Greatest Military", "Greatest Infrastructure"]
# Each player's tableau, counts (chips, hand, goods) and goals: the tiles held (the keys
# that mark them on the goals step: Right on a tile's row; twice on a "most" tile: tied).
TGS_TABLE = {
    "Ada": (["Ancient Race", "Imperium Lords", "Space Marines", "New Sparta"], (6, 2, 1),
            ["Right", "Tab", "Tab", "Tab", "Tab", "Right", "Tab"]),
    "Bo": (["Doomed World", "Improved Logistics", "Gem World"], (3, 4, 0),
           ["Tab", "Right", "Tab", "Tab", "Tab", "Right", "Right", "Tab"]),
    "Cy": (["Old Earth", "Galactic Genome Project", "Alien Toy Shop"], (9, 1, 2),
           ["Tab", "Tab", "Right", "Tab", "Right", "Tab", "Tab"]),
    "Di": (["Epsilon Eridani", "Terraforming Guild", "Volcanic World"], (2, 0, 3),
           ["Tab", "Tab", "Tab", "Tab", "Tab", "Right"]),
}
# Ada: Standard of Living 3 + Greatest Military 5; Bo: Overlord Discoveries 3, tied for
# Greatest Military without the tile 3; Cy: Innovation Leader 3 + Galactic Status 3; Di:
# Greatest Infrastructure 5.
TGS_GOAL_VP = {"Ada": {"Galactic Standard of Living": 3, "Greatest Military": 5},
               "Bo": {"Overlord Discoveries": 3, "Greatest Military": 3},
               "Cy": {"Innovation Leader": 3, "Galactic Status": 3},
               "Di": {"Greatest Infrastructure": 5}}

BOW_TABLE = {
    "Ada": (["Old Earth", "Universal Peace Institute", "Imperium Fuel Depot"], (4, 2, 0), 4),
    "Bo": (["Epsilon Eridani", "Golden Age of Terraforming", "Volcanic World"], (5, 3, 1), 2),
}


def start(terminals: Terminals, tmp_path: Path) -> Terminal:
    term = terminals.start([LASTROUND, "--saves", str(tmp_path / "saves")],
                           env={"LASTROUND_CONFIG": str(tmp_path / "config.toml")})
    assert terminals.size(term) == "80x24"
    return term


def setup(term: Terminal, names: list[str], boxes_down: int) -> None:
    """Home, `r`, the players in seat order, the boxes (`boxes_down` rows below the base game)."""
    term.wait_for("New session")
    term.keys("r")
    term.wait_for("Players and edition", "Seat 1")
    for seat, name in enumerate(names):
        if seat:
            term.keys("Tab")
        term.wait_focus(f"Seat {seat + 1}")
        term.type(name)
    for _ in range(6 - len(names) + 1):  # the empty seats, then the edition
        term.keys("Tab")
    term.keys("Tab")
    term.wait_focus("Expansions")
    term.keys(*["Down"] * boxes_down)
    term.keys("Enter")
    term.wait_for("Goals and options")


def finish_round(term: Terminal, largest: int, *more: str) -> None:
    term.wait_for("Does the game end?")
    term.type(str(largest))
    term.keys(*more, "Enter")
    term.wait_for("Finish the round", "[ ] 1.")
    term.wait_until(lambda shown: "[ ] " in shown, "the checklist")
    ticked = 0
    while "[ ] " in term.screen():
        ticked += 1
        term.keys("Space")  # ticks the item and moves on to the next
        term.wait_until(partial(ticked_at_least, ticked), "a tick")
    term.keys("Enter")


def tableau(term: Terminal, name: str, cards: list[str]) -> None:
    term.wait_for(f"{name}: tableau")
    for number, card in enumerate(cards, start=1):
        term.type(card)
        wait_for_suggestion(term, card, card)
        term.keys("Enter")
        term.wait_for(f"{number}. {card}")
    term.keys("Enter")


def counts(term: Terminal, name: str, chips: int, hand: int, goods: int) -> None:
    term.wait_for(f"{name}: chips, hand and goods")
    term.wait_focus("VP chips")
    term.type(str(chips))
    term.keys("Tab")
    term.type(str(hand))
    term.keys("Tab")
    term.type(str(goods))
    term.keys("Enter")


def scored(path: Path) -> dict[str, dict[str, int]]:
    done = subprocess.run([LASTROUND, "score", "--json", str(path)], capture_output=True,
                          text=True, check=True)
    result = json.loads(done.stdout)
    players = {p["name"]: p for p in result["players"]}
    for player in players.values():
        assert sum(player["parts"].values()) == player["total"]
    return {name: p["parts"] for name, p in players.items()}


def the_file(tmp_path: Path) -> Path:
    files = sorted((tmp_path / "saves").glob("*.toml"))
    assert len(files) == 1, files
    return files[0]


def test_a_four_player_gathering_storm_end_with_goals(terminals: Terminals,
                                                      tmp_path: Path) -> None:
    term = start(terminals, tmp_path)
    setup(term, list(TGS_TABLE), boxes_down=1)
    # The goal tiles on the table: the first four "first" tiles listed but Budget Surplus
    # and System Diversity; two "most" tiles, Greatest Military and Greatest Infrastructure.
    term.keys("Right", "Tab", "Tab", "Right", "Tab", "Tab", "Right", "Tab", "Right",
              "Tab", "Right", "Tab", "Tab", "Right", "Enter")
    finish_round(term, 12)
    for name, (cards, (chips, hand, goods), _) in TGS_TABLE.items():
        tableau(term, name, cards)
        counts(term, name, chips, hand, goods)
    for name, (_, _, goal_keys) in TGS_TABLE.items():  # asked once every tableau is in
        term.wait_for(f"{name}: goals")
        term.keys(*goal_keys, "Enter")
    term.wait_for("Final scores", "Goals")
    path = the_file(tmp_path)
    data = read_session(path)
    assert data["status"] == "finished"
    assert data["expansions"] == ["gathering-storm"] and data["goals"] == TGS_GOALS
    parts = scored(path)
    for name, goals in TGS_GOAL_VP.items():
        held = {part.removeprefix("goals: "): vp for part, vp in parts[name].items()
                if part.startswith("goals: ") and vp}
        assert held == goals, name


def test_a_brink_of_war_end_with_prestige(terminals: Terminals, tmp_path: Path) -> None:
    term = start(terminals, tmp_path)
    setup(term, list(BOW_TABLE), boxes_down=3)
    term.keys("Enter")  # no goal tiles on the table
    finish_round(term, 12, "Tab", "Tab", "4")  # a tableau of 12 ends it; 4 prestige the most
    for name, (cards, (chips, hand, goods), _) in BOW_TABLE.items():
        tableau(term, name, cards)
        counts(term, name, chips, hand, goods)
    for name, (_, _, prestige) in BOW_TABLE.items():
        term.wait_for(f"{name}: prestige")
        term.type(str(prestige))
        term.keys("Enter")
    term.wait_for("Final scores", "Prestige")
    path = the_file(tmp_path)
    data = read_session(path)
    assert data["expansions"] == ["gathering-storm", "rebel-vs-imperium", "brink-of-war"]
    assert [p["prestige"] for p in data["players"]] == [4, 2]
    parts = scored(path)
    assert parts["Ada"]["prestige"] == 4 and parts["Bo"]["prestige"] == 2
