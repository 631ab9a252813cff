"""A tiny game shaped like the real ones, to test the spine without their rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.base import (
    Data,
    Field,
    Line,
    PlayerScore,
    Result,
    RulesError,
    Step,
    apply_generic,
    apply_setup,
    name_key,
    rank_winners,
)
from lastround.games.plugin import GamePlugin, HomeKey

# A third game as a game package would declare it (tests/ui/test_third_game.py registers it
# in one line). Every other test knows it as tests/support/toy_unlisted.py does.
PLUGIN = GamePlugin(
    id="toy",
    title="Toy Game",
    short_title="Toy",
    players=(2, 4),  # seats at the setup screen, as the real games
    game="tests.support.toy_game:GAME",
    home_key=HomeKey("t", "New Toy", "Start a new Toy Game session"),
    count_columns=("coins",),
    tiebreak_columns=("tiebreak_coins",),
)
MIN_PLAYERS, MAX_PLAYERS = PLUGIN.players


class ToyGame:
    id = "toy"
    title = "Toy"

    def procedure(self, data: Mapping[str, Any]) -> Sequence[Step]:
        steps = [
            Step("setup", "Players", kind="setup",
                 fields=(Field("colour", "Colour", kind="choice", choices=("red", "blue")),)),
            Step("round", "Finish the round", kind="checklist", items=("Play", "Discard")),
        ]
        steps += [
            Step(f"points-{i}", f"{p['name']}: points", player=i,
                 fields=(Field("points", "Points", minimum=0, maximum=99),
                         Field("coins", "Coins", minimum=0, maximum=9),
                         Field("bonus", "Bonus card", kind="bool")))
            for i, p in enumerate(data.get("players", []))
        ]
        return [*steps, Step("breakdown", "Final scores", kind="breakdown")]

    def apply(self, data: Data, step: Step, values: Mapping[str, Any]) -> None:
        if step.kind == "setup":
            apply_setup(data, values)
        else:
            apply_generic(data, step, values)

    def score(self, data: Mapping[str, Any]) -> Result:
        players = []
        for index, player in enumerate(data["players"]):
            if "points" not in player:
                raise RulesError(f"players[{index}].points", "missing")
            bonus = 5 if player.get("bonus") else 0
            players.append(PlayerScore(
                player["name"], {"points": player["points"], "bonus": bonus},
                (Line("points", "Points", player["points"]), Line("bonus", "Bonus card", bonus)),
                (player.get("coins", 0),)))
        winners, decided, _ = rank_winners(players)
        return Result("toy", tuple(players), winners, decided)

    def so_far(self, data: Mapping[str, Any]) -> tuple[PlayerScore, ...]:
        scores = []
        for player in data.get("players", []):
            parts = {}
            if isinstance(player.get("points"), int):
                parts = {"points": player["points"], "bonus": 5 if player.get("bonus") else 0}
            scores.append(PlayerScore(str(player.get("name", "?")), parts))
        return tuple(scores)

    def resets(self, data: Mapping[str, Any], step: Step, values: Mapping[str, Any]) -> str:
        """Seating the table again drops what was entered for a player no longer seated."""
        if step.kind != "setup":
            return ""
        staying = {name_key(str(n)) for n in values.get("players", [])}
        dropped = [str(p["name"]) for p in data.get("players", [])
                   if "points" in p and name_key(str(p["name"])) not in staying]
        if not dropped:
            return ""
        return (f"Seating the table again drops the points entered for "
                f"{' and '.join(dropped)}.")


GAME = ToyGame()
