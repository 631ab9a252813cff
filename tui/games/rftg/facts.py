"""Race for the Galaxy's fixed numbers: players (the plugin's), VP chips, the end triggers,
the round."""

from lastround.games.rftg import PLUGIN

MIN_PLAYERS, MAX_PLAYERS = PLUGIN.players
CHIPS_PER_PLAYER = 12
TABLEAU_TRIGGER = 12  # face-up cards in one tableau that end the game
HAND_LIMIT = 10  # cards kept at the end of every round
PHASES = ("Explore", "Develop", "Settle", "Consume", "Produce")
DECK_SIZE = 114
PARTS = ("tableau", "chips", "bonus")  # a player's score, in this order
# The end check's one question about the VP chip pool: chips can run out during Consume
# only when the pool runs out, so the three answers cannot contradict each other.
POOL_ANSWERS = ("chips left", "empty", "ran out in Consume")
