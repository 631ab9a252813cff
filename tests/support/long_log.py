"""Sessions with long logs, built through the Session as the app builds them.

A log grows long two ways: progress saved inside a step (each Galileo turn ended or undone,
each Tier III card drawn, is a `partial = true` entry) and corrections made after the game
(each one more entry with the values it replaced as `old`). The linear-replay test and the
replay and save benchmarks share these builders.
"""

from __future__ import annotations

import copy
from typing import Any

from lastround.games.base import Step
from lastround.games.galileo.turns import record_draw
from lastround.session.session import Session

CREATED = "2026-11-29T20:30:00Z"
SEED = 20261129
NAMES = ("Ada", "Bo", "Cy")
SUBJECTS = ("Major Objects", "Library", "Inquisitors", "Upgrades")
DRAWS = 3  # Tier III cards drawn at most: the box holds few
GALILEO_SCORES = ({"track_position": 62, "met_1": 3, "row_1": 2, "tribunal": 4, "dice": 9},
                  {"track_position": 5, "flipped": True, "met_2": 4, "row_2": 3},
                  {"track_position": 71, "met_4": 2, "row_4": 1, "tribunal": 2, "dice": 4})
RFTG_SEATS = (("Old Earth", "Investment Credits", "Research Labs", "Galactic Federation"),
              ("New Sparta", "Space Marines", "Rebel Outpost", "Drop Ships"),
              ("Earth's Lost Colony", "Gem World", "Comet Zone", "Mining World"))


def stamp(number: int) -> str:
    return f"2026-11-29T{20 + number // 3600 % 4:02d}:{number // 60 % 60:02d}:{number % 60:02d}Z"


def step_of(session: Session, step_id: str) -> Step:
    return session.steps()[session.index_of(step_id)]


def defaults(step: Step) -> dict[str, Any]:
    return {field.key: field.default for field in step.fields}


def galileo_session(partial: int, corrections: int = 0, *, finish: bool = True) -> Session:
    """Galileo with `partial` turns ended and undone (drawing cards on the way), then, when
    `finish`, the scores, the breakdown and `corrections` corrections to the scores."""
    session = Session.new("galileo", seed=SEED, created=CREATED)
    subjects = {f"subject_{k}": s for k, s in enumerate(SUBJECTS, start=1)}
    for step_id, values in (("setup", {"players": list(NAMES), "luna": False}),
                            ("table", {"first_player": "Ada", **subjects}),
                            ("trigger", {"trigger_player": "Bo", "trigger_how": "display"})):
        session.confirm(step_of(session, step_id), values, at=CREATED)
    turns = step_of(session, "final-turns")
    scratch = copy.deepcopy(session.data)
    draws = [record_draw(scratch, "gap", 14 - n, f"Card {n}") for n in range(DRAWS)]
    last = len(turns.items)
    for number in range(partial):
        done = number % last  # on to the last turn, then undone back to the first
        values = {"turns_done": done, "draws": copy.deepcopy(draws[:min(number // 7, DRAWS)])}
        session.confirm(turns, values, at=stamp(number), partial=True)
    if not finish:
        return session
    session.confirm(turns, {"turns_done": last, "draws": copy.deepcopy(draws)}, at=CREATED)
    for seat, entries in enumerate(GALILEO_SCORES):
        step = step_of(session, f"scores-{seat}")
        session.confirm(step, defaults(step) | entries, at=CREATED)
    return finished(session, corrections, "scores", "tribunal", (-3, 7))


def rftg_session(corrections: int, chips: tuple[int, ...] = (4, 20)) -> Session:
    """A finished Race for the Galaxy, then `corrections` corrections to the VP chips, each
    player's going through `chips` in turn (two values: back and forth between two totals)."""
    session = Session.new("rftg", seed=SEED, created=CREATED)
    session.confirm(step_of(session, "setup"), {"players": list(NAMES), "edition": "2nd"},
                    at=CREATED)
    session.confirm(step_of(session, "end-check-0"), {"largest_tableau": 12,
                    "pool_exhausted": False, "mid_consume": False}, at=CREATED)
    session.confirm(step_of(session, "finish-round"), {}, at=CREATED)
    for seat, cards in enumerate(RFTG_SEATS):
        session.confirm(step_of(session, f"tableau-{seat}"), {"tableau": list(cards)},
                        at=CREATED)
        session.confirm(step_of(session, f"counts-{seat}"),
                        {"chips": 9 + seat, "hand": 3, "goods": 1}, at=CREATED)
    return finished(session, corrections, "counts", "chips", chips)


def finished(session: Session, corrections: int, prefix: str, key: str,
             swings: tuple[int, ...]) -> Session:
    """Confirm the breakdown, then correct `key` of each player's `prefix` step in turn."""
    result = session.score()
    session.confirm(step_of(session, "breakdown"), {
        "totals": {p.name: p.total for p in result.players}, "winners": list(result.winners)},
        at=CREATED)
    session.finish()
    for number in range(corrections):
        step = step_of(session, f"{prefix}-{number % len(NAMES)}")
        values = session.values_for(step) | {key: swings[number // len(NAMES) % len(swings)]}
        session.confirm(step, values, at=stamp(number), correction=True)
    return session
