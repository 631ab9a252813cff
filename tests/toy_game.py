"""A tiny game shaped like the real ones, to test the spine without their rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tui.games.base import (
    Data,
    Field,
    Line,
    PlayerScore,
    Result,
    RulesError,
    Step,
    apply_generic,
    apply_setup,
    rank_winners,
)


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


GAME = ToyGame()
