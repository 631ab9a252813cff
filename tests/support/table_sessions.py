"""Sessions for the table-mode tests: a shipped example replayed up to the point where the
players enter their own steps, and what each seat enters from there (the example's own)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lastround.records.examples import examples_folder
from lastround.session.files import read_session, write_session
from lastround.session.session import Session

EXAMPLES = {"rftg": "rftg-4-players.toml", "galileo": "galileo-4-players.toml"}
EXAMPLES_FOLDER = examples_folder() or Path("saves/examples")


def example_log(game: str) -> list[dict[str, Any]]:
    return list(read_session(EXAMPLES_FOLDER / EXAMPLES[game])["log"])


def ready_for_seats(game: str, folder: Path, name: str = "") -> Path:
    """The example's session as a single terminal leaves it just before the first seat's own
    step (every table-wide step confirmed), saved in `folder`; its path."""
    example = read_session(EXAMPLES_FOLDER / EXAMPLES[game])
    session = Session.new(game, seed=int(example["seed"]), created=str(example["created"]))
    for entry in example["log"]:
        step = next(s for s in session.steps() if s.id == entry["step"])
        if step.player is not None or step.kind == "breakdown":
            break
        session.confirm(step, entry["values"], at=str(entry["at"]),
                        partial=bool(entry.get("partial")))
    path = folder / (name or f"{game}-table.toml")
    folder.mkdir(parents=True, exist_ok=True)
    write_session(path, session.data)
    return path


def seat_entries(game: str) -> dict[int, list[tuple[str, dict[str, Any]]]]:
    """Each seat's own steps with the values the example confirmed for them, in order."""
    names = [str(n) for n in read_session(EXAMPLES_FOLDER / EXAMPLES[game])["log"][0]
             ["values"]["players"]]
    entries: dict[int, list[tuple[str, dict[str, Any]]]] = {}
    for entry in example_log(game):
        if "player" in entry and not entry.get("partial") and not entry["step"].startswith(
                "final-turns"):
            seat = names.index(str(entry["player"]))
            entries.setdefault(seat, []).append((str(entry["step"]), dict(entry["values"])))
    return entries
