"""Real recorded Race for the Galaxy expansion games, totalled as `lastround score` totals them.

Each file in rftg_expansions/games/ is one game from a public record (its first lines name
the source and the recorded totals); expected.toml holds every player's recorded total.
rftg_expansions/README.md says where each source comes from and how the files were made.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from lastround.games.rftg.cards import canonical_name
from lastround.records.score_command import result_json, score_file
from lastround.session.safe_read import SaveError

HERE = Path(__file__).parent / "rftg_expansions"
EXPECTED: dict[str, dict[str, list[int]]] = tomllib.loads(
    (HERE / "expected.toml").read_text(encoding="utf-8")
)["games"]


def game_file(key: str) -> Path:
    return HERE / "games" / f"{key}.toml"


def unknown_cards(path: Path) -> list[str]:
    """The file's card names the product's card data doesn't know, for a clear failure."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    names = {name for player in data["players"] for name in player.get("tableau", [])}
    return sorted(name for name in names if canonical_name(name) is None)


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_every_recorded_total_is_reproduced(key: str) -> None:
    path = game_file(key)
    try:
        scored = result_json(score_file(path))
    except SaveError as error:
        unknown = unknown_cards(path)
        pytest.fail(f"{key} is refused: {error}\nunknown cards: {', '.join(unknown) or 'none'}")
    totals = [player["total"] for player in scored["players"]]
    assert totals == EXPECTED[key]["totals"], (
        f"{key}: scored {totals}, recorded {EXPECTED[key]['totals']}; parts: "
        + "; ".join(str(player["parts"]) for player in scored["players"])
    )


def test_the_files_and_the_manifest_agree() -> None:
    """One file per game in the manifest, each naming its source and the same totals, with
    the players anonymised and only goals in play held."""
    files = {path.stem for path in (HERE / "games").glob("*.toml")}
    assert files == set(EXPECTED)
    for key, expected in EXPECTED.items():
        text = game_file(key).read_text(encoding="utf-8")
        header = re.search(r"^# Recorded totals: (.*)$", text, re.MULTILINE)
        assert header, key
        assert header.group(1) == ", ".join(
            f"Player {seat} {total}" for seat, total in enumerate(expected["totals"], 1)
        )
        assert text.startswith(("# jburnim/rftgstats", "# davidspies/rftg-analyzer")), key
        data = tomllib.loads(text)
        assert [p["name"] for p in data["players"]] == [
            f"Player {seat}" for seat in range(1, len(expected["totals"]) + 1)
        ]
        for player in data["players"]:
            held = [*player["goals"], *player.get("goals_tied", [])]
            assert set(held) <= set(data["goals"]), (key, held)
