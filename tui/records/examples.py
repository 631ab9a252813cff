"""The finished sessions shipped with Last Round, offered on the home screen as examples.

Found beside the package, never through the working directory: in a clone (or an editable
install) they are the repository's `saves/examples/`; a wheel carries them as
`tui/examples/` (see pyproject.toml). They are read through the one door like every other
file, and only ever read: never written, locked, indexed or listed in history.
"""

from __future__ import annotations

import zlib
from contextlib import suppress
from pathlib import Path

from tui.records.history import PlayerResult, SessionRecord, read_record
from tui.records.listing import Listed
from tui.session.folder import session_stats

PACKAGE = Path(__file__).resolve().parent.parent  # tui/
PLACES = (PACKAGE / "examples", PACKAGE.parent / "saves" / "examples")


def examples_folder() -> Path | None:
    return next((place for place in PLACES if place.is_dir()), None)


def is_example(path: Path) -> bool:
    """A shipped example, however it is named (`lastround replay saves/examples/…`)."""
    folder = examples_folder()
    return folder is not None and path.resolve().parent == folder.resolve()


# What the home list shows of each shipped example (its game, players and winners), so the
# home screen shows them without reading and totalling them first (about a tenth of the
# start-up: the rules of both games and the card list would load). Each is keyed by a
# checksum of the file: an example that changed since is read as any file.
# tests/unit/test_examples.py checks every one against reading its file.
HOME_ROWS: dict[str, tuple[int, str, tuple[str, ...], tuple[str, ...]]] = {
    "galileo-4-players.toml": (0xA8D76A24, "galileo", ("Marta", "Jonas", "Priya", "Luis"),
                               ("Priya",)),
    "rftg-4-players.toml": (0x8015B021, "rftg", ("Maya", "Jonas", "Priya", "Luis"), ("Luis",)),
}


def example_summaries() -> list[Listed]:
    """The examples as the home list shows them, by name; never indexed, so no index is
    ever written beside them."""
    folder = examples_folder()
    if folder is None:
        return []
    return [Listed(folder / name, home_record(folder, name))
            for name in sorted(session_stats(folder))]


def home_record(folder: Path, name: str) -> SessionRecord:
    """What the home list needs of an example: from HOME_ROWS while the file is the one
    shipped, else read and totalled."""
    known = HOME_ROWS.get(name)
    if known is not None:
        checksum, game, players, winners = known
        with suppress(OSError):
            if zlib.crc32((folder / name).read_bytes()) == checksum:
                return SessionRecord(name, game=game, status="finished", winners=winners,
                                     players=tuple(PlayerResult(player, seat) for seat, player
                                                   in enumerate(players, 1)))
    return read_record(folder, name)
