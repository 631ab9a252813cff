"""Race for the Galaxy's boxes: which expansions a table plays, what each changes, the goals.

Sources, named beside each fact:
- [engine] Keldon Jones's engine as kept by B. Nordli, github.com/bnordli/rftg branch
  `update`: src/engine.c (`exp_info`, `goal_name`, `goal_minimum`, the end of a round in
  `game_round`, `score_game_player`) and src/init.c (`init_game`: the VP pool, the goals
  drawn). Facts read only; nothing of its code or text is used here.
- [TGS], [RvI], [BoW]: the rulebooks of Expansion #1 The Gathering Storm, #2 Rebel vs
  Imperium, #3 The Brink of War (Rio Grande Games; contents lists and setup).
- [XI]: Xeno Invasion's rulebook (French, Ystari, "Invasion Xeno": its contents list and
  setup, as p.pdfhall.com keeps its opening), the designer's preview (dicetowernews.com:
  the invasion game ends "by either repulsing or falling to the Xenos", players "earn VP
  awards") and reviews (igranje.hr: when every empire falls twice the game ends with no
  winner but the Xenos). The rulebook's end-of-game scoring of the bonus tiles, and its own
  words on the second fall, were not found: the table types the tiles' VP (box_steps.py).
- [XC]: Xeno Counterstrike's description by its designer, Tom Lehmann, as BoardGameGeek's
  news (W. Eric Martin, svarogsden.com "Prepare for Xeno Counterstrike") and the box's
  store page (analog.games) quote it: the end at "15+ tableau cards and 15 VPs/player in
  the common pool"; played "by itself with just the base game, though its fifth player and
  optional counterstrike game require Xeno Invasion"; in the counterstrike game "tableau
  size no longer ends the game", which goes on until the pool "of 30 VPs/player" runs out
  or "a military victory over the Xenos occurs". Its rulebook was not found: what the
  description leaves out (the counterstrike game's scoring, what a military victory is, the
  number of copies of each card) is asked of the table or said to be unconfirmed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

BASE_PLAYERS = 4  # [engine] exp_info: the base game alone seats 2 to 4
CHIPS_PER_PLAYER = 12  # [engine] init_game: the pool is 12 VP chips a player
PRESTIGE_POOL_EXTRA = 5  # [engine] init_game, [BoW] setup: 5 more VP with prestige
PRESTIGE_END = 15  # [engine] game_round: 15 prestige ends the game at the end of a round
TABLEAU_END = 12  # face-up cards in one tableau that end the game
COUNTERSTRIKE_TABLEAU_END = 15  # [XC] "15+ tableau cards"
COUNTERSTRIKE_CHIPS = 15  # [XC] "15 VPs/player in the common pool"
COUNTERSTRIKE_GAME_CHIPS = 30  # [XC] the counterstrike game: "30 VPs/player"


@dataclass(frozen=True)
class Box:
    id: str  # as the session file's `expansions` names it
    title: str
    needs: tuple[str, ...]  # the boxes it is played with (the first arc is cumulative)
    max_players: int
    bgg_id: int | None  # BoardGameGeek's id, None where no source confirmed it
    goals: bool = False  # brings goal tiles
    takeovers: bool = False
    prestige: bool = False


BOXES: dict[str, Box] = {box.id: box for box in (
    # [engine] exp_info: TGS 5 players with goals; [TGS] "action cards (for a fifth player)".
    # BGG 34499: boardgamegeek.com/boardgameexpansion/34499.
    Box("gathering-storm", "The Gathering Storm", (), 5, 34499, goals=True),
    # [engine] exp_info: RvI 6 players, goals, takeovers; [RvI] "for a sixth player", played
    # with The Gathering Storm. BGG 42215 (boardgamegeek.com/boardgameexpansion/42215).
    Box("rebel-vs-imperium", "Rebel vs Imperium", ("gathering-storm",), 6, 42215,
        goals=True, takeovers=True),
    # [BoW] "Both earlier expansions ... are required"; [engine] exp_info: 6 players, prestige.
    # No BGG id: none found in stored BGG records, repositories or pages (New Worlds too).
    Box("brink-of-war", "The Brink of War", ("gathering-storm", "rebel-vs-imperium"), 6,
        None, goals=True, takeovers=True, prestige=True),
    # [engine] exp_info: AA and XI seat 5 and have no goals; each is an arc of its own
    # played with the base game alone ([XI] "utilisez-la uniquement avec le jeu de base").
    # BGG 92932 (Alien Artifacts), 161599 (Xeno Invasion), as BGG's own records list them.
    Box("alien-artifacts", "Alien Artifacts", (), 5, 92932),
    Box("xeno-invasion", "Xeno Invasion", (), 5, 161599),
    # [XC]: with the base game alone 2 to 4; "its fifth player ... require Xeno Invasion",
    # so 5 only with it (max_players takes the larger). BGG 394555
    # (boardgamegeek.com/boardgameexpansion/394555).
    Box("xeno-counterstrike", "Xeno Counterstrike", (), BASE_PLAYERS, 394555),
    # The six promo start worlds ([engine] cards.txt, "Promo home worlds"): any boxes.
    Box("new-worlds", "New Worlds (promo start worlds)", (), BASE_PLAYERS, None),
)}

FIRST_ARC = ("gathering-storm", "rebel-vs-imperium", "brink-of-war")
# [XC] "the sequel to Xeno Invasion, together forming the 3rd arc"
ARCS = (FIRST_ARC, ("alien-artifacts",), ("xeno-invasion", "xeno-counterstrike"))

# The setup's one choice of boxes: every combination the rules allow, the first arc as
# printed (each box with the ones before it).
BOX_CHOICES: dict[str, tuple[str, ...]] = {
    "base game": (),
    "+ The Gathering Storm": FIRST_ARC[:1],
    "+ TGS, Rebel vs Imperium": FIRST_ARC[:2],
    "+ TGS, RvI, Brink of War": FIRST_ARC,
    "+ Alien Artifacts": ("alien-artifacts",),
    "+ Xeno Invasion": ("xeno-invasion",),
    "+ Xeno Counterstrike": ("xeno-counterstrike",),
    "+ Xeno Invasion, Counterstrike": ("xeno-invasion", "xeno-counterstrike"),
}


def choice_of(boxes: tuple[str, ...]) -> str:
    """The setup's choice for the boxes (new-worlds aside)."""
    arc = tuple(b for b in boxes if b != "new-worlds")
    return next((label for label, ids in BOX_CHOICES.items() if ids == arc), "base game")


def box_problem(boxes: tuple[str, ...]) -> str:
    """Why these boxes can't be played together ("" when they can)."""
    for box_id in boxes:
        if box_id not in BOXES:
            return f'"{box_id}" is no box; the boxes are: {", ".join(BOXES)}'
        missing = [BOXES[n].title for n in BOXES[box_id].needs if n not in boxes]
        if missing:
            return f"{BOXES[box_id].title} is played with {' and '.join(missing)} too"
    arcs = [arc for arc in ARCS if any(b in arc for b in boxes)]
    if len(arcs) > 1:
        names = " and ".join(BOXES[arc[0]].title for arc in arcs)
        return f"{names} are separate arcs, each played with the base game alone"
    return ""


def max_players(boxes: tuple[str, ...]) -> int:
    return max((BOXES[b].max_players for b in boxes), default=BASE_PLAYERS)


def has_prestige(boxes: tuple[str, ...]) -> bool:
    return any(BOXES[b].prestige for b in boxes)


def has_takeovers(boxes: tuple[str, ...]) -> bool:
    return any(BOXES[b].takeovers for b in boxes)


def chip_pool(players: int, boxes: tuple[str, ...] = (), counterstrike: bool = False) -> int:
    """VP chips in the pool at the start: 12 a player, 5 more with The Brink of War
    ([BoW]: "for 3 players, use 41 VPs"); 15 a player with Xeno Counterstrike, 30 in its
    counterstrike game ([XC])."""
    if counterstrike:
        return COUNTERSTRIKE_GAME_CHIPS * players
    if "xeno-counterstrike" in boxes:
        return COUNTERSTRIKE_CHIPS * players
    return CHIPS_PER_PLAYER * players + (PRESTIGE_POOL_EXTRA if has_prestige(boxes) else 0)


def tableau_end(boxes: tuple[str, ...] = (), counterstrike: bool = False) -> int | None:
    """The face-up cards in one tableau that end the game: 12, 15 with Xeno Counterstrike,
    none in its counterstrike game ([XC] "tableau size no longer ends the game")."""
    if counterstrike:
        return None
    return COUNTERSTRIKE_TABLEAU_END if "xeno-counterstrike" in boxes else TABLEAU_END


# --- goals ------------------------------------------------------------------------------------

GoalKind = Literal["first", "most"]
FIRST_VP = 3  # [engine] score_game_player: a "first" goal held is 3 VP
MOST_VP = 5  # [engine] score_game_player: a "most" goal held is 5 VP
# [engine] score_game_player: a player with as much as the most (and the minimum) who does
# not hold the tile gets 3 VP. Not found in a rulebook text: the stored openings of [TGS]
# (cupdf.com, Rio Grande's "Expansion #1"), [BoW] (vdocuments.site, scribd.com) and reviews
# stop before the goals' end-game rules; TGS's contents list "8 @ 3 VP goal chips".
TIED_VP = 3
GOALS_DRAWN = {"first": 4, "most": 2}  # [engine] init_game; [BoW] "two ... and four"


@dataclass(frozen=True)
class Goal:
    name: str  # as printed on the tile ([engine] goal_name)
    kind: GoalKind
    box: str
    condition: str  # in our words
    minimum: int = 0  # a "most" goal's least count to hold it ([engine] goal_minimum)

    @property
    def vp(self) -> int:
        return FIRST_VP if self.kind == "first" else MOST_VP


# [engine] goal_name, goal_minimum, init_game (TGS: the first six "first" and four "most"
# goals; RvI adds three and two; BoW three and two); [TGS] [RvI] [BoW] contents agree.
GOALS: dict[str, Goal] = {goal.name: goal for goal in (
    Goal("Galactic Standard of Living", "first", "gathering-storm", "5 or more VP chips"),
    Goal("System Diversity", "first", "gathering-storm",
         "a world of each of the four kinds of good"),
    Goal("Overlord Discoveries", "first", "gathering-storm", "3 Alien cards"),
    Goal("Budget Surplus", "first", "gathering-storm", "a discard at the end of a round"),
    Goal("Innovation Leader", "first", "gathering-storm", "a power in each of the six phases"),
    Goal("Galactic Status", "first", "gathering-storm", "a 6-cost development"),
    Goal("Uplift Knowledge", "first", "rebel-vs-imperium", "3 Uplift cards"),
    Goal("Galactic Riches", "first", "rebel-vs-imperium", "4 goods"),
    Goal("Expansion Leader", "first", "rebel-vs-imperium", "8 cards in the tableau"),
    Goal("Peace/War Leader", "first", "brink-of-war",
         "2 worlds and negative Military, or 2 military worlds and a takeover power"),
    Goal("Galactic Standing", "first", "brink-of-war", "2 prestige and 3 VP chips"),
    Goal("Military Influence", "first", "brink-of-war",
         "3 Imperium cards or 4 military worlds"),
    Goal("Greatest Military", "most", "gathering-storm", "the most Military", 6),
    # [engine] check_goal_player counts its windfall worlds too ("Most blue/brown worlds").
    Goal("Largest Industry", "most", "gathering-storm", "the most Novelty and Rare worlds", 3),
    Goal("Greatest Infrastructure", "most", "gathering-storm", "the most developments", 4),
    Goal("Production Leader", "most", "gathering-storm", "the most production worlds", 4),
    Goal("Research Leader", "most", "rebel-vs-imperium", "the most Explore powers", 3),
    Goal("Propaganda Edge", "most", "rebel-vs-imperium", "the most Rebel military worlds", 3),
    Goal("Galactic Prestige", "most", "brink-of-war", "the most prestige", 3),
    Goal("Prosperity Lead", "most", "brink-of-war", "the most Consume powers", 3),
)}


def goals_for(boxes: tuple[str, ...]) -> tuple[Goal, ...]:
    """The goal tiles these boxes bring, "first" goals before "most", box by box."""
    return tuple(g for g in sorted(GOALS.values(), key=lambda g: g.kind)
                 if g.box in boxes)
