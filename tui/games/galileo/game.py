"""Galileo Galilei (Tomáš Holek, Pink Troubadour 2024): the end of the game and final scoring,
as the app drives it.

Pure rules: standard library only, no I/O. Everything reads and writes the plain session
mapping described in save-format.md.

Session keys this game uses
---------------------------
Contract keys (save-format.md): ``cellar_values`` at the top level (default ``[-8, -4, -2, 1]``,
any length >= 1; the setup step offers Bruno's 5-space cellar tile, whose five values the
players enter) and per player ``track``, ``university``, ``cellar``, ``farewell``,
``tribunal``, ``dice`` and ``quadrants``.

Keys of this game's own, at the top level:

- ``first_player``: seat index of the player holding the telescope standee.
- ``luna``: bool, the Luna module is in play. Recorded only: it changes neither the end nor scoring.
- ``subjects``: four distinct names from ``SUBJECT_NAMES``, one per Scale tile, left to right.
- ``trigger``: ``{player = seat, how = "display" | "reward"}``, whose turn emptied the deck and how.
- ``trigger_turn_over``: bool, the rest of the triggering player's own turn is played (listed
  first on the turns screen). Missing in older files, which counted that turn as over: read as true.
- ``turns_done``: how many of ``final_turns(...)`` (the turns after the trigger's) have been ended.
- ``draws``: ``[{turn, reason, box, position, card}]``, one per Tier III card drawn from the box:
  ``turn`` is the turn in progress (0: the rest of the trigger's turn, k: the k-th of
  ``final_turns``), ``reason`` is ``"gap"`` or ``"reward"``, ``box`` the unused Tier III cards in
  the box before the draw, ``position`` the 1-based card to take (see ``draw_position``) and
  ``card`` its name, or ``""``. A draw is never erased: a removed one keeps its place with
  ``removed = true`` and ``removed_why`` ("by hand", "turn undone", or the answer that changed).
  The turns step's log entry that removes some says which in ``removed_draws`` (their numbers).
- ``seed``: int written by the session; draws are derived from it.

Per player, beside ``track`` (which already includes the +100 of a flipped Score token):
``track_position`` (0–99) and ``flipped`` (bool), kept for display.

The setup step's log values add ``cellar`` (``"standard"`` or ``"Bruno's tile"``) and
``cellar_values`` as typed (``"-6 -3 -1 +1 +2"``); older logs without them keep the cellar.
What a player can hold is bounded by the components (``limits``): scoring and opening a file
refuse more, naming the key.

The modules: ``board`` (Subjects, track, Tribunal), ``cellar``, ``procedure`` (the steps),
``scores_form``, ``apply`` (confirmed steps into the session), ``entries`` (reading them back),
``scoring``, ``turns`` (the final turns and the Tier III draws), ``turn_actions``, ``limits``,
``resets``, ``summary`` (the help screens' facts) and ``checks`` (opening a file).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.base import Data, Game, PlayerScore, Result, RulesError, Step
from lastround.games.galileo.apply import (
    apply_players,
    apply_scores,
    apply_table,
    apply_trigger,
    apply_turns,
)
from lastround.games.galileo.procedure import procedure
from lastround.games.galileo.resets import resets
from lastround.games.galileo.scoring import score, so_far


class GalileoGame:
    """Galileo Galilei's rules as the app's Game protocol."""

    id = "galileo"
    title = "Galileo Galilei"

    def procedure(self, data: Mapping[str, Any]) -> Sequence[Step]:
        return procedure(data)

    def apply(self, data: Data, step: Step, values: Mapping[str, Any]) -> None:
        if step.id == "setup":
            apply_players(data, step, values)
        elif step.id == "table":
            apply_table(data, step, values)
        elif step.id == "trigger":
            apply_trigger(data, step, values)
        elif step.id == "final-turns":
            apply_turns(data, values)
        elif step.id.startswith("scores-"):
            apply_scores(data, step, values)
        elif step.id != "breakdown":  # the breakdown only shows; nothing to record
            raise RulesError("step", f"Galileo Galilei has no step {step.id!r}")

    def score(self, data: Mapping[str, Any]) -> Result:
        return score(data)

    def so_far(self, data: Mapping[str, Any]) -> tuple[PlayerScore, ...]:
        return so_far(data)

    def resets(self, data: Mapping[str, Any], step: Step, values: Mapping[str, Any]) -> str:
        return resets(data, step, values)


GAME: Game = GalileoGame()
