"""The small words both games' messages and the lists use (tui/games/words.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lastround.games.words import join_names, shortened


def test_names_are_joined_as_a_sentence_says_them() -> None:
    assert [join_names(names) for names in ([], ["Ada"], ["Ada", "Bo"], ["Ada", "Bo", "Cy"])] \
        == ["", "Ada", "Ada and Bo", "Ada, Bo and Cy"]


@given(st.text(max_size=60), st.integers(min_value=1, max_value=50))
def test_a_shortened_text_fits_its_width_and_marks_a_cut(text: str, width: int) -> None:
    cut = shortened(text, width)
    assert len(cut) <= width
    assert cut == text if len(text) <= width else (cut.endswith("…")
                                                    and text.startswith(cut[:-1]))
