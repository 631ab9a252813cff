"""Galileo Galilei (Tomáš Holek, Pink Troubadour 2024): the game as the app knows it.

The rules are in `game` (start there: it describes the session keys) and the modules it
names; this holds only the plugin, so listing the games loads none of them.
"""

from lastround.games.plugin import AppKey, Example, GamePlugin, HomeKey

PLUGIN = GamePlugin(
    id="galileo",
    title="Galileo Galilei",
    short_title="Galileo",
    players=(2, 4),
    game="lastround.games.galileo.game:GAME",
    checks="lastround.games.galileo.checks",
    home_key=HomeKey("g", "New Galileo", "Start a new Galileo Galilei session"),
    step_kinds=("turns",),
    warm_up=("lastround.games.galileo.game",),
    # Dice values left, then Quadrant tokens left.
    tiebreak_columns=("tiebreak_dice", "tiebreak_quadrants"),
    step_ids=("setup", "table", "trigger", "final-turns", "scores-#", "breakdown"),
    examples=(Example("galileo-4-players.toml", 0xA8D76A24, ("Marta", "Jonas", "Priya", "Luis"),
                      ("Priya",)),),
    app_keys=(
        AppKey("f2", "galileo-summary", "Summary",
               "Galileo Galilei: what scored during play and when"),
        AppKey("f3", "galileo-dice", "Dice",
               "Galileo Galilei: the dice with their colour-blind marks"),
    ),
    describe_draw="lastround.games.galileo.turns:logged_draw",
)
