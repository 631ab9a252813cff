"""`lastround score`: total a session file without the interface.

Imports neither Textual nor tomlkit: reading is tomllib, scoring is the pure rules.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lastround.games import game_title, get_game
from lastround.games.base import Result, RulesError
from lastround.records.final_scores import Breakdown, final_scores
from lastround.session.opening import not_finished, open_session
from lastround.session.safe_read import SaveError


def score_file(path: Path) -> Result:
    """The totals of a session file: those of its end for a finished one, else of what is
    entered when every count is (only the final scores are left to confirm). An unfinished
    session missing a count is no damage: SaveError says at which step it stands. The file
    is opened as the app opens it, so both refuse the same files."""
    data, result = open_session(path)
    if result is not None:
        return result
    try:
        return get_game(data["game"]).score(data)
    except RulesError:
        raise not_finished(path, data) from None


def result_json(result: Result) -> dict[str, Any]:
    return {
        "game": result.game,
        "players": [
            {"name": p.name, "total": p.total, "parts": dict(p.parts)} for p in result.players
        ],
        "winners": list(result.winners),
        "decided_by": result.decided_by,
    }


def result_text(result: Result) -> str:
    """A plain breakdown table: one column per part, the total, the place."""
    return scores_text(final_scores(result))


def scores_text(scores: Breakdown) -> str:
    """The game, the table of totals (names left, numbers right), the winner and the
    tie-break's lines, as the breakdown says them."""
    header = [column.heading for column in scores.columns]
    rows = [list(row.cells) for row in scores.rows]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(cell.ljust(width) if column.kind == "player" else cell.rjust(width)
                         for cell, width, column in zip(cells, widths, scores.columns,
                                                        strict=True))

    out = [game_title(scores.game), "", line(header)]
    out.append("  ".join("-" * w for w in widths))
    out.extend(line(r) for r in rows)
    out.append("")
    out.append(scores.verdict)
    out.extend(scores.tiebreak)  # the tie and the rule that broke it, as the breakdown says
    return "\n".join(out)


def main_score(path: Path, as_json: bool) -> int:
    import sys

    try:
        result = score_file(path)
    except SaveError as error:
        print(f"lastround: {error}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(result_json(result), indent=2, ensure_ascii=False))
    else:
        print(result_text(result))
    return 0
