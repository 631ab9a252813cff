"""The finished sessions shipped with Last Round, offered on the home screen as examples.

Found beside the package, never through the working directory: in a clone (or an editable
install) they are the repository's `saves/examples/`; a wheel carries them as
`tui/examples/` (see pyproject.toml). They are read through the one door like every other
file, and only ever read: never written, locked, indexed or listed in history.
"""

from __future__ import annotations

from pathlib import Path

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


def example_summaries() -> list[Listed]:
    """The examples as the home list shows them, by name; read file by file, so no index
    is ever written beside them."""
    from tui.records.history import read_record

    folder = examples_folder()
    if folder is None:
        return []
    return [Listed(folder / name, read_record(folder, name))
            for name in sorted(session_stats(folder))]
