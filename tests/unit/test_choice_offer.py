"""A choice refilled for another step (lastround.shell.ahead) takes that step's options."""

from __future__ import annotations

from lastround.widgets.choice import Choice


def test_other_options_replace_the_old_ones_and_the_chosen_one_stays_in_range() -> None:
    choice = Choice(["Ada", "Bo", "Cy", "Dee"], "Dee")
    choice.offer(["Eve", "Fay"])
    assert choice.options == ["Eve", "Fay"] and choice.value == "Fay"
    choice.choose("Eve")
    choice.offer(("Eve", "Fay"))  # the same options: the choice made stays
    assert choice.value == "Eve"
    choice.offer([])
    assert choice.value == ""
