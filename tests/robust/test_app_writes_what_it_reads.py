"""Whatever the app saves, its own reading of a session accepts: a table confirming any
answers in any order (going back, changing the players, the boxes, the goals; agreeing to
undo what a change undoes) never leaves a file that resume, `score` or history refuse.

Driven through the session keeper (lastround.session.keeper), the one writer of session files, with
each answer of the kind and within the bounds its step's form allows, or the values the
shipped examples confirmed for the steps of a game's own kinds.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lastround.games.base import Field, Step
from lastround.games.rftg.cards import raw_cards_in_play
from lastround.games.rftg.expansions import boxes_in
from lastround.session.files import write_session
from lastround.session.keeper import Keeper
from lastround.session.outcomes import AskFirst, NotOpened
from lastround.session.safe_read import SaveError
from lastround.session.safekeeping import load_session
from lastround.session.session import Session
from tests.conftest import FIXED_TIME
from tests.support.table_sessions import example_log

NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")
ACTIONS = 14


def field_value(draw: st.DrawFn, field: Field) -> Any:
    if field.kind == "int":
        low = field.minimum if field.minimum is not None else 0
        high = min(field.maximum if field.maximum is not None else low + 20, low + 20)
        return draw(st.integers(low, high))
    if field.kind == "bool":
        return draw(st.booleans())
    if field.kind == "choice":
        return draw(st.sampled_from(field.choices))
    return field.default if field.default is not None else ""


def tableau(draw: st.DrawFn, session: Session) -> dict[str, Any]:
    if draw(st.booleans()):
        return {"tableau_vp": draw(st.integers(0, 40)), "bonus_vp": draw(st.integers(0, 20))}
    names = sorted({str(raw["name"]) for raw in raw_cards_in_play(boxes_in(session.data))})
    return {"tableau": draw(st.lists(st.sampled_from(names), min_size=1, max_size=12,
                                     unique=True))}


def values_for(draw: st.DrawFn, step: Step, session: Session) -> dict[str, Any]:
    """An answer the step's screen could send."""
    values = {f.key: field_value(draw, f) for f in step.fields}
    if step.kind == "setup":
        values["players"] = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=6,
                                          unique=True))
        values.pop("cellar_values", None)  # Galileo's own cellar: the default values
    elif step.kind == "cards":
        values = tableau(draw, session)
    elif step.kind not in ("form", "checklist"):
        logged = [e["values"] for e in example_log(str(session.data["game"]))
                  if e["step"] == step.id]
        values = dict(logged[-1]) if logged else session.values_for(step)
    return values


@st.composite
def a_table_at_work(draw: st.DrawFn) -> tuple[str, list[str]]:
    """Play a session with drawn answers; the reading's refusal of a saved file, if any."""
    game = draw(st.sampled_from(["rftg", "galileo"]))
    said: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        keeper = Keeper(Path(folder), clock=lambda: FIXED_TIME, seed=1)
        session = keeper.new_session(game)
        try:
            for _ in range(ACTIONS):
                if session.finished:
                    break
                steps = session.steps()
                reach = min(session.resume_index(), len(steps) - 2)
                step = steps[draw(st.integers(0, max(reach, 0)))]
                values = values_for(draw, step, session)
                said.append(f"{step.id}: {values}")
                outcome = keeper.confirm(step, values)
                if isinstance(outcome, AskFirst) and draw(st.booleans()):
                    keeper.confirm(step, values, undo_agreed=True)
                if session.path is not None and session.path.exists():
                    try:
                        load_session(session.path)
                    except SaveError as refused:
                        return str(refused), said
        finally:
            keeper.release_lock()
    return "", said


@settings(max_examples=60, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(a_table_at_work())
def test_whatever_the_app_saves_its_reader_accepts(played: tuple[str, list[str]]) -> None:
    refused, said = played
    assert refused == "", f"{refused}\nafter:\n" + "\n".join(said)


# --- a refused file opened on its steps to fix -----------------------------------------------

def all_holding(data: dict[str, Any]) -> None:
    for entry in data["log"]:
        if str(entry["step"]).startswith("goals-"):
            entry["values"]["production-leader"] = "holds the tile"


# Values the reading refuses that a step answers again (tests/ui/test_refused_values_…).
REFUSED: dict[str, Callable[[dict[str, Any]], object]] = {
    "advanced out of bounds": lambda d: d.update(advanced=2),
    "a goal tile named twice": lambda d: d["goals"].append("production  LEADER"),
    "an end check's answer of a box not played": (
        lambda d: d["end_checks"][0].update(most_prestige=3)),
    "a negative count": lambda d: d["players"][1].update(chips=-3),
    "a tile held four times by the log alone": all_holding,
    "an unknown option logged": (
        lambda d: next(e for e in d["log"] if e["step"] == "options")["values"].update(x=True)),
}


@st.composite
def a_refused_file_answered(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A refused file resumed, its steps to fix answered with drawn values (any step's
    refusal at Enter drawn again): the reading's refusal of the file once the app wrote it,
    if any."""
    from tests.support.rftg_tied_play import tied_table

    session = tied_table()
    if draw(st.booleans()):
        session.finish_with_breakdown(at=FIXED_TIME)
    case = draw(st.sampled_from(sorted(REFUSED)))
    REFUSED[case](session.data)
    said = [case]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "refused.toml"
        write_session(path, session.data)
        untouched = path.read_bytes()
        keeper = Keeper(Path(folder), clock=lambda: FIXED_TIME, seed=1)
        try:
            assert not isinstance(keeper.open(path), NotOpened)
            opened = keeper.session
            assert opened is not None and opened.fixes, case
            for _ in range(ACTIONS):
                if not opened.fixes:
                    break
                step = opened.steps()[opened.resume_index()]
                values = values_for(draw, step, opened)
                said.append(f"{step.id}: {values}")
                if isinstance(keeper.confirm(step, values), AskFirst):
                    keeper.confirm(step, values, undo_agreed=True)
                if path.read_bytes() == untouched:
                    continue  # refused at Enter: nothing written yet
                try:
                    load_session(path)
                except SaveError as refused:
                    return str(refused), said
        finally:
            keeper.release_lock()
    return "", said


@settings(max_examples=30, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(a_refused_file_answered())
def test_a_file_opened_to_fix_is_saved_as_its_reader_accepts(played: tuple[str, list[str]]
                                                             ) -> None:
    refused, said = played
    assert refused == "", f"{refused}\nafter:\n" + "\n".join(said)
