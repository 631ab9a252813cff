"""The Session: one table's end of game, as plain data mirroring its TOML file.

The session walks its game's procedure: confirming a step records the values in
the data through the game's rules, appends an entry to the ordered log, and the
caller saves before showing the next step. A step confirmed again with the values of
its latest confirmation records nothing, so the log (and its replay) holds each change
once. The game is finished when its last value is confirmed: the breakdown's entry
(totals and winners as shown) is logged with it, for the caller to save in one write.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lastround.games import game_title, get_game
from lastround.games.base import Game, Result, RulesError, Step, player_names
from lastround.session.clock import now_stamp
from lastround.session.fixing import Fix

FORMAT = 1


def session_copy(data: Mapping[str, Any]) -> dict[str, Any]:
    """The session to try values on: everything copied but the log, which apply never edits
    (copying a long game's log on every keystroke would slow typing)."""
    return {key: value if key == "log" else copy.deepcopy(value) for key, value in data.items()}


@dataclass
class Session:
    data: dict[str, Any]
    path: Path | None = None
    # The steps whose refused values the file was opened without (lastround.session.fixing): each
    # is asked again, saying why, until it is confirmed.
    fixes: dict[str, Fix] = field(default_factory=dict)
    game: Game = field(init=False)

    def __post_init__(self) -> None:
        self.game = get_game(self.data["game"])

    @classmethod
    def new(cls, game_id: str, *, seed: int | None = None, created: str | None = None) -> Session:
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": game_id,
            "status": "in-progress",
            "created": created or now_stamp(),
            "seed": random.SystemRandom().randrange(2**31) if seed is None else seed,
            "players": [],
            "log": [],
        }
        return cls(data)

    # what the file says --------------------------------------------------------
    @property
    def game_id(self) -> str:
        return str(self.data["game"])

    @property
    def title(self) -> str:
        return game_title(self.game_id)

    @property
    def finished(self) -> bool:
        return self.data.get("status") == "finished"

    @property
    def players(self) -> list[str]:
        return player_names(self.data)

    @property
    def log(self) -> list[dict[str, Any]]:
        log: list[dict[str, Any]] = self.data.setdefault("log", [])
        return log

    # the procedure --------------------------------------------------------------
    def steps(self) -> Sequence[Step]:
        steps = self.game.procedure(self.data)
        if not self.fixes:
            return steps
        return [dataclasses.replace(s, ask_again=self.fixes[s.id].why) if s.id in self.fixes
                else s for s in steps]

    def confirmed(self) -> set[str]:
        """Steps confirmed as done (progress saved part-way through a step does not count)."""
        return {str(entry["step"]) for entry in self.log if not entry.get("partial")}

    def index_of(self, step_id: str) -> int:
        return next(i for i, s in enumerate(self.steps()) if s.id == step_id)

    def resume_index(self) -> int:
        """The first step not yet confirmed, or whose answer the rules refuse (the last step
        when all are confirmed)."""
        steps = self.steps()
        done = self.confirmed()
        return next((i for i, s in enumerate(steps) if s.id not in done or s.ask_again),
                    len(steps) - 1)

    def entries_of(self, step_id: str) -> int:
        """How many log entries the step has (confirmations, progress, corrections)."""
        return sum(1 for entry in self.log if entry["step"] == step_id)

    def values_for(self, step: Step) -> dict[str, Any]:
        """What the latest confirmation of this step recorded, to pre-fill its screen."""
        latest = self.latest_entry(step.id)
        values = dict(latest.get("values", {})) if latest else {}
        refused = self.fixes[step.id].fields if step.id in self.fixes else ()
        return {key: value for key, value in values.items() if key not in refused}

    def latest_entry(self, step_id: str) -> dict[str, Any] | None:
        return next((e for e in reversed(self.log) if e["step"] == step_id), None)

    def unchanged(self, step: Step, values: Mapping[str, Any]) -> bool:
        """Whether confirming `values` would repeat the step's latest confirmation exactly
        (progress saved since then is not a confirmation: confirming closes it)."""
        latest = self.latest_entry(step.id)
        return (latest is not None and not latest.get("partial") and not step.ask_again
                and dict(latest.get("values", {})) == dict(values))

    def confirm(
        self, step: Step, values: Mapping[str, Any], *, at: str | None = None,
        partial: bool = False, correction: bool = False, by: str | None = None,
    ) -> bool:
        """Record a step's values and log the confirmation (the caller saves); False when
        nothing was recorded: the values repeat the step's latest confirmation (Esc back
        and Enter again), so the log holds each change once.

        A partial entry saves progress inside a long step (a turn ended, a card drawn):
        it is logged and kept, but the step still counts as unconfirmed on resume.
        A correction (made after the game) also keeps the values it replaces as `old`,
        so the log tells what changed and history is never rewritten. `by` names the seat
        whose player sent the values from their own terminal (table mode). In a game whose
        final scores were logged (opened again on a step to answer), every entry is a
        correction: after the final scores the log takes only corrections.
        """
        if not partial and not correction and self.unchanged(step, values):
            return False
        correction = correction or (step.kind != "breakdown" and self.scores_logged())
        old = copy.deepcopy(self.values_for(step)) if correction else None
        if step.kind != "breakdown":  # the totals are derived: the log keeps them as shown
            self.game.apply(self.data, step, values)
        entry: dict[str, Any] = {"step": step.id, "at": at or now_stamp()}
        if step.player is not None:
            entry["player"] = self.players[step.player]
        if by is not None:
            entry["by"] = by
        if partial:
            entry["partial"] = True
        entry["values"] = dict(values)
        if correction:
            entry["correction"] = True
            entry["old"] = old
        self.log.append(entry)
        if not partial:
            self.fixes.pop(step.id, None)  # answered again
        return True

    def final_values(self) -> dict[str, Any]:
        """What the breakdown's log entry keeps: the totals and winners as shown (RulesError
        when the table does not total yet)."""
        try:
            result = self.score()
        except RulesError:
            raise
        except (LookupError, TypeError, ValueError, AttributeError) as error:  # damaged
            raise RulesError("", f"the table does not total: {error}") from None
        return {"totals": {p.name: p.total for p in result.players},
                "winners": list(result.winners)}

    def finish_with_breakdown(self, at: str | None = None) -> None:
        """Log the final scores as the breakdown shows them and mark the session finished:
        the game is over once its last value is confirmed (RulesError: it does not total)."""
        if self.finished:
            return
        breakdown = self.steps()[-1]
        self.confirm(breakdown, self.final_values(), at=at)
        self.finish()

    def completes(self, step: Step) -> bool:
        """Whether `step` is the last value the game asks (the breakdown follows it in the
        procedure as it stands) and every step before the breakdown is confirmed."""
        steps = self.steps()
        index = next((i for i, s in enumerate(steps) if s.id == step.id), None)
        if index is None or index + 1 >= len(steps) or steps[index + 1].kind != "breakdown":
            return False
        done = self.confirmed()
        return all(s.id in done for s in steps[: index + 1])

    def scores_logged(self) -> bool:
        """Whether the log holds final scores (the game was finished once)."""
        return any(entry["step"] == "breakdown" for entry in self.log)

    def finishes_with(self, step: Step) -> bool:
        """Whether confirming `step` finishes the game: it is the last value it asks, or a
        game whose final scores were logged before (opened again on a step to answer,
        lastround.session.fixing) has every step confirmed again (after the final scores the log
        takes only corrections)."""
        if self.completes(step):
            return True
        if not self.scores_logged():
            return False
        done = self.confirmed()
        return all(s.id in done and not s.ask_again for s in self.steps()
                   if s.kind != "breakdown")

    def finish(self) -> None:
        self.data["status"] = "finished"

    def score(self) -> Result:
        return self.game.score(self.data)

    def foresee(self, step: Step, values: Mapping[str, Any]) -> Result | None:
        """The scores the table would have with `values` confirmed for `step`, the session
        left as it is; None when the rules refuse them or the table would not total."""
        trial = session_copy(self.data)
        try:
            self.game.apply(trial, step, values)
            return self.game.score(trial)
        except (RulesError, LookupError, TypeError, ValueError):
            return None
