"""History's records, filters, sorts, figures and chart (tui/records/history.py)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from lastround.records.history import (
    BARS,
    matches,
    player_figures,
    record_from_data,
    sort_records,
    sparkline,
)
from lastround.records.index import load_history
from lastround.records.session_record import SessionRecord
from tests.support.history_data import EXAMPLES, history_folder, toy_data


def test_a_finished_session_is_totalled_with_parts_places_and_winners() -> None:
    data = tomllib.loads((EXAMPLES / "rftg-4-players.toml").read_text("utf-8"))
    record = record_from_data("rftg-4-players.toml", data)
    assert record.scored and record.title == "Race for the Galaxy"
    assert [(p.name, p.seat, p.total, p.place) for p in record.players] == [
        ("Maya", 1, 46, 3), ("Jonas", 2, 52, 2), ("Priya", 3, 39, 4), ("Luis", 4, 53, 1)]
    assert record.players[3].parts == {"tableau": 16, "chips": 12, "bonus": 25}
    assert record.winners == ("Luis",) and record.decided_by == "score"
    assert not record.corrected


def test_an_unfinished_session_has_players_but_no_totals() -> None:
    record = record_from_data("x.toml", toy_data("2026-10-01T20:00:00Z", {"Ada": 1, "Bo": 2},
                                                 finished=False))
    assert [p.name for p in record.players] == ["Ada", "Bo"]
    assert not record.scored and record.winners == () and record.players[0].total is None


def test_a_finished_session_that_does_not_total_keeps_its_reason() -> None:
    data = toy_data("2026-10-01T20:00:00Z", {"Ada": 1, "Bo": 2})
    del data["players"][1]["points"]
    record = record_from_data("x.toml", data)
    assert record.error == "players[1].points: missing" and not record.scored


def records(saves: Path) -> list[SessionRecord]:
    history_folder(saves)
    return load_history(saves)


def test_the_filter_matches_games_and_players_and_never_hides_unreadable_files(
    saves: Path,
) -> None:
    every = records(saves)
    shown = {r.file for r in every if matches(r, "cy")}
    assert shown == {"t2.toml", "t3.toml", "t4.toml", "broken.toml"}
    assert {r.file for r in every if matches(r, "GALILEO")} == {"galileo-4-players.toml",
                                                               "broken.toml"}
    assert {r.file for r in every if matches(r, "toy bo")} == {"t1.toml", "t2.toml", "t4.toml",
                                                              "broken.toml"}
    assert {r.file for r in every if matches(r, "race luis")} == {"rftg-4-players.toml",
                                                                 "broken.toml"}


def test_sorting_by_date_game_and_winner_with_unreadable_files_last(saves: Path) -> None:
    every = records(saves)
    by_date = [r.file for r in sort_records(every)]
    assert by_date == ["galileo-4-players.toml", "rftg-4-players.toml", "t4.toml", "t3.toml",
                       "t2.toml", "t1.toml", "broken.toml"]
    oldest = [r.file for r in sort_records(every, "date", descending=False)]
    assert oldest == [*reversed(by_date[:-1]), "broken.toml"]
    by_game = [r.title for r in sort_records(every, "game", descending=False)]
    assert by_game == ["Galileo Galilei", "Race for the Galaxy", "Toy", "Toy", "Toy", "Toy", ""]
    by_winner = [r.winners for r in sort_records(every, "winner", descending=False)]
    assert by_winner == [("Ada",), ("Ada",), ("Ada", "Bo"), ("Luis",), ("Priya",), (), ()]
    with pytest.raises(ValueError, match="unknown sort"):
        sort_records(every, "colour")


def test_figures_per_player_per_game(saves: Path) -> None:
    figures = {(f.game, f.name): f for f in player_figures(records(saves))}
    ada, bo, cy = (figures["toy", n] for n in ("Ada", "Bo", "Cy"))
    assert (ada.plays, ada.wins, ada.shared_wins, ada.best, ada.scores) == (3, 3, 1, 40,
                                                                            (30, 25, 40))
    assert ada.win_rate == 1.0 and ada.average == pytest.approx(95 / 3)
    assert (bo.plays, bo.wins, bo.shared_wins, bo.win_rate, bo.average, bo.best) == (
        2, 1, 1, 0.5, 22.5, 25)
    assert (cy.plays, cy.wins, cy.shared_wins, cy.best, cy.scores) == (2, 0, 0, 35, (10, 35))
    assert figures["rftg", "Luis"].wins == 1 and figures["galileo", "Priya"].best == 119
    order = [f.name for f in player_figures(records(saves)) if f.game == "toy"]
    assert order == ["Ada", "Bo", "Cy"]


def test_a_players_name_matches_whatever_its_case(saves: Path) -> None:
    data_one = toy_data("2026-10-01T20:00:00Z", {"ada": 10, "Bo": 5})
    data_two = toy_data("2026-10-02T20:00:00Z", {"ADA": 12, "Bo": 15})
    figures = player_figures([record_from_data("1.toml", data_one),
                              record_from_data("2.toml", data_two)])
    [ada] = [f for f in figures if f.name.casefold() == "ada"]
    assert ada.name == "ADA" and ada.scores == (10, 12) and ada.wins == 1


def test_the_sparkline_reads_heights_without_colour() -> None:
    assert sparkline([10, 20, 30], 10, 30) == "▁▅█"
    assert sparkline([5, 5], 5, 5) == BARS[4] * 2
    assert sparkline(list(range(40)), 0, 39, width=5) == sparkline([35, 36, 37, 38, 39], 0, 39)
    assert len(sparkline(list(range(40)), 0, 39, width=5)) == 5


def test_many_files_are_shared_among_worker_processes_and_read_alike(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import concurrent.futures
    import os
    import shutil

    from lastround.records import index as history_index
    for copy in range(3):
        for example in EXAMPLES.glob("*.toml"):
            shutil.copy(example, saves / f"{copy}-{example.name}")
    (saves / "broken.toml").write_text("format = = 1\n")
    one_process = sorted(load_history(saves, use_index=False), key=lambda r: r.file)
    pools: list[int] = []

    class CountedPool(concurrent.futures.ProcessPoolExecutor):
        def __init__(self, workers: int, **options: Any) -> None:
            pools.append(workers)
            super().__init__(workers, **options)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", CountedPool)
    monkeypatch.setattr(history_index, "PARALLEL_FROM", 2)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1}, raising=False)
    shared = sorted(load_history(saves, use_index=False), key=lambda r: r.file)
    assert pools == [2], "two worker processes read the files"
    assert shared == one_process
    assert [r.file for r in shared if r.error] == ["broken.toml"]


def test_a_pool_that_breaks_part_way_leaves_the_rest_read_in_this_process(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The chunks read before a worker died are kept; the others are read here, once each."""
    import concurrent.futures
    import os
    import shutil
    from collections.abc import Callable, Iterable, Iterator
    from concurrent.futures.process import BrokenProcessPool
    from typing import TypeVar

    Chunk = TypeVar("Chunk")

    from lastround.records import index as history_index
    for copy in range(4):
        for example in EXAMPLES.glob("*.toml"):
            shutil.copy(example, saves / f"{copy}-{example.name}")
    one_process = sorted(load_history(saves, use_index=False), key=lambda r: r.file)

    class BreakingPool(concurrent.futures.ProcessPoolExecutor):
        def map(self, fn: Callable[..., Chunk], *iterables: Iterable[Any],
                timeout: float | None = None, chunksize: int = 1) -> Iterator[Chunk]:
            results = super().map(fn, *iterables, timeout=timeout, chunksize=chunksize)
            yield next(results)
            raise BrokenProcessPool("a worker died")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", BreakingPool)
    monkeypatch.setattr(history_index, "PARALLEL_FROM", 2)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1}, raising=False)
    shared = sorted(load_history(saves, use_index=False), key=lambda r: r.file)
    assert shared == one_process


def test_an_unfinished_session_the_app_could_not_open_is_an_unreadable_record() -> None:
    """The home list and history mark what opening would refuse, before it is opened."""
    data = toy_data("2026-10-01T20:00:00Z", {"Ada": 1, "Bo": 2}, finished=False)
    data["players"] = data["players"][:1]
    record = record_from_data("x.toml", data)
    assert record.error == "players: 1 seated, but the players were confirmed"
