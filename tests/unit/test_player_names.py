"""Two names are one player when they read the same: "Players' names must differ" is
checked after Unicode compatibility normalisation and case folding (NFKC, casefold), so
`Ｍａｙａ` typed on a fullwidth keyboard layout and `Maya` are the same player, as are `MAYA`
and `ﬁona` / `fiona` (a ligature). Once they were accepted as two players.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lastround.games.base import RulesError, name_key
from lastround.games.galileo.entries import check_names
from lastround.games.rftg.entries import player_names
from lastround.screens.setup import SetupScreen
from lastround.session.fields import Invalid, check_players
from lastround.session.files import read_session
from lastround.session.safe_read import SaveError
from tests.support.helpers import RFTG_EXAMPLE, make_test_app

SAME = [("Ｍａｙａ", "Maya"), ("MAYA", "maya"), ("ﬁona", "Fiona"), ("Jo\u0308rg", "Jörg"),
        ("Straße", "STRASSE")]
RFTG = RFTG_EXAMPLE


def fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


@pytest.mark.parametrize(("one", "other"), SAME)
def test_names_that_read_the_same_are_one_name(one: str, other: str) -> None:
    assert name_key(one) == name_key(other)


@given(st.text(alphabet=st.characters(min_codepoint=0x21, max_codepoint=0x7E), min_size=1))
def test_a_name_typed_fullwidth_is_the_same_name(name: str) -> None:
    assert name_key(fullwidth(name)) == name_key(name)


@pytest.mark.parametrize(("one", "other"), SAME)
def test_the_setup_screen_refuses_a_name_seated_twice(one: str, other: str) -> None:
    with pytest.raises(Invalid, match="seated twice"):
        check_players([one, "Bo", other])


@pytest.mark.parametrize(("one", "other"), SAME)
def test_the_rules_refuse_a_player_seated_twice(one: str, other: str) -> None:
    with pytest.raises(RulesError, match="already"):
        check_names([one, other])
    with pytest.raises(RulesError, match="already seated"):
        player_names([{"name": one}, {"name": other}])


def test_a_file_with_one_player_twice_is_refused(saves: Path) -> None:
    path = saves / "twice.toml"
    path.write_text(RFTG.replace('name = "Jonas"', 'name = "Ｍａｙａ"', 1))
    with pytest.raises(SaveError, match=r"players\[1\]\.name: 'Ｍａｙａ' appears twice"):
        read_session(path)


async def test_seating_fullwidth_and_plain_maya_is_refused_where_typed(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="rftg")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"Maya", "tab", *"Ｍａｙａ", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.step.id == "setup"
        assert "seated twice" in str(app.screen.query_one("#error-seats").render())
    assert not list(saves.glob("*.toml")), "nothing saved"
