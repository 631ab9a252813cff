"""`lastround score`: total a session file without the interface.

Imports neither Textual nor tomlkit: reading is tomllib, scoring is the pure rules.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tui.games import game_title, get_game
from tui.games.base import Result, RulesError, shown_columns, verdict
from tui.session.opening import not_finished, open_session
from tui.session.safe_read import SaveError


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
    columns = shown_columns(list(result.players[0].parts) if result.players else [])
    header = ["Player", *(heading for heading, _ in columns), "Total", "Place"]
    places = {p.name: place for place, p in result.ranking()}
    rows = [
        [p.name, *(str(sum(p.parts[k] for k in keys)) for _, keys in columns), str(p.total),
         str(places[p.name])]
        for p in result.players
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True))
        return "  ".join([first, *rest])

    out = [game_title(result.game), "", line(header)]
    out.append("  ".join("-" * w for w in widths))
    out.extend(line(r) for r in rows)
    out.append("")
    out.append(winner_line(result))
    out.extend(result.explanation)  # the tie and the rule that broke it, as the breakdown says
    return "\n".join(out)


def winner_line(result: Result) -> str:
    """Who won and how it was decided, as the breakdown screen says it ("★ Ada wins"; a
    "Winner:" before it said the winner twice)."""
    return f"★ {verdict(result.winners, result.decided_by)}"


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
