"""A replay's work grows with its log, not with the square of it (counted, never timed)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from lastround.games import get_game
from lastround.games.checks import check_session
from lastround.records.replay import replay
from lastround.session.session import Session
from tests.support.long_log import galileo_session, rftg_session

Build = Callable[[int], Session]
# Corrections going through 100 different chip counts: nearly every state is a new one.
LONG_LOGS: dict[str, Build] = {
    "galileo turns and corrections": lambda n: galileo_session(n // 2, n // 2),
    "rftg corrections to new totals": lambda n: rftg_session(n, tuple(range(100))),
}


@contextmanager
def counted_work(game_id: str) -> Iterator[dict[str, int]]:
    """Counts what a replay spends its time on: each object deep-copied (the copy's memo
    holds every object copied) and each call of the game's rules."""
    counts = {"copied": 0, "rules": 0}
    game: Any = get_game(game_id)
    originals = {name: getattr(game, name) for name in ("procedure", "apply", "score")}
    deepcopy = copy.deepcopy

    def copying(value: Any, memo: dict[int, Any] | None = None, _nil: Any = ()) -> Any:
        memo = {} if memo is None else memo
        already = len(memo)
        try:
            return deepcopy(value, memo)
        finally:
            counts["copied"] += len(memo) - already

    def counting(rule: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            counts["rules"] += 1
            return rule(*args)
        return call

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(copy, "deepcopy", copying)
        for name, rule in originals.items():
            patch.setattr(game, name, counting(rule))
        yield counts


def replay_work(build: Build, entries: int) -> dict[str, int]:
    session = build(entries)
    with counted_work(session.game_id) as counts:
        replay(session.data)
    return counts


@pytest.mark.parametrize("name", list(LONG_LOGS))
def test_twice_the_log_is_about_twice_the_work(name: str) -> None:
    """Finding: replaying copied the whole log replayed so far for every entry, so the time
    to open a finished session grew with the square of its log (1,000 entries 8.7 s, 2,000
    entries 24 s, 20,000 entries never opened)."""
    short, long = (replay_work(LONG_LOGS[name], n) for n in (150, 300))
    for kind in ("copied", "rules"):
        assert long[kind] <= 2.3 * short[kind] + 50, (kind, short, long)


def test_a_log_going_back_and_forth_works_out_each_state_once() -> None:
    """Finding: even once linear, a replay built the steps and the totals again for every
    entry, about half a millisecond each: 20,000 entries took about 9 s. A long log goes back
    and forth between a few states (turns ended and undone, a count corrected back), and
    each is now worked out once."""
    short, long = (replay_work(LONG_LOGS["galileo turns and corrections"], n)
                   for n in (400, 4000))
    assert long["rules"] <= short["rules"] + 10, (short, long)


def test_checking_a_file_reads_its_log_once_however_many_steps() -> None:
    """Finding: opening a file searched the log once per step for what the step recorded last;
    a Race for the Galaxy of many rounds (one end check each) made it quadratic."""
    session = rftg_session(0)
    checks, log = session.data.setdefault("end_checks", []), session.log
    went_on = {"largest_tableau": 5, "pool_exhausted": False, "mid_consume": False}
    checks[:0] = [went_on | {"ends": False} for _ in range(2000)]
    log[1:1] = [{"step": f"end-check-{k}", "at": "", "values": dict(went_on)}
                for k in range(2000)]
    log[2001]["step"] = "end-check-2000"
    reads = 0

    class Entry(dict[str, Any]):
        def __getitem__(self, key: str) -> Any:
            nonlocal reads
            reads += 1
            return super().__getitem__(key)

    session.data["log"] = [Entry(entry) for entry in log]
    check_session(session.data)
    assert reads <= 3 * len(log), reads
