"""The Textual parts screens are built from.

A widget that stands alone (a choice, a list, the title line) carries its styles as Textual's
DEFAULT_CSS. The parts only the apps' screens are made of, first shown on a key (a modal's
box, the final scores), keep theirs in the .tcss beside their module (STYLESHEETS), loaded
with every screen's when the app starts (screens.STYLESHEETS): a widget class bringing CSS
of its own when first shown has Textual parse the app's CSS again, mid-key."""

from pathlib import Path

STYLESHEETS = tuple(sorted(Path(__file__).parent.glob("*.tcss")))
