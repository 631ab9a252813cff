"""The exports of the shipped example sessions, compared exactly with tests/golden/.

The files there are the formats as docs/using.md documents them: a change to one is a change
to what users import, so it is made in the golden file by hand, on purpose.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lastround.cli import main
from tests.support.history_data import EXAMPLE_FILES, copy_examples

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def golden(name: str) -> str:
    return (GOLDEN / name).read_text("utf-8")


@pytest.mark.parametrize("example", EXAMPLE_FILES)
def test_the_markdown_of_each_example_is_its_golden_file(
    saves: Path, capsys: pytest.CaptureFixture[str], example: str,
) -> None:
    copy_examples(saves)
    assert main(["export", str(saves / example)]) == 0
    assert capsys.readouterr().out == golden(example.replace(".toml", ".md"))


@pytest.mark.parametrize("warm", [False, True], ids=["files", "index"])
def test_the_csv_of_both_examples_is_its_golden_file(
    saves: Path, capsys: pytest.CaptureFixture[str], warm: bool,
) -> None:
    """The same from the files and from history's index kept beside them."""
    copy_examples(saves)
    if warm:
        assert main(["--saves", str(saves), "export"]) == 0
        capsys.readouterr()
    assert main(["--saves", str(saves), "export"]) == 0
    assert capsys.readouterr().out == golden("examples.csv")


def test_the_docs_name_every_column_of_the_csv() -> None:
    docs = (GOLDEN.parents[1] / "docs" / "using.md").read_text("utf-8")
    header = golden("examples.csv").splitlines()[0].split(",")
    assert header[:5] == ["file", "date", "game", "player", "seat"]
    assert [c for c in header if f"`{c}`" not in docs] == []
