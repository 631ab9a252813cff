"""Race for the Galaxy with its expansions: the boxes, the goals, prestige, the end triggers.

Each test quotes its rule: [engine] is Keldon Jones's engine (github.com/bnordli/rftg, branch
`update`, src/engine.c and src/init.c); [TGS], [RvI], [BoW] the expansions' rulebooks.
"""

from __future__ import annotations

from typing import Any

import pytest

from lastround.games.base import RulesError
from lastround.games.rftg.boxes import (
    BOXES,
    GOALS,
    box_problem,
    chip_pool,
    goals_for,
    max_players,
)
from lastround.games.rftg.ending import game_ends
from lastround.games.rftg.game import GAME
from lastround.games.seats import check_seat_values, seat_steps

TGS = ["gathering-storm"]
FIRST_ARC = ["gathering-storm", "rebel-vs-imperium", "brink-of-war"]
NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")


def player(name: str, **keys: Any) -> dict[str, Any]:
    return {"name": name, "tableau_vp": 10, "bonus_vp": 0, "chips": 0, "hand": 0,
            "goods": 0} | keys


def table(*players: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"game": "rftg", "players": list(players)} | top


GOALS_IN_PLAY = ["Galactic Standard of Living", "System Diversity", "Galactic Status",
                 "Budget Surplus", "Greatest Military", "Production Leader"]


# --- the boxes ---------------------------------------------------------------------------------


def test_the_first_arc_is_cumulative() -> None:
    """[RvI] 'These rules assume that the first expansion, The Gathering Storm, is being
    used'; [BoW] 'Both earlier expansions ... are required for this expansion.'"""
    assert box_problem(("gathering-storm", "rebel-vs-imperium")) == ""
    assert "The Gathering Storm" in box_problem(("rebel-vs-imperium",))
    assert "Rebel vs Imperium" in box_problem(("gathering-storm", "brink-of-war"))


def test_the_later_arcs_stand_alone_with_the_base_game() -> None:
    """[XI] 'Cette extension est un arc indépendant : utilisez-la uniquement avec le jeu de
    base'; Alien Artifacts likewise begins an arc of its own."""
    assert box_problem(("alien-artifacts",)) == box_problem(("xeno-invasion",)) == ""
    assert "separate arcs" in box_problem(("alien-artifacts", "xeno-invasion"))
    assert "separate arcs" in box_problem(("gathering-storm", "xeno-invasion"))
    assert box_problem(("xeno-invasion", "new-worlds")) == ""


@pytest.mark.parametrize(("boxes", "most"), [
    ((), 4), (("gathering-storm",), 5), (tuple(FIRST_ARC[:2]), 6), (tuple(FIRST_ARC), 6),
    (("alien-artifacts",), 5), (("xeno-invasion",), 5), (("new-worlds",), 4)])
def test_players_per_box(boxes: tuple[str, ...], most: int) -> None:
    """[engine] exp_info: max_players 4 (base), 5 (TGS), 6 (RvI, BoW), 5 (AA, XI); [TGS]
    'action cards ... for a fifth player', [RvI] '... for a sixth player'."""
    assert max_players(boxes) == most


def test_five_players_need_a_fifth_players_box() -> None:
    five = [player(n) for n in NAMES[:5]]
    with pytest.raises(RulesError, match="2 to 4 players") as raised:
        GAME.score(table(*five))
    assert raised.value.key == "players" and "The Gathering Storm" in raised.value.message
    assert len(GAME.score(table(*five, expansions=TGS)).players) == 5
    six = [player(n) for n in NAMES]
    with pytest.raises(RulesError, match="Rebel vs Imperium"):
        GAME.score(table(*six, expansions=TGS))
    assert len(GAME.score(table(*six, expansions=FIRST_ARC[:2])).players) == 6


def test_the_vp_pool_is_twelve_a_player_and_five_more_with_prestige() -> None:
    """[engine] init_game: 'vp_pool = num_players * 12', +5 with prestige; [BoW] 'Add an
    extra 5 VPs to the total number of VPs in play (e.g., for 3 players, use 41 VPs).'"""
    assert chip_pool(5, ("gathering-storm",)) == 60
    assert chip_pool(6, tuple(FIRST_ARC[:2])) == 72
    assert chip_pool(3, tuple(FIRST_ARC)) == 41


def test_a_wrong_box_is_refused_naming_it() -> None:
    with pytest.raises(RulesError, match="no box") as raised:
        GAME.score(table(player("Ada"), player("Bo"), expansions=["gathering-storms"]))
    assert raised.value.key == "expansions"
    with pytest.raises(RulesError, match="played with The Gathering Storm"):
        GAME.score(table(player("Ada"), player("Bo"), expansions=["brink-of-war",
                                                                   "rebel-vs-imperium"]))


def test_every_box_is_known_with_its_title() -> None:
    assert set(BOXES) == {*FIRST_ARC, "alien-artifacts", "xeno-invasion", "xeno-counterstrike",
                          "new-worlds"}


# --- goals -------------------------------------------------------------------------------------


def test_goal_tiles_per_box() -> None:
    """[TGS] '4 "most" goals (large tiles), 6 "first" goals (small tiles)'; [RvI] and [BoW]
    '2 "most" goals (large tiles), 3 "first" goals (small tiles)' each."""
    kinds = [g.kind for g in goals_for(("gathering-storm",))]
    assert (kinds.count("first"), kinds.count("most")) == (6, 4)
    assert len(goals_for(tuple(FIRST_ARC[:2]))) == 15
    assert len(goals_for(tuple(FIRST_ARC))) == len(GOALS) == 20
    assert goals_for(("alien-artifacts",)) == goals_for(("xeno-invasion",)) == ()


def test_held_goals_score_three_and_five() -> None:
    """[engine] score_game_player: 3 VP for each "first" goal claimed, 5 VP for a "most" goal
    held at the end; [TGS] reviews: 'They are each worth three victory points'."""
    ada = player("Ada", goals=["Galactic Status", "Budget Surplus", "Greatest Military"])
    result = GAME.score(table(ada, player("Bo", goals=["Galactic Status"]), expansions=TGS,
                              goals=GOALS_IN_PLAY))
    parts = result.players[0].parts
    assert parts["goals: Galactic Status"] == 3 and parts["goals: Budget Surplus"] == 3
    assert parts["goals: Greatest Military"] == 5
    assert result.players[0].total == 10 + 3 + 3 + 5
    assert result.players[1].total == 10 + 3, "a 'first' goal reached in the same phase by two"


def test_a_player_tied_for_a_most_goal_without_the_tile_scores_three() -> None:
    """[engine] score_game_player: a player with as much as the most, and the minimum, who
    does not hold the tile gets 3 VP ("Award tie points")."""
    result = GAME.score(table(player("Ada", goals=["Greatest Military"]),
                              player("Bo", goals_tied=["Greatest Military"]),
                              expansions=TGS, goals=GOALS_IN_PLAY))
    assert [p.parts["goals: Greatest Military"] for p in result.players] == [5, 3]
    assert "without the tile" in result.players[1].lines[-1].detail


def test_a_most_goal_has_one_tile() -> None:
    with pytest.raises(RulesError, match="one tile") as raised:
        GAME.score(table(player("Ada", goals=["Greatest Military"]),
                         player("Bo", goals=["Greatest Military"]),
                         expansions=TGS, goals=GOALS_IN_PLAY))
    assert raised.value.key == "players[1].goals"


def test_only_a_most_goal_is_tied_for_and_not_by_its_holder() -> None:
    for tied, held, words in ((["Galactic Status"], [], '"first" goal'),
                              (["Greatest Military"], ["Greatest Military"], "is held")):
        with pytest.raises(RulesError, match=words):
            GAME.score(table(player("Ada", goals=held, goals_tied=tied), player("Bo"),
                             expansions=TGS, goals=GOALS_IN_PLAY))


def test_a_goal_of_a_box_not_in_play_names_its_box() -> None:
    with pytest.raises(RulesError, match="Rebel vs Imperium") as raised:
        GAME.score(table(player("Ada"), player("Bo"), expansions=TGS,
                         goals=["Expansion Leader"]))
    assert raised.value.key == "goals" and "Expansion Leader" in raised.value.message
    with pytest.raises(RulesError, match="not among the goals in play"):
        GAME.score(table(player("Ada", goals=["Overlord Discoveries"]), player("Bo"),
                         expansions=TGS, goals=GOALS_IN_PLAY))


def test_each_goal_in_play_is_its_own_part_for_every_player() -> None:
    """save-format.md: '`lastround score --json` gives each goal and the prestige as their
    own `parts`'; the parts still sum to the total."""
    result = GAME.score(table(player("Ada", goals=["Galactic Status"]), player("Bo"),
                              expansions=TGS, goals=GOALS_IN_PLAY))
    for score in result.players:
        assert list(score.parts)[3:] == [f"goals: {g}" for g in GOALS_IN_PLAY]
        assert sum(score.parts.values()) == score.total


def test_without_goals_the_parts_are_the_base_games() -> None:
    result = GAME.score(table(player("Ada"), player("Bo"), expansions=TGS))
    assert list(result.players[0].parts) == ["tableau", "chips", "bonus"]


# --- prestige ----------------------------------------------------------------------------------


def test_prestige_scores_one_vp_each() -> None:
    """[BoW designer diary] 'any unspent prestige at game end is worth 1 VP apiece';
    [engine] score_game_player adds the prestige to the end score."""
    result = GAME.score(table(player("Ada", prestige=7), player("Bo"), expansions=FIRST_ARC))
    assert result.players[0].parts["prestige"] == 7 and result.players[0].total == 17
    assert result.players[1].parts["prestige"] == 0


def test_prestige_needs_the_brink_of_war() -> None:
    with pytest.raises(RulesError, match="The Brink of War") as raised:
        GAME.score(table(player("Ada", prestige=2), player("Bo"), expansions=TGS))
    assert raised.value.key == "players[0].prestige"


# --- the end -----------------------------------------------------------------------------------


def test_fifteen_prestige_ends_the_game() -> None:
    """[engine] game_round: 'Check for 15 or more prestige' sets game_over at the end of the
    round; BGG rules thread: 'a player has 15 or more prestige at the end of the round, the
    game is over'."""
    assert not game_ends(8, False, most_prestige=14)
    assert game_ends(8, False, most_prestige=15)


def test_the_base_triggers_stand_with_every_box() -> None:
    """[engine] game_round: the VP pool empty or 12 cards in a tableau end the game."""
    assert game_ends(12, False) and game_ends(3, True) and not game_ends(11, False)


def test_xeno_repulse_ends_the_invasion_game() -> None:
    """XI's invasion game 'adds two new ways the game can end: by either repulsing or
    falling to the Xenos' (the designer's preview)."""
    assert game_ends(5, False, repulsed=True)


def test_invasion_needs_xeno_invasion() -> None:
    with pytest.raises(RulesError, match="Xeno Invasion") as raised:
        GAME.score(table(player("Ada"), player("Bo"), invasion=True))
    assert raised.value.key == "invasion"
    assert GAME.score(table(player("Ada"), player("Bo"), expansions=["xeno-invasion"],
                            invasion=True)).winners == ("Ada", "Bo")


# --- the steps ---------------------------------------------------------------------------------

SETUP = {"players": ["Ada", "Bo"], "edition": "2nd", "new_worlds": False}


def played(boxes: str, **answers: dict[str, Any]) -> dict[str, Any]:
    """A session set up with `boxes` (a setup choice), then each step id's answers."""
    data: dict[str, Any] = {"game": "rftg"}
    GAME.apply(data, GAME.procedure(data)[0], SETUP | {"boxes": boxes})
    for step_id, values in answers.items():
        step = next(s for s in GAME.procedure(data) if s.id == step_id)
        GAME.apply(data, step, values)
    return data


def step_ids(data: dict[str, Any]) -> list[str]:
    return [s.id for s in GAME.procedure(data)]


def test_a_base_game_session_has_the_base_games_steps() -> None:
    data = played("base game")
    assert "expansions" not in data and "goals" not in data
    assert step_ids(data) == ["setup", "end-check-0", "finish-round", "tableau-0", "counts-0",
                              "tableau-1", "counts-1", "breakdown"]


def test_the_goal_tiles_are_asked_once_the_boxes_are_known() -> None:
    data = played("+ The Gathering Storm")
    assert data["expansions"] == TGS
    options = GAME.procedure(data)[1]
    assert options.id == "options"
    assert [f.label for f in options.fields][:10] == [g.name for g in goals_for(tuple(TGS))]
    assert "advanced" in [f.key for f in options.fields], "two players: the advanced game"
    assert "3 VP" in options.help and "tied" in options.help


def test_each_player_marks_their_goals_and_the_brink_of_war_their_prestige() -> None:
    data = played("+ TGS, RvI, Brink of War",
                  options={"greatest-military": True, "galactic-status": True})
    assert data["goals"] == ["Galactic Status", "Greatest Military"]
    goals = next(s for s in GAME.procedure(data) if s.id == "goals-0")
    assert goals.player == 0 and goals.title == "Ada: goals and prestige"
    assert [(f.key, f.kind) for f in goals.fields] == [
        ("galactic-status", "bool"), ("greatest-military", "choice"), ("prestige", "int")]
    assert "goals-1" in step_ids(data)
    GAME.apply(data, goals, {"galactic-status": True, "greatest-military": "tied, no tile",
                             "prestige": 6})
    ada = data["players"][0]
    assert (ada["goals"], ada["goals_tied"], ada["prestige"]) == (
        ["Galactic Status"], ["Greatest Military"], 6)


def test_the_end_check_asks_for_prestige_with_the_brink_of_war() -> None:
    data = played("+ TGS, RvI, Brink of War")
    check = next(s for s in GAME.procedure(data) if s.id == "end-check-0")
    assert [f.key for f in check.fields] == ["largest_tableau", "pool", "most_prestige"]
    assert "15 prestige" in check.text and "The pool started with 29 chips." in check.text
    GAME.apply(data, check, {"largest_tableau": 7, "pool": "chips left", "most_prestige": 15})
    assert data["end_checks"][0]["ends"] and "finish-round" in step_ids(data)
    finish = next(s for s in GAME.procedure(data) if s.id == "finish-round")
    assert "a player has 15 prestige" in finish.text
    assert not any("takeovers" in item for item in finish.items), "played without them"


def test_takeovers_are_asked_with_the_options_and_only_then_resolved() -> None:
    """save-format.md: `takeovers`, 'played with takeovers (recorded; decides whether the
    finish-round checklist asks about them)'; [RvI] takeovers are an option of the game."""
    data = played("+ TGS, Rebel vs Imperium")
    options = next(s for s in GAME.procedure(data) if s.id == "options")
    takeovers = next(f for f in options.fields if f.key == "takeovers")
    assert (takeovers.kind, takeovers.default, takeovers.group) == ("bool", False, "Options")
    GAME.apply(data, options, {"takeovers": True})
    GAME.apply(data, next(s for s in GAME.procedure(data) if s.id == "end-check-0"),
               {"largest_tableau": 12, "pool": "chips left"})
    finish = next(s for s in GAME.procedure(data) if s.id == "finish-round")
    assert "Resolve takeovers declared in Settle" in finish.items
    setup = GAME.procedure(data)[0]
    GAME.apply(data, setup, SETUP | {"boxes": "+ The Gathering Storm"})
    assert "takeovers" not in data  # no box with takeovers: the answer goes


def test_takeovers_need_a_box_with_takeovers() -> None:
    with pytest.raises(RulesError, match="belongs to Rebel vs Imperium"):
        GAME.score(table(player("Ada"), player("Bo"), expansions=TGS, takeovers=True))
    with pytest.raises(RulesError, match="true or false"):
        GAME.score(table(player("Ada"), player("Bo"), expansions=FIRST_ARC, takeovers=1))


def test_the_invasion_game_asks_about_the_repulse_and_the_last_wave() -> None:
    data = played("+ Xeno Invasion", options={"invasion": True})
    check = next(s for s in GAME.procedure(data) if s.id == "end-check-0")
    assert check.fields[-2].key == "repulsed"
    GAME.apply(data, check, {"largest_tableau": 3, "pool": "chips left", "repulsed": True})
    finish = next(s for s in GAME.procedure(data) if s.id == "finish-round")
    assert finish.items[-1].startswith("Resolve this round's Xeno wave")


def test_fewer_boxes_drop_the_goals_and_prestige_they_brought() -> None:
    data = played("+ TGS, RvI, Brink of War", options={"galactic-status": True})
    data["players"][0] |= {"goals": ["Galactic Status"], "goals_tied": [], "prestige": 3}
    setup = GAME.procedure(data)[0]
    values = SETUP | {"boxes": "base game"}
    assert "Ada" in GAME.resets(data, setup, values)
    GAME.apply(data, setup, values)
    assert data["players"][0].keys() == {"name"} and "goals" not in data


def test_a_player_enters_their_own_goals_at_the_table() -> None:
    """Table mode: a seat's steps are its tableau, its counts and its goals, checked as the
    host's form checks them."""
    data = played("+ TGS, RvI, Brink of War", options={"greatest-military": True})
    steps = GAME.procedure(data)
    assert [s.id for s in seat_steps(steps, 1)] == ["tableau-1", "counts-1", "goals-1"]
    goals = seat_steps(steps, 1)[-1]
    check_seat_values(goals, {"greatest-military": "holds the tile", "prestige": 2}, data)
    with pytest.raises(RulesError):
        check_seat_values(goals, {"greatest-military": "mine", "prestige": 2}, data)


# --- Xeno Invasion's invasion game: its awards and its second end ------------------------------

XI = ["xeno-invasion"]


def test_invasion_awards_score_as_the_table_adds_them_up() -> None:
    """The invasion game's award tokens (war-effort donations, Xenos defeated) and end-of-game
    bonus tiles are VP ('players can also earn VP awards', the designer's preview): their
    values are not confirmed here, so the table enters the VP they show, scored as its own part."""
    result = GAME.score(table(player("Ada", invasion_awards=7), player("Bo"),
                              expansions=XI, invasion=True))
    ada, bo = result.players
    assert ada.parts["invasion awards"] == 7 and ada.total == 17
    assert bo.parts["invasion awards"] == 0 and bo.total == 10
    assert result.winners == ("Ada",)


def test_invasion_awards_need_the_invasion_game() -> None:
    with pytest.raises(RulesError, match="invasion game, which was not played") as raised:
        GAME.score(table(player("Ada", invasion_awards=3), player("Bo"), expansions=XI))
    assert raised.value.key == "players[0].invasion_awards"
    with pytest.raises(RulesError, match="whole number, 0 or more"):
        GAME.score(table(player("Ada", invasion_awards=-1), player("Bo"),
                         expansions=XI, invasion=True))


def test_every_empire_falling_a_second_time_ends_the_invasion_game() -> None:
    """XI's invasion game 'adds two new ways the game can end: by either repulsing or
    falling to the Xenos' (the designer's preview); reviews: when the Xenos defeat every
    defender on two occasions the game ends."""
    assert game_ends(5, False, empires_fell=True)
    assert not game_ends(5, False, repulsed=False, empires_fell=False)


def test_the_invasion_game_asks_each_player_for_awards_and_the_table_for_a_fall() -> None:
    data = played("+ Xeno Invasion", options={"invasion": True})
    check = next(s for s in GAME.procedure(data) if s.id == "end-check-0")
    assert [f.key for f in check.fields][-2:] == ["repulsed", "empires_fell"]
    GAME.apply(data, check, {"largest_tableau": 3, "pool": "chips left", "empires_fell": True})
    assert data["end_checks"][0] == {"largest_tableau": 3, "pool_exhausted": False,
                                     "mid_consume": False, "empires_fell": True, "ends": True}
    finish = next(s for s in GAME.procedure(data) if s.id == "finish-round")
    assert "every empire has fallen to the Xenos a second time" in finish.text
    awards = next(s for s in GAME.procedure(data) if s.id == "goals-0")
    assert [f.key for f in awards.fields] == ["invasion_awards"]
    assert awards.title == "Ada: invasion awards"
    GAME.apply(data, awards, {"invasion_awards": 6})
    assert data["players"][0]["invasion_awards"] == 6
    breakdown = GAME.procedure(data)[-1]
    assert "the Xenos then win and no player does" in breakdown.text



def test_the_awards_help_gives_the_award_tokens_values() -> None:
    """Xeno Invasion's rulebook (Ystari's French edition, contents): "25 jetons Récompense :
    20x1 ; 5x5" and "2 tuiles bonus": each award token shows 1 or 5 VP; the two bonus tiles'
    values are not confirmed, so the table types what they show."""
    data = played("+ Xeno Invasion", options={"invasion": True})
    awards = next(s for s in GAME.procedure(data) if s.id == "goals-0")
    assert "each showing 1 or 5 VP" in awards.help
    assert "does not know the bonus tiles' values" in awards.help

def test_without_the_invasion_game_no_awards_are_asked_and_none_are_kept() -> None:
    data = played("+ Xeno Invasion", options={"invasion": True})
    data["players"][0]["invasion_awards"] = 4
    options = next(s for s in GAME.procedure(data) if s.id == "options")
    GAME.apply(data, options, {"invasion": False})
    assert "invasion_awards" not in data["players"][0]
    assert not any(s.id.startswith("goals-") for s in GAME.procedure(data))
    check = next(s for s in GAME.procedure(data) if s.id == "end-check-0")
    assert "empires_fell" not in [f.key for f in check.fields]
