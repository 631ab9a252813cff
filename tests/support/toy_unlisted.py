"""The toy game as every test knows it (tests/conftest.py): its sessions open, score and
replay, but no home key offers it, so the home screen is the one shipped; its title and
columns are the plain ones a game gets without naming them."""

from dataclasses import replace

from tests.support.toy_game import PLUGIN as TOY

PLUGIN = replace(TOY, title="Toy", home_key=None, count_columns=(), tiebreak_columns=())
