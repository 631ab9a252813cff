"""Race for the Galaxy, base game, as the app drives it: recording each step's answers and
saying what a change would undo."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.base import (
    Data,
    Game,
    PlayerScore,
    Result,
    Step,
    apply_generic,
    apply_setup,
    name_key,
)
from lastround.games.rftg.asked_again import options_resets, setup_resets
from lastround.games.rftg.box_steps import (
    SETUP_BOX_KEYS,
    apply_boxes,
    apply_options,
    what_boxes_drop,
)
from lastround.games.rftg.cards import canonical_name
from lastround.games.rftg.counts import apply_counts, tableau_resets, what_the_tableau_drops
from lastround.games.rftg.ending import (
    game_ends,
    record_end_check,
    recorded_checks,
    tableau_end_of,
)
from lastround.games.rftg.expansions import boxes_in
from lastround.games.rftg.facts import POOL_ANSWERS
from lastround.games.rftg.player_goals import apply_player_goals
from lastround.games.rftg.procedure import procedure
from lastround.games.rftg.scoring import score, so_far
from lastround.games.words import join_names, plural


def _tableau_values(values: Mapping[str, Any], boxes: tuple[str, ...],
                    ) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The cards step's values (names made canonical) and the keys of the other way to drop."""
    if "tableau" in values:
        names = [canonical_name(n, boxes) or n for n in values["tableau"]]
        return {"tableau": names}, ("tableau_vp", "bonus_vp")
    return dict(values), ("tableau",)


def apply(data: Data, step: Step, values: Mapping[str, Any]) -> None:
    """Record a confirmed step's values in the session data."""
    if step.kind == "setup":
        apply_boxes(data, values)  # first: refused, it changes nothing
        apply_setup(data, {k: v for k, v in values.items() if k not in SETUP_BOX_KEYS})
        if len(data["players"]) != 2:
            data.pop("advanced", None)  # the two-player advanced game: no longer asked
    elif step.id == "options":
        apply_options(data, values)
    elif step.id.startswith("goals-") and step.player is not None:
        apply_player_goals(data, step.player, values)
    elif step.id.startswith("end-check-"):
        record_end_check(data, int(step.id.removeprefix("end-check-")), values)
    elif step.id.startswith("counts-") and step.player is not None:
        apply_counts(data, step.player, values)
    elif step.kind == "cards" and step.player is not None:
        kept, dropped = _tableau_values(values, boxes_in(data))
        player = data["players"][step.player]
        for key in (*dropped, *what_the_tableau_drops(data, step.player, kept)):
            player.pop(key, None)
        apply_generic(data, step, kept)
    else:
        apply_generic(data, step, values)


class RaceForTheGalaxy:
    """The rules object the app drives (see ``lastround.games.base.Game``)."""

    id = "rftg"
    title = "Race for the Galaxy"

    def procedure(self, data: Mapping[str, Any]) -> Sequence[Step]:
        return procedure(data)

    def apply(self, data: Data, step: Step, values: Mapping[str, Any]) -> None:
        apply(data, step, values)

    def score(self, data: Mapping[str, Any]) -> Result:
        return score(data)

    def so_far(self, data: Mapping[str, Any]) -> tuple[PlayerScore, ...]:
        return so_far(data)

    def resets(self, data: Mapping[str, Any], step: Step, values: Mapping[str, Any]) -> str:
        return resets(data, step, values)


ENTRY_KEYS = ("tableau", "tableau_vp", "bonus_vp", "chips", "hand", "goods", "goals",
              "goals_tied", "prestige")


def resets(data: Mapping[str, Any], step: Step, values: Mapping[str, Any]) -> str:
    """What confirming `values` would undo: seating without a player drops what was entered
    for them; an end check that now ends the game drops the checks recorded after it."""
    if step.kind == "setup":
        kept = {name_key(str(name)) for name in values.get("players", [])}
        seated = [p for p in data.get("players", []) if isinstance(p, Mapping)]
        dropped = [str(p.get("name", "")) for p in seated
                   if name_key(str(p.get("name", ""))) not in kept
                   and any(key in p for key in ENTRY_KEYS)]
        if dropped:
            return (f"What was entered for {join_names(dropped)} (tableau and counts) is dropped: "
                    f"{'they are' if len(dropped) > 1 else 'the player is'} no longer seated.")
        lost = what_boxes_drop(data, values)
        dropped_goals = (f"The goals or prestige entered for {join_names(lost)} that these "
                         "expansions don't have are dropped." if lost else "")
        return " ".join(filter(None, (dropped_goals, setup_resets(data, values))))
    elif step.id == "options":
        return options_resets(data, values)
    elif step.kind == "cards" and step.player is not None and "tableau" in values:
        return tableau_resets(data, step.player, values)
    elif step.id.startswith("end-check-"):
        k = int(step.id.removeprefix("end-check-"))
        later = len(recorded_checks(data)) - k - 1
        try:
            ends = game_ends(int(values["largest_tableau"]),
                             values.get("pool", POOL_ANSWERS[0]) != POOL_ANSWERS[0],
                             int(values.get("most_prestige", 0)),
                             values.get("repulsed") is True,
                             values.get("empires_fell") is True,
                             tableau_end=tableau_end_of(data),
                             military_victory=values.get("military_victory") is True)
        except (KeyError, TypeError, ValueError):
            return ""
        if ends and later > 0:
            checks = plural(later, "end check", "end checks")
            verb = "is" if later == 1 else "are"
            return (f"The game now ends after this round, so the {checks} recorded after it "
                    f"{verb} dropped.")
    return ""


GAME: Game = RaceForTheGalaxy()
