"""The final scores' one model (tui/records/final_scores.py) and its three renderers: the
screens' widget, the Markdown export and `lastround score`'s text."""

from __future__ import annotations

import io
import tomllib
from typing import Any

import pytest
from rich.console import Console

from lastround.games import get_game
from lastround.games.base import Result
from lastround.records import final_scores as model
from lastround.records.export import scores_markdown
from lastround.records.score_command import scores_text
from lastround.widgets.final_scores import score_table
from tests.support.history_data import EXAMPLES


def example_result(name: str) -> Result:
    data: dict[str, Any] = tomllib.loads((EXAMPLES / name).read_text("utf-8"))
    return get_game(data["game"]).score(data)


def drawn(scores: model.Breakdown) -> str:
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(score_table(scores))
    return out.getvalue()


def headers(scores: model.Breakdown) -> list[list[str]]:
    """The table's header as each renderer draws it: the widget's, the Markdown's, the text's."""
    return [drawn(scores).splitlines()[0].split(),
            [cell.strip() for cell in scores_markdown(scores)[0].strip("|").split("|")],
            scores_text(scores).splitlines()[2].split()]


def test_the_model_holds_the_columns_places_winner_and_words_once() -> None:
    scores = model.final_scores(example_result("rftg-4-players.toml"), ["", "A note."])
    assert [c.heading for c in scores.columns] == [
        "Player", "Tableau", "Chips", "Bonus", "Total", "Place"]
    assert [(r.cells, r.winner) for r in scores.rows][3] == (
        ("Luis", "16", "12", "25", "53", "1"), True)
    assert scores.verdict == "★ Luis wins" and scores.notes == ("A note.",)
    assert scores.details[0].lines[0].points == "+17"


def test_every_renderer_draws_the_models_columns_in_its_order() -> None:
    scores = model.final_scores(example_result("galileo-4-players.toml"))
    expected = [c.heading for c in scores.columns]
    assert headers(scores) == [expected, expected, expected]


def test_moving_a_column_is_one_edit_to_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """The place before the total: COLUMNS changed, and the widget, the Markdown and the text
    all show it so (each drew its own table, in its own order, before there was a model)."""
    monkeypatch.setattr(model, "COLUMNS", ("player", "part", "place", "total"))
    scores = model.final_scores(example_result("rftg-4-players.toml"))
    moved = ["Player", "Tableau", "Chips", "Bonus", "Place", "Total"]
    assert headers(scores) == [moved, moved, moved]
    luis = "| Luis ★ | 16 | 12 | 25 | 1 | **53** |"
    assert luis in scores_markdown(scores)
    assert "Luis ★       16     12     25      1     53" in drawn(scores)
