"""The Textual parts screens are built from.

A widget's own styles are in the .tcss file beside its module (STYLESHEETS), loaded with
every screen's when the app starts (screens.STYLESHEETS): a widget class bringing CSS of its
own would make Textual parse the app's CSS again the first time one is shown, mid-key."""

from pathlib import Path

STYLESHEETS = tuple(sorted(Path(__file__).parent.glob("*.tcss")))
