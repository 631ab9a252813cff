"""Themes Last Round ships: a colour-blind-safe one, chosen from the command palette.

The colours are from the Okabe–Ito palette: blue for what is fine and orange for what
needs attention, never red against green. Every state is also shown by a symbol
(▶ ★ ✗ ✓ (•) [x]), so no theme is needed to read the screen.
"""

from __future__ import annotations

from textual.theme import Theme

COLOURBLIND = Theme(
    name="lastround-colourblind",
    primary="#0072B2",  # blue
    secondary="#56B4E9",  # sky blue
    accent="#E69F00",  # orange
    warning="#F0E442",  # yellow
    error="#D55E00",  # vermillion: an orange, far from every blue
    success="#56B4E9",  # sky blue, not green
    foreground="#EDEDED",
    background="#0B1220",
    surface="#141D2E",
    panel="#1D2940",
    dark=True,
    variables={
        "footer-key-foreground": "#E69F00",
        "block-cursor-text-style": "bold reverse",
        "input-selection-background": "#0072B2 50%",
    },
)

THEMES = (COLOURBLIND,)
