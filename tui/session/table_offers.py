"""The host's side of table mode: taking what a player sent from their own terminal into the
session by the same rules as if the host had typed it, and how each seat stands.

No Textual: the host's app (lastround.shell.table_watch) polls the table, hands each offer here,
saves the data it gets back, then writes the answer (lastround.session.table).
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from lastround.games.base import BROKEN, RulesError, Step
from lastround.games.seats import (
    all_entered,
    check_seat_values,
    contested,
    seat_steps,
    seats_open,
    waiting_at,
)
from lastround.games.words import join_names
from lastround.session.opening import checked, problem
from lastround.session.outcomes import Finished, NotSaved, SeatConflict, SeatEntered, TableNews
from lastround.session.session import Session
from lastround.session.table import Answer, Offer, Table

SeatStatus = Literal["waiting", "typing", "entered", "refused"]
MARKS: dict[SeatStatus, str] = {
    "waiting": "waiting", "typing": "typing…", "entered": "entered ✓", "refused": "refused ✗"}


@dataclass(frozen=True)
class Taken:
    """What the host does with an offer: answer it, and when entered, save `data` (the
    session with the step recorded, finished when it was the last) before answering."""

    answer: Answer
    data: dict[str, Any] | None = None
    notices: dict[int, str] = field(default_factory=dict)


HOST_CANT_SAVE = ("The host can't save right now: what you sent is kept and will be sent "
                  "again once it can.")
HOST_SEAT_REFUSED = "This is the host's own seat: its steps are entered on the host's screen."


def take_offer(session: Session, seat: int, offer: Offer, at: str, *,
               host_seat: int | None = None) -> Taken:
    """Check `offer` from `seat` as the host's own screens would, and record it in a copy of
    the session; the copy is returned to be saved, or the refusal to be answered."""

    def refused(key: str, message: str, notices: dict[int, str] | None = None) -> Taken:
        return Taken(Answer(offer.id, offer.step, "refused", key, message), None, notices or {})

    if session.finished:
        return refused("", "The game is already finished: nothing more can be entered.")
    if seat == host_seat:
        return refused("", HOST_SEAT_REFUSED)
    names = session.players
    steps = session.steps()
    step = next((s for s in seat_steps(steps, seat) if s.id == offer.step), None)
    if seat >= len(names) or step is None:
        return refused("", "That step is not this seat's to enter.")
    if not seats_open(steps, session.confirmed()):
        at_step = waiting_at(steps, session.confirmed())
        return refused("", "The table is not there yet: the host is still at "
                       f"'{at_step.title if at_step else 'the start'}'.")
    try:
        check_seat_values(step, offer.values, session.data)
        trial = recorded(session, step, offer.values, at, by=names[seat])
    except RulesError as error:
        notices = conflict_notices(session, seat, offer)
        return refused(error.key, error.message + listed_by(session, notices), notices)
    return Taken(Answer(offer.id, step.id, "entered"), trial.data)


def holds_offer(session: Session, offer: Offer, by: str) -> bool:
    """Whether the session holds the offered step confirmed, as sent by `by` or with the
    values sent (the host may have typed the same ones first): what an "entered" answer
    must be borne out by."""
    latest = session.latest_entry(offer.step)
    return (latest is not None and not latest.get("partial")
            and (latest.get("by") == by or dict(latest.get("values", {})) == dict(offer.values)))


def recorded(session: Session, step: Step, values: dict[str, Any], at: str, by: str) -> Session:
    """A copy of the session with the step confirmed (and the game finished when it was the
    last value): RulesError when the whole session would no longer pass the file's door."""
    trial = Session(copy.deepcopy(session.data), session.path)
    try:
        trial.confirm(step, values, at=at, by=by)
    except BROKEN as error:
        raise RulesError("", f"can't be recorded: {error}") from None
    opened = checked(trial.data)
    if opened.refused is not None:
        raise RulesError(opened.refused.key, problem(opened.refused))
    steps = trial.steps()
    if all_entered(steps, trial.confirmed()):
        with contextlib.suppress(RulesError):  # it does not total: the final scores say why
            trial.finish_with_breakdown(at=at)
    return trial


def take_offers(session: Session, table: Table, clock: Callable[[], str],
                save: Callable[[dict[str, Any]], str | None]) -> list[TableNews]:
    """The host takes what the seats sent: each offer not yet answered (or whose "entered"
    answer the session does not hold) is recorded by the rules and saved (`save`: None once
    saved, else why not), and only then answered, so no entry is lost between the two."""
    news: list[TableNews] = []
    players = session.players
    for seat, offer in list(table.offers(
            len(players), lambda seat, offer: holds_offer(session, offer, players[seat]))):
        taken = take_offer(session, seat, offer, clock(), host_seat=table.kept_seat)
        answer = taken.answer
        if taken.data is not None and (why := save(taken.data)) is not None:
            news.append(NotSaved(why))  # the host's to mend: the player is told to wait
            with contextlib.suppress(OSError):
                if getattr(table.notice_of(seat), "text", "") != HOST_CANT_SAVE:
                    table.notify(seat, HOST_CANT_SAVE)
            continue  # unanswered: taken again once the host can save
        with contextlib.suppress(OSError):  # unanswered, it is taken again at the next look
            for other, text in taken.notices.items():
                table.notify(other, text)
            table.answer(seat, answer)
        if answer.outcome == "entered" and session.finished:
            news.append(Finished())
            break
        if answer.outcome == "entered":
            news.append(SeatEntered(players[seat], answer.step))
        elif taken.notices:  # a conflict between seats: the host's own seat may be one
            news.append(SeatConflict(f"{players[seat]}: {answer.message}"))
    return news


def next_for_host(session: Session, after: int) -> int:
    """With the table open, the host's next step skips what the players have entered."""
    steps, done = session.steps(), session.confirmed()
    order = [*range(after, len(steps) - 1), *range(after)]  # then the seats left behind
    return next((i for i in order if steps[i].id not in done), len(steps) - 1)


def conflict_notices(session: Session, seat: int, offer: Offer) -> dict[int, str]:
    """For a tableau refused over a card the deck has too few copies of: a line for each
    other player listing that card, so both players concerned see the conflict."""
    cards = offer.values.get("tableau")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        return {}
    names = session.players
    return {other: (f"{names[seat]} also listed {join_names(taken)}: the deck has too few "
                    "copies for both tableaux. Check which of you has it.")
            for other, taken in contested(session.data, seat, cards).items()
            if other < len(names)}


def listed_by(session: Session, notices: Mapping[int, str]) -> str:
    """The refused player's side of a conflict: who else listed the card."""
    others = [session.players[other] for other in sorted(notices)]
    return f" ({join_names(others)} listed it too: check which of you has it.)" if others else ""


def seat_status(session: Session, table: Table, seat: int, step_id: str) -> SeatStatus:
    """How a seat stands on one of its steps, as the host's screen shows it."""
    offer, answer = table.offer_of(seat), table.answer_of(seat)
    answered = offer is not None and answer is not None and answer.id == offer.id
    if answered and answer is not None and answer.step == step_id and answer.outcome == "refused":
        return "refused"
    if step_id in session.confirmed():
        return "entered"
    sent = offer is not None and not answered and offer.step == step_id
    if sent or (table.held(seat) and table.typing(seat)):
        return "typing"
    return "waiting"


def kind_of(step: Step) -> str:
    """A seat's step without its seat: `tableau-2` -> `tableau`."""
    return step.id.rsplit("-", 1)[0]


def table_line(session: Session, table: Table, step: Step) -> str:
    """Every seat's standing on the kind of step shown: "Table: Ada entered ✓ · Bo typing…"."""
    kind = kind_of(step)
    names = session.players
    shown = [f"{name} {MARKS[seat_status(session, table, seat, f'{kind}-{seat}')]}"
             for seat, name in enumerate(names)]
    return "Table: " + " · ".join(shown)
