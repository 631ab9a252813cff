"""The finished sessions shipped with Last Round, offered on the home screen as examples.

Found beside the package, never through the working directory: in a clone (or an editable
install) they are the repository's `saves/examples/`; a wheel carries them as
`lastround/examples/` (see pyproject.toml). They are read through the one door like every other
file, and only ever read: never written, locked, indexed or listed in history.
"""

from __future__ import annotations

import zlib
from contextlib import suppress
from pathlib import Path

from lastround.games import plugins
from lastround.games.plugin import Example
from lastround.records.listing import Listed
from lastround.records.session_record import PlayerResult, SessionRecord
from lastround.session.folder import session_stats

PACKAGE = Path(__file__).resolve().parent.parent  # tui/
PLACES = (PACKAGE / "examples", PACKAGE.parent / "saves" / "examples")


def examples_folder() -> Path | None:
    return next((place for place in PLACES if place.is_dir()), None)


def is_example(path: Path) -> bool:
    """A shipped example, however it is named (`lastround replay saves/examples/…`)."""
    folder = examples_folder()
    return folder is not None and path.resolve().parent == folder.resolve()


def home_rows() -> dict[str, tuple[str, Example]]:
    """What the home list shows of each shipped example (its game, players and winners), by
    file name, as each game's plugin gives it: the home screen shows them without reading and
    totalling them first (about a tenth of the start-up: the rules of both games and the card
    list would load). Each has a checksum of the file: an example that changed since is read
    as any file. tests/unit/test_examples.py checks every one against reading its file."""
    return {example.file: (plugin.id, example)
            for plugin in plugins() for example in plugin.examples}


def example_summaries() -> list[Listed]:
    """The examples as the home list shows them, by name; never indexed, so no index is
    ever written beside them."""
    folder = examples_folder()
    if folder is None:
        return []
    return [Listed(folder / name, home_record(folder, name))
            for name in sorted(session_stats(folder))]


def home_record(folder: Path, name: str) -> SessionRecord:
    """What the home list needs of an example: from its game's plugin while the file is the
    one shipped, else read and totalled."""
    known = home_rows().get(name)
    if known is not None:
        game, example = known
        with suppress(OSError):
            if zlib.crc32((folder / name).read_bytes()) == example.checksum:
                return SessionRecord(name, game=game, status="finished",
                                     winners=example.winners,
                                     players=tuple(PlayerResult(player, seat) for seat, player
                                                   in enumerate(example.players, 1)))
    # its rules and checks: not on the first frame
    from lastround.records.history import read_record

    return read_record(folder, name)
