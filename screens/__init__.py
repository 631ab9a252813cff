"""One screen module per kind of step, plus home, history, replay and help; each game's own
screens in a package named after it (lastround.screens.rftg, lastround.screens.galileo).

A screen's own styles are in the .tcss file beside its module. The apps load them all with
their own stylesheet when they start (STYLESHEETS): a screen that brought CSS of its own when
first shown would make Textual parse the app's whole CSS again in the middle of a key. The
widgets' own come first (lastround.widgets.STYLESHEETS): a screen's rule can say otherwise."""

from pathlib import Path

from lastround.widgets import STYLESHEETS as WIDGET_STYLESHEETS

STYLESHEETS = (*WIDGET_STYLESHEETS, *sorted(Path(__file__).parent.glob("**/*.tcss")))
