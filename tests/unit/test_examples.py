"""The home list's rows for the shipped examples (each game plugin's examples) say what
reading and totalling each example says, and an example changed since is read anew."""

from __future__ import annotations

import shutil
from pathlib import Path

from lastround.records.examples import example_summaries, examples_folder, home_record, home_rows
from lastround.records.history import read_record


def test_every_shipped_example_has_a_home_row_that_reading_it_confirms() -> None:
    folder = examples_folder()
    assert folder is not None
    listed = example_summaries()
    assert sorted(s.path.name for s in listed) == sorted(home_rows())
    for summary in listed:
        read = read_record(folder, summary.path.name)
        assert not read.error and read.status == "finished"
        shown = summary.record
        assert (shown.game, shown.status, shown.winners) == (read.game, read.status,
                                                             read.winners)
        assert [(p.name, p.seat) for p in shown.players] == [(p.name, p.seat)
                                                             for p in read.players]


def test_an_example_changed_since_it_shipped_is_read_and_totalled(tmp_path: Path) -> None:
    folder = examples_folder()
    assert folder is not None
    name = "rftg-4-players.toml"
    shutil.copy(folder / name, tmp_path / name)
    text = (tmp_path / name).read_text().replace('name = "Luis"', 'name = "Lu"')
    # Renamed everywhere, the breakdown's logged totals too (a winner must have a total).
    (tmp_path / name).write_text(text.replace('"Luis"', '"Lu"').replace("Luis = ", "Lu = "))
    record = home_record(tmp_path, name)
    assert [p.name for p in record.players] == ["Maya", "Jonas", "Priya", "Lu"]
    assert record.winners == ("Lu",)
    assert record.players[0].total is not None, "totalled by the rules"
