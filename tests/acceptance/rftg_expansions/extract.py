"""Turn real recorded Race for the Galaxy expansion games into session files.

Not part of the test run: this is how the files beside it were made, kept so they can be
made again or extended. Sources (see README.md here for where each one lives):

  genie   jburnim/rftgstats condensed_games.json.gz, blob 5a4cf9c9 (commit dbc65432,
          2010-06-07): genie.game-host.org, The Gathering Storm games (1st edition)
  flex    jburnim/rftgstats condensed_flex.json.gz, blob 39301a46 (commit 0c2c99d1,
          2010-09-06): flexboardgames.com, Rebel vs Imperium games (1st edition)
  bga     davidspies/rftg-analyzer tests/fixtures/bga_games/*.json: BoardGameArena
          replays, Brink of War and Rebel vs Imperium games (2nd edition)

    python -m tests.acceptance.rftg_expansions.extract --cards cards.txt \\
        --genie games.json.gz --flex flex.json.gz --bga path/to/bga_games   # from the root

`cards.txt` is Keldon's card list (bnordli/rftg branch `update`, src/cards.txt): it gives the
printed spelling of every card, and keldon_score.py re-totals each tableau by Keldon's rules
to check a game before it is taken. A game is taken only when every player's recorded total
is reproduced: genie and flex record a total, chips and goal tiles but no breakdown, so
the check is chips + printed VP + 6-cost bonuses + goals against the total; a BoardGameArena
log gives the breakdown itself (chips, the end bonuses, goal and tie points, prestige).
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.acceptance.rftg_expansions.keldon_score import (
    Card,
    card_score,
    load_cards,
    simplified,
    spellings,
)

HERE = Path(__file__).parent
GAMES = HERE / "games"

# Genie and flex name the goal tiles by what they ask; the tiles' printed names (Keldon's).
GOAL_NAMES = {
    "First 5 vps": "Galactic Standard of Living",
    "First all worlds": "System Diversity",
    "First 3 aliens": "Overlord Discoveries",
    "First discard": "Budget Surplus",
    "First all phase powers": "Innovation Leader",
    "First 6 pt dev": "Galactic Status",
    "First 3 Uplift": "Uplift Knowledge",
    "First 4 Prod goods": "Galactic Riches",
    "First 8 Tableau": "Expansion Leader",
    "Most Military": "Greatest Military",
    "Most Rares or Novelties": "Largest Industry",
    "Most Developments": "Greatest Infrastructure",
    "Most Prod worlds": "Production Leader",
    "Most Explore Powers": "Research Leader",
    "Most Rebel Military Worlds": "Propaganda Edge",
}
MOST_GOALS = {
    "Greatest Military",
    "Largest Industry",
    "Greatest Infrastructure",
    "Production Leader",
    "Research Leader",
    "Propaganda Edge",
    "Galactic Prestige",
    "Prosperity Lead",
}
# Spellings the punctuation-blind match can't find.
CARD_ALIASES = {
    "Last Uplift Gnarssh": "The Last of the Uplift Gnarssh",
    "R and D Crash Program": "R&D Crash Program",
    "Rebel Sympathisers": "Rebel Sympathizers",
    "Blaster Gem Mine": "Blaster Gem Mines",
}
BOXES = ("gathering-storm", "rebel-vs-imperium", "brink-of-war")
# Games taken per source and player count, the first ones in the source's order that check.
QUOTAS = {
    "genie": {2: 5, 3: 3, 4: 3},
    "flex": {2: 5, 3: 3, 4: 3},
}


@dataclass
class Player:
    tableau: list[str]
    chips: int
    hand: int
    goods: int
    total: int
    goals: list[str] = field(default_factory=list)
    goals_tied: list[str] = field(default_factory=list)
    prestige: int | None = None


@dataclass
class Game:
    key: str  # the file's name
    source: str  # one line naming the repository, file and game
    boxes: int  # how many boxes of the first arc
    edition: str
    goals: list[str]
    players: list[Player]
    advanced: bool = False
    new_worlds: bool = False
    derived: list[str] = field(default_factory=list)  # what was read from a total, not recorded


class Names:
    def __init__(self, cards: dict[str, Card]) -> None:
        self.cards = cards
        self.by_letters = spellings(cards)

    def card(self, name: str) -> str:
        return CARD_ALIASES.get(name) or self.by_letters[simplified(name)]


def keldon_total(names: Names, player: Player) -> int:
    tableau = [names.cards[n] for n in player.tableau]
    printed, bonus = card_score(tableau, player.chips, player.prestige or 0)
    goals = sum(5 if g in MOST_GOALS else 3 for g in player.goals) + 3 * len(player.goals_tied)
    return player.chips + printed + bonus + goals + (player.prestige or 0)


# --- genie and flex (rftgstats) --------------------------------------------------------------


def recorded_games(path: Path, source: str, names: Names) -> list[Game]:
    """The first games of each player count whose every total the recorded facts give."""
    wanted = dict(QUOTAS[source])
    blob = {
        "genie": "condensed_games.json.gz blob 5a4cf9c9",
        "flex": "condensed_flex.json.gz blob 39301a46",
    }
    taken: list[Game] = []
    with gzip.open(path) as packed:
        recorded = json.load(packed)
    for raw in recorded:
        count = len(raw["player_list"])
        boxes = {"genie": 1, "flex": 2}[source]
        if raw.get("expansion") != boxes or not raw.get("goals") or not wanted.get(count):
            continue
        if not any(p["chips"] for p in raw["player_list"]):
            continue  # chips not recorded
        game_id = raw["game_id"].rstrip("/").rpartition("=" if source == "genie" else "/")[2]
        game = Game(
            key=f"{source}-{game_id}",
            source=f"jburnim/rftgstats {blob[source]}, {raw['game_id']}",
            boxes=boxes,
            edition="1st",
            goals=[GOAL_NAMES[g] for g in raw["goals"]],
            players=[],
            advanced=bool(raw.get("advanced")) and count == 2,
        )
        if settle_goals(raw, game, names):
            taken.append(game)
            wanted[count] -= 1
    return taken


def settle_goals(raw: dict[str, Any], game: Game, names: Names) -> bool:
    """Fill the players in; False when a total can't be told from the record.

    Genie lists only the tiles a player holds and gives 3 VP to a player tied for a "most"
    goal without it; flex lists a tied player's "most" goal as if held. A tie is taken only
    where the total leaves one reading: genie, one "most" goal in play the player doesn't
    hold and 3 VP short; flex, a "most" goal listed by two players, the holder read from
    which of them has the 5 VP."""
    listed = Counter(g for p in raw["player_list"] for g in p.get("goals", []))
    for p in raw["player_list"]:
        player = Player(
            tableau=[names.card(n) for n in p["cards"]],
            chips=p["chips"],
            hand=p["hand"],
            goods=p["goods"],
            total=p["points"],
            goals=[GOAL_NAMES[g] for g in p.get("goals", [])],
        )
        short = player.total - keldon_total(names, player)
        if short == 3 and game.key.startswith("genie"):
            free = [g for g in game.goals if g in MOST_GOALS and g not in player.goals]
            if len(free) != 1:
                return False
            player.goals_tied = free
            game.derived.append(
                f"Player {len(game.players) + 1} tied for {free[0]} (3 VP over the tiles held)"
            )
        elif short == -2 and game.key.startswith("flex"):
            shared = [
                GOAL_NAMES[g]
                for g in p.get("goals", [])
                if listed[g] > 1 and GOAL_NAMES[g] in MOST_GOALS
            ]
            if len(shared) != 1:
                return False
            player.goals.remove(shared[0])
            player.goals_tied = shared
            game.derived.append(
                f"Player {len(game.players) + 1} tied for {shared[0]}, not its holder (2 VP short)"
            )
        elif short:
            return False
        game.players.append(player)
    return True


# --- BoardGameArena (rftg-analyzer fixtures) -------------------------------------------------


def bga_game(path: Path, names: Names) -> Game | str:
    """A BoardGameArena replay's final tableaux and breakdown, or why it is left out."""
    data = json.loads(path.read_text(encoding="utf-8"))
    state = next(iter(data["gamedatas"].values()))
    options = data["tableinfos"]["data"]["options"]
    boxes = int(state["expansion"]) - 1
    if not 1 <= boxes <= 3:
        return "not a first-arc expansion game"
    if str(options["106"]["value"]) != "1":
        return "played without goals"
    card_types = state["card_types"]
    goal_types = state["goal_types"]
    order = [str(p) for p in state["playerorder"]]
    log = [
        n
        for packet in next(iter(data["gamelogs"].values()))["data"]["data"]
        for n in packet["data"]
    ]

    tableau: dict[str, tuple[str, str]] = {}  # card id -> (card type, owner)
    score = dict.fromkeys(order, 0)
    chips = dict.fromkeys(order, 0)
    prestige = dict.fromkeys(order, 0)
    end_bonus = dict.fromkeys(order, 0)
    tie_points: dict[str, list[str]] = {p: [] for p in order}
    firsts: dict[str, set[str]] = {p: set() for p in order}
    most_holder: dict[str, str] = {}
    ended = False
    for note in log:
        kind, args = note["type"], note["args"]
        if kind == "playerConcedeGame":
            return "a player conceded"
        if kind == "showTableau":
            for card in args["cards"].values():
                tableau[card["id"]] = (card["type"], str(card["location_arg"]))
        elif kind == "playcard" and note["log"]:
            tableau[args["card"]["id"]] = (args["card"]["type"], str(args["player"]))
        elif kind == "discardfromtableau":
            tableau.pop(str(args["card"]), None)
        elif kind == "takeover":
            tableau[str(args["card_id"])] = (args["card"]["type"], str(args["to"]))
        elif kind == "updateScore":
            who = str(args["player_id"])
            score[who], chips[who] = int(args["score"]), int(args["vp"])
            if ended and "dev_name" in args:
                end_bonus[who] += int(args["points_nbr"])
            elif ended and "goal" in args:
                tie_points[who].append(args["goal"])
        elif kind == "updatePrestige":
            prestige[str(args["player_id"])] = int(args["prestige"])
        elif kind == "fullfillGoal":
            goal = goal_types[str(args["type"])]
            for who in args["to"]:
                if goal["type"] == "first":
                    firsts[str(who)].add(goal["name"])
                elif goal["type"] == "most":
                    most_holder[goal["name"]] = str(who)
                # the prestige leader's tile pays in chips, already counted
        elif kind == "nomoreVp":
            ended = True
        # "oortKindChanged": Alien Oort Cloud Refinery's kind is left out of the file (no
        # `oort_kind`): the product then counts the kind that scores most, as BoardGameArena's
        # totals do.
    if not ended:
        return "no end of game in the log"

    def printed(card_type: str) -> str:
        return names.card(card_types[card_type]["name"])

    game = Game(
        key=f"bga-{data['table_id']}",
        source=f"davidspies/rftg-analyzer tests/fixtures/bga_games/{path.name}, "
        f"BoardGameArena table {data['table_id']}",
        boxes=boxes,
        edition="2nd",
        goals=sorted(  # the prestige leader's tile is not a goal
            tile_name(goal_types[tile["type"]]["name"])
            for tiles in state["goals"].values()
            for tile in tiles.values()
            if goal_types[tile["type"]]["type"] in ("first", "most")
        ),
        players=[],
        new_worlds=str(options["104"]["value"]) == "2",
    )
    for who in order:
        cards = [t for t, owner in tableau.values() if owner == who]
        held = sorted(firsts[who] | {g for g, holder in most_holder.items() if holder == who})
        player = Player(
            tableau=[printed(t) for t in cards],
            chips=chips[who],
            hand=0,
            goods=0,
            total=score[who],
            goals=[tile_name(g) for g in held],
            goals_tied=[tile_name(g) for g in tie_points[who]],
            prestige=prestige[who] if boxes == 3 else None,
        )
        breakdown = (
            player.chips
            + sum(int(card_types[t]["vp"]) for t in cards)
            + end_bonus[who]
            + sum(5 if g in MOST_GOALS else 3 for g in player.goals)
            + 3 * len(player.goals_tied)
            + (player.prestige or 0)
        )
        if breakdown != player.total:
            return f"its breakdown gives {breakdown}, not the recorded {player.total}"
        game.players.append(player)
    final_counts(log, game, order)
    return game


def tile_name(bga_name: str) -> str:
    """BoardGameArena writes a few tiles in sentence case ("System diversity")."""
    return {simplified(n): n for n in [*GOAL_NAMES.values(), *MOST_GOALS, *FIRST_BOW]}.get(
        simplified(bga_name), bga_name
    )


FIRST_BOW = ["Peace/War Leader", "Galactic Standing", "Military Influence"]


def final_counts(log: list[dict[str, Any]], game: Game, order: list[str]) -> None:
    """Hand and goods at the end: the tie-break, from the last counts the log shows."""
    hands: dict[str, int] = {}
    goods: dict[str, int] = {}
    for note in log:
        if note["type"] == "updateCardCount":
            hands = {str(k): int(v) for k, v in note["args"]["hand"].items()}
        elif note["type"] == "setPlayerCounter" and note["args"]["name"] == "player_score_aux":
            goods[str(note["args"]["playerId"])] = int(note["args"]["value"])
    for who, player in zip(order, game.players, strict=True):
        player.hand = hands.get(who, 0)
        # BoardGameArena's tie-break counter is hand + goods
        player.goods = max(goods.get(who, player.hand) - player.hand, 0)


# --- writing ---------------------------------------------------------------------------------


def toml_list(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(i, ensure_ascii=False) for i in items) + "]"


def session_text(game: Game) -> str:
    boxes = list(BOXES[: game.boxes]) + (["new-worlds"] if game.new_worlds else [])
    totals = ", ".join(f"Player {i} {p.total}" for i, p in enumerate(game.players, 1))
    lines = [
        f"# {game.source}",
        f"# Recorded totals: {totals}",
        *(f"# Derived: {d}" for d in game.derived),
        "format = 1",
        'game = "rftg"',
        'status = "finished"',
        f'edition = "{game.edition}"',
        f"expansions = {toml_list(boxes)}",
        f"goals = {toml_list(game.goals)}",
    ]
    if game.advanced:
        lines.append("advanced = 1")
    for i, player in enumerate(game.players, 1):
        lines += [
            "",
            "[[players]]",
            f'name = "Player {i}"',
            f"tableau = {toml_list(player.tableau)}",
        ]
        lines += [f"chips = {player.chips}", f"hand = {player.hand}", f"goods = {player.goods}"]
        lines.append(f"goals = {toml_list(player.goals)}")
        if player.goals_tied:
            lines.append(f"goals_tied = {toml_list(player.goals_tied)}")
        if player.prestige is not None:
            lines.append(f"prestige = {player.prestige}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=Path, required=True)
    parser.add_argument("--genie", type=Path)
    parser.add_argument("--flex", type=Path)
    parser.add_argument("--bga", type=Path, help="the folder of BoardGameArena fixtures")
    args = parser.parse_args()
    names = Names(load_cards(args.cards))
    games: list[Game] = []
    if args.genie:
        games += recorded_games(args.genie, "genie", names)
    if args.flex:
        games += recorded_games(args.flex, "flex", names)
    if args.bga:
        for path in sorted(args.bga.glob("*.json")):
            found = bga_game(path, names)
            if isinstance(found, str):
                print(f"left out {path.name}: {found}")
            else:
                games.append(found)
    GAMES.mkdir(exist_ok=True)
    manifest = ["# Recorded totals per game, in seat order (made by extract.py)", ""]
    keldon_agrees = 0
    for game in games:
        (GAMES / f"{game.key}.toml").write_text(session_text(game), encoding="utf-8")
        manifest += [f'[games."{game.key}"]', f"totals = {[p.total for p in game.players]}", ""]
        keldon_agrees += sum(keldon_total(names, p) == p.total for p in game.players)
    (HERE / "expected.toml").write_text("\n".join(manifest), encoding="utf-8")
    players = sum(len(g.players) for g in games)
    print(f"{len(games)} games, {players} players; Keldon's rules give {keldon_agrees} totals")


if __name__ == "__main__":
    main()
