"""Race for the Galaxy, base game: the game as the app knows it.

The rules are in `game` and the modules it names: the end triggers (ending), the twelve
6-cost development formulas (bonuses), the tie-break (scoring), card facts from the packaged
``cards.toml`` (cards) and the card picker's look-ups (search). The second edition (2018) is
the default; the first differs on five cards. This holds only the plugin, so listing the
games loads none of them.
"""

from lastround.games.plugin import Example, GamePlugin, HomeKey

PLUGIN = GamePlugin(
    id="rftg",
    title="Race for the Galaxy",
    short_title="RftG",
    players=(2, 6),  # 5 with The Gathering Storm, 6 with Rebel vs Imperium (boxes.py)
    game="lastround.games.rftg.game:GAME",
    checks="lastround.games.rftg.checks",
    home_key=HomeKey("r", "New Race", "Start a new Race for the Galaxy session"),
    step_kinds=("cards",),
    # A tableau is entered at each seat in table mode, and corrected after the game.
    join_kinds=("cards",),
    seat_check="lastround.games.rftg.checks:check_seat_tableau",
    correction_kinds=("cards",),
    warm_up=("lastround.games.rftg.game",),
    warm_up_call="lastround.games.rftg.search:build_index",
    count_columns=("hand", "goods"),  # cards in hand and goods on worlds
    tiebreak_columns=("tiebreak_hand_plus_goods",),
    edition_of="lastround.games.rftg.entries:edition_of",
    boxes_of="lastround.games.rftg.box_steps:boxes_played",
    bgg_id=28143,
    step_ids=("setup", "options", "end-check-#", "finish-round", "tableau-#", "goals-#",
              "counts-#", "breakdown"),
    nobody_starts=True,  # every phase is chosen by all players at once
    examples=(Example("rftg-4-players.toml", 0x1BB75CEF, ("Maya", "Jonas", "Priya", "Luis"),
                      ("Luis",)),),
)
