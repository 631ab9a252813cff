"""The steps of scoring a Race for the Galaxy game: setup, an end check each round until the
game ends, then finishing the round, every player's tableau and counts, and the scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.base import Field, Step
from lastround.games.rftg.asked_again import checklist_asked_again, latest_answers
from lastround.games.rftg.box_steps import (
    end_check_fields,
    end_check_rules,
    expansions_of,
    last_round_items,
    options_step,
    setup_fields,
)
from lastround.games.rftg.boxes import max_players
from lastround.games.rftg.cards import DEFAULT_EDITION, EDITIONS
from lastround.games.rftg.counts import counts_step
from lastround.games.rftg.ending import (
    check_ends,
    chip_pool,
    end_check_message,
    pool_answer,
    recorded_checks,
    tableau_end_of,
)
from lastround.games.rftg.facts import (
    DECK_SIZE,
    HAND_LIMIT,
    MIN_PLAYERS,
    PHASES,
    POOL_ANSWERS,
)
from lastround.games.rftg.hands import discard_exceptions
from lastround.games.rftg.player_goals import player_goals_step, table_standings


def _setup_step(data: Mapping[str, Any]) -> Step:
    edition = data.get("edition", DEFAULT_EDITION)
    return Step(
        "setup",
        "Players and edition",
        kind="setup",
        fields=(
            Field(
                "edition",
                "Edition",
                kind="choice",
                choices=EDITIONS,
                default=edition if edition in EDITIONS else DEFAULT_EDITION,
                help="The 2nd edition (2018) changed five cards' values; pick your box's.",
            ),
            *setup_fields(data),
        ),
        help=(
            "Enter the players in seat order (2 to 4; 5 or 6 with the expansions that seat "
            "them), the edition of your base game and the expansions played. "
            "The 2nd edition (2018) changed five cards, among them Black Market Trading World, "
            "Bio-Hazard Mining World and Merchant Guild, so the edition changes scores."
        ),
    )


# What every end check says, after the tableau size that ends the game, before the pool's
# size and whether an earlier check went on.
END_CHECK_RULES = (
    "Triggering the end does not win it: the highest final score does.",
    "If the chips run out during Consume, that phase and the round finish with extra "
    "chips so nobody loses VP they earned.",
)


def end_trigger_rules(end: int | None) -> tuple[str, ...]:
    """How the game ends, for a tableau size that ends it (None: no size does)."""
    if end is None:
        return ("The game ends at the end of a round in which the last VP chip is taken.",)
    return ("The game ends at the end of a round in which a tableau reaches "
            f"{end} face-up cards or the last VP chip is taken.",
            "A player may place both a development and a world in that last round, "
            f"so a tableau can pass {end}.")


def _end_check_text(data: Mapping[str, Any], k: int, went_on: bool) -> str:
    text = [*end_trigger_rules(tableau_end_of(data)), *END_CHECK_RULES,
            *end_check_rules(data)]
    players = data.get("players", [])
    expansions = expansions_of(data)
    boxes = expansions.boxes
    if isinstance(players, Sequence) and MIN_PLAYERS <= len(players) <= max_players(boxes):
        pool = chip_pool(len(players), boxes, expansions.counterstrike)
        text.append(f"The pool started with {pool} chips.")
    if went_on:
        text.insert(0, f"Check {k + 1}: at the last check the game went on.")
    return " ".join(text)


def _end_check_fields(checks: Sequence[Mapping[str, Any]], k: int) -> tuple[Field, ...]:
    """The two questions, pre-filled from check k's own answer or the largest tableau before."""
    earlier = checks[k - 1] if 0 < k <= len(checks) else None
    largest_before = earlier.get("largest_tableau") if earlier is not None else None
    return (
        Field(
            "largest_tableau",
            "Most face-up cards in any one tableau",
            "int",
            minimum=0,
            maximum=DECK_SIZE,
            default=largest_before,
            help="Count every face-up card, start world included.",
        ),
        Field(
            "pool",
            "The VP chip pool",
            kind="choice",
            choices=POOL_ANSWERS,
            default=pool_answer(checks[k]) if k < len(checks) else POOL_ANSWERS[0],
            help="Empty: the last chip was taken, which ends the game. Ran out in "
            "Consume: with VP still owed, so finish that phase paying the rest with "
            "extra chips.",
        ),
    )


def _end_check_step(data: Mapping[str, Any], checks: Sequence[Mapping[str, Any]], k: int,
                    pause_before: bool = False) -> Step:
    """End check k; `checks` are the recorded ones, read once for every check's step (read
    again for each, a file of thousands of rounds took minutes to open)."""
    earlier = checks[k - 1] if 0 < k <= len(checks) else None
    this = checks[k] if k < len(checks) else None
    return Step(
        f"end-check-{k}",
        "Does the game end?",
        kind="form",
        fields=_end_check_fields(checks, k) + end_check_fields(data, earlier, this),
        text=_end_check_text(data, k, went_on=0 < k <= len(checks)),
        help=(
            "Enter the most face-up cards in any one tableau and whether the VP chips have "
            "run out. Either one ends the game at the end of this round; otherwise play on, "
            "and Last Round keeps the session for the next check. Answer once the trigger "
            "has happened or the round's phases are done."
        ),
        pause_before=pause_before,
    )


def _verdict(data: Mapping[str, Any]) -> str:
    """Why the game ends, from the end check that ended it ('' before any check ends it)."""
    end = tableau_end_of(data)
    check = next((c for c in recorded_checks(data) if check_ends(c, end)), None)
    if check is None:
        return ""
    largest = check.get("largest_tableau", 0)
    prestige = check.get("most_prestige", 0)
    return end_check_message(largest if isinstance(largest, int) else 0,
                             bool(check.get("pool_exhausted")), bool(check.get("mid_consume")),
                             prestige if isinstance(prestige, int) else 0,
                             check.get("repulsed") is True, check.get("empires_fell") is True,
                             tableau_end=end,
                             military_victory=check.get("military_victory") is True)


def _finish_round_step(data: Mapping[str, Any]) -> Step:
    phases = tuple(f"{phase}, if chosen and not yet done" for phase in PHASES)
    verdict = _verdict(data)
    before, after = last_round_items(data)
    players = data.get("players", [])
    unlike = discard_exceptions(players if isinstance(players, Sequence) else [],
                                expansions_of(data).boxes)
    discard = f"Discard down to {HAND_LIMIT} cards at the end of the round"
    return Step(
        "finish-round",
        "Finish the round",
        kind="checklist",
        items=(*phases, *before, f"{discard}: {unlike}" if unlike else discard, *after),
        passable=frozenset(range(len(phases))),  # a phase nobody chose does not take place
        text=(
            (f"{verdict}\n\n" if verdict else "")
            + "Play out whatever is left of this round, phases in this order; only the "
            f"phases someone chose take place. Then everyone discards down to {HAND_LIMIT} "
            f"cards{f' ({unlike})' if unlike else ''}, so the hands counted next are after "
            "the discard."
        ),
        help=(
            "The game always ends at the end of a round, so every phase chosen this round "
            "still happens, in order: Explore, Develop, Settle, Consume, Produce. In the last "
            "Consume keep awarding VP even past the printed pool. The end-of-round discard "
            "matters because cards in hand break ties."
        ),
        ask_again=checklist_asked_again(data) if expansions_of(data).boxes else "",
    )


def _tableau_step(index: int, name: str) -> Step:
    return Step(
        f"tableau-{index}",
        f"{name}: tableau",
        kind="cards",
        player=index,
        text=f"List every face-up card in {name}'s tableau, start world included.",
        help=(
            "Pick each face-up card; printed VP and every 6-cost development's bonus are "
            "worked out from them. Leave out cards discarded for their power, such as a "
            "used Colony Ship or New Military Tactics: they score nothing. If you would "
            "rather not list the cards, enter the printed VP total (6-cost developments "
            "as 0) and the 6-cost development bonuses already added up."
        ),
    )


# Said above the final scores when the invasion game ended with every empire fallen.
XENOS_WON = (
    "Every empire fell to the Xenos a second time. Reviews of the invasion game say the Xenos "
    "then win and no player does (check your rulebook): the totals below are kept for the "
    "record.")


def _breakdown_step(data: Mapping[str, Any]) -> Step:
    fell = any(c.get("empires_fell") is True for c in recorded_checks(data))
    return Step(
        "breakdown",
        "Final scores",
        kind="breakdown",
        text=XENOS_WON if fell else "",
        help=(
            "Each total is the printed VP of the tableau's cards, plus VP chips, plus the "
            "6-cost development bonuses. The most VP wins; on a tie, the most cards in hand "
            "plus goods on worlds wins, and if that is equal too the victory is shared. "
            "Go back to any step to correct it."
        ),
    )


def _final_steps(data: Mapping[str, Any]) -> list[Step]:
    """Finishing the round, every player's tableau and counts, then every player's goals
    (asked once every tableau is in: a "most" goal compares them all), the scores."""
    steps = [_finish_round_step(data)]
    goals = []
    players = data.get("players", [])
    found = table_standings(data)  # once for every player's goals step
    latest = latest_answers(data) if expansions_of(data).goals else {}
    for index, player in enumerate(players if isinstance(players, Sequence) else []):
        known = player.get("name") if isinstance(player, Mapping) else None
        name = str(known or f"Player {index + 1}")
        steps += [_tableau_step(index, name), counts_step(data, index, name)]
        goals.append(player_goals_step(data, index, name, found, latest.get(f"goals-{index}")))
    return [*steps, *(step for step in goals if step is not None), _breakdown_step(data)]


def procedure(data: Mapping[str, Any]) -> list[Step]:
    """The steps for this session as it stands: setup, end checks, then final scoring.

    After an end check where the game went on, the list stops at the next check, marked
    `pause_before` so the table goes home and answers it after another round.
    """
    steps = [_setup_step(data)]
    options = options_step(data)
    if options is not None:
        steps.append(options)
    checks = recorded_checks(data)
    end = tableau_end_of(data)
    ended_at = next((k for k, c in enumerate(checks) if check_ends(c, end)), None)
    if ended_at is not None:
        steps += [_end_check_step(data, checks, k) for k in range(ended_at + 1)]
        return steps + _final_steps(data)
    steps += [_end_check_step(data, checks, k) for k in range(len(checks))]
    if checks:
        return [*steps, _end_check_step(data, checks, len(checks), pause_before=True)]
    # The first check: what follows is shown as it will be if the game ends.
    return [*steps, _end_check_step(data, checks, 0), *_final_steps(data)]
