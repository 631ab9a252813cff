"""Galileo Galilei (Tomáš Holek, Pink Troubadour 2024): the end of the game and final scoring.

Pure rules: standard library only, no I/O. Everything reads and writes the plain session
mapping described in save-format.md.

Session keys this game uses
---------------------------
Contract keys (save-format.md): ``cellar_values`` at the top level (default ``[-8, -4, -2, 1]``,
any length >= 1; the setup step offers Bruno's 5-space cellar tile, whose five values the
players enter) and per player ``track``, ``university``, ``cellar``, ``farewell``,
``tribunal``, ``dice`` and ``quadrants``.

Keys of this game's own, at the top level:

- ``first_player``: seat index of the player holding the telescope standee.
- ``luna``: bool, the Luna module is in play. Recorded only: it changes neither the end nor scoring.
- ``subjects``: four distinct names from ``SUBJECT_NAMES``, one per Scale tile, left to right.
- ``trigger``: ``{player = seat, how = "display" | "reward"}``, whose turn emptied the deck and how.
- ``trigger_turn_over``: bool, the rest of the triggering player's own turn is played (listed
  first on the turns screen). Missing in older files, which counted that turn as over: read as true.
- ``turns_done``: how many of ``final_turns(...)`` (the turns after the trigger's) have been ended.
- ``draws``: ``[{turn, reason, box, position, card}]``, one per Tier III card drawn from the box:
  ``turn`` is the turn in progress (0: the rest of the trigger's turn, k: the k-th of
  ``final_turns``), ``reason`` is ``"gap"`` or ``"reward"``, ``box`` the unused Tier III cards in
  the box before the draw, ``position`` the 1-based card to take (see ``draw_position``) and
  ``card`` its name, or ``""``. A draw is never erased: a removed one keeps its place with
  ``removed = true`` and ``removed_why`` ("by hand", "turn undone", or the answer that changed).
  The turns step's log entry that removes some says which in ``removed_draws`` (their numbers).
- ``seed``: int written by the session; draws are derived from it.

Per player, beside ``track`` (which already includes the +100 of a flipped Score token):
``track_position`` (0–99) and ``flipped`` (bool), kept for display.

The setup step's log values add ``cellar`` (``"standard"`` or ``"Bruno's tile"``) and
``cellar_values`` as typed (``"-6 -3 -1 +1 +2"``); older logs without them keep the cellar.
What a player can hold is bounded by the components (``galileo_limits``): scoring and opening
a file refuse more, naming the key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple, TypeGuard

from tui.games.base import (
    Data,
    Field,
    Line,
    PlayerScore,
    Result,
    RulesError,
    Step,
    apply_setup,
    name_key,
    player_names,
    rank_winners,
    signed,
)
from tui.games.galileo_limits import (
    INQUISITORS_IN_GAME,
    USUAL_MULTIPLIER_HIGH,
    player_problem,
    table_problem,
)
from tui.games.galileo_turns import (
    DRAW_REASONS,
    drawn_cards_text,
    listed_turns,
    progress,
    reset_turns,
    session_turns,
    turns_recorded,
)

# --- Subjects --------------------------------------------------------------------------------


class Subject(NamedTuple):
    name: str
    meeting: str  # what one "meeting" of the Subject is, counted at the end


SUBJECTS: tuple[Subject, ...] = (
    Subject("Major Objects", "each Major Object in your library (not cards taken face down)"),
    Subject("Library", "each space your least advanced book token has moved"),
    Subject("Inquisitors", "each Inquisitor still in your cellar at the end"),
    Subject("Upgrades", "each of your action tiles turned to its upgraded (gold) side"),
    Subject("Comets", "each comet token taken off your player board"),
    Subject("Constellations", "each constellation token taken off your player board"),
)
SUBJECT_NAMES: tuple[str, ...] = tuple(subject.name for subject in SUBJECTS)
INQUISITORS = "Inquisitors"
SCALE_TILES = 4  # four Scale tiles, each under one Subject tile

DEFAULT_CELLAR_VALUES: tuple[int, ...] = (-8, -4, -2, 1)
TRIBUNAL_LOW, TRIBUNAL_HIGH = -10, 10
TRACK_LAP = 100  # past 100 the Score token is flipped and counting goes round again
PARTS: tuple[str, ...] = ("track", "university", "cellar", "tribunal")  # the spec's order
MIN_PLAYERS, MAX_PLAYERS = 2, 4

TRIGGER_HOWS: tuple[str, ...] = ("display", "reward")

# --- Help-screen facts -----------------------------------------------------------------------


class ScoreRow(NamedTuple):
    source: str
    when: str
    value: str


def score_summary(cellar: Sequence[int]) -> tuple[ScoreRow, ...]:
    """Every source of points, with the cellar in play (Bruno's tile has its own values)."""
    cellar_row = f"{' / '.join(signed(v) for v in cellar)} for each Inquisitor, by its space"
    return (
        *SCORE_SUMMARY[:6],
        ScoreRow("Cellar", "game end", cellar_row),
        *SCORE_SUMMARY[7:],
    )


SCORE_SUMMARY: tuple[ScoreRow, ...] = (
    ScoreRow("Major Objects", "when observed", "the VP printed on the card"),
    ScoreRow("Constellation spots", "when observed", "the VP shown at the spot"),
    ScoreRow("Objectives", "at cleanup", "7 to the first to meet one, 3 to each later player"),
    ScoreRow("Rewards", "during play", "VP from library rows, comet pages, Scale rows and tiles"),
    ScoreRow("Reputation overflow", "at an interrogation", "±2 when the Tribunal token runs off"),
    ScoreRow("University", "game end", "times met × row multiplier, for each Scale tile"),
    ScoreRow("Cellar", "game end", "−8 / −4 / −2 / +1 for each Inquisitor, by its space"),
    ScoreRow("Reputation", "game end", "the Tribunal token's space, −10 … +10"),
    ScoreRow("Appendix comets", "at cleanup", "1 VP for each comet there"),
)

DICE_MARKS: dict[str, str] = {"yellow": "right", "red": "left", "blue": "under"}
DIE_MARK = "•"


def die_face_text(colour: str, value: int) -> list[str]:
    """A small boxed die showing `value` with its colour-blind mark, readable without colour.

    Yellow puts the dot right of the number, red left of it, blue under it.
    """
    side = DICE_MARKS.get(colour.strip().casefold())
    if side is None:
        raise ValueError(f"unknown die colour {colour!r}; known: {', '.join(DICE_MARKS)}")
    number = str(value)
    width = len(number) + 4  # a space and a dot slot either side of the number

    def mark(where: str) -> str:
        return DIE_MARK if side == where else " "

    top = f" {mark('left')}{number}{mark('right')} "
    under = f"  {mark('under')}".ljust(width)  # the number starts in column 2
    return [f"┌{'─' * width}┐", f"│{top}│", f"│{under}│", f"└{'─' * width}┘"]


# --- Reading and checking the session --------------------------------------------------------


@dataclass(frozen=True)
class Tile:
    """One Scale tile as a player scores it."""

    subject: str
    met: int
    multiplier: int  # 0 = the University token is still on the stairs


@dataclass(frozen=True)
class Entries:
    """One player's validated end-of-game entries."""

    name: str
    track: int
    university: tuple[Tile, ...]
    cellar: tuple[int, ...]
    farewell: int
    tribunal: int
    dice: int
    quadrants: int
    track_position: int | None = None
    flipped: bool | None = None


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)  # True is not a count


def _int(
    table: Mapping[str, Any], key: str, path: str, low: int | None = 0, high: int | None = None
) -> int:
    """table[key] as a checked int; `path` names it in errors."""
    if key not in table:
        raise RulesError(path, "missing")
    return _checked_int(table[key], path, low, high)


def _checked_int(value: object, path: str, low: int | None, high: int | None) -> int:
    if not _is_int(value):
        raise RulesError(path, f"must be a whole number, not {value!r}")
    if low is not None and value < low:
        raise RulesError(path, f"must be at least {low}, not {value}")
    if high is not None and value > high:
        raise RulesError(path, f"must be at most {high}, not {value}")
    return value


def check_names(names: Sequence[object]) -> list[str]:
    """2–4 non-empty names, unique ignoring case."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RulesError("players", f"{MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}")
    seen: set[str] = set()
    for index, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise RulesError(f"players[{index}].name", "must be a non-empty name")
        if name_key(name) in seen:
            raise RulesError(f"players[{index}].name", f"{name!r} is already at the table")
        seen.add(name_key(name))
    return [str(name) for name in names]


def cellar_values(data: Mapping[str, Any]) -> tuple[int, ...]:
    """The value below each cellar space, left to right (the default four when absent)."""
    values = data.get("cellar_values", DEFAULT_CELLAR_VALUES)
    if not isinstance(values, Sequence) or isinstance(values, str) or not values:
        raise RulesError("cellar_values", "must be a list of at least one whole number")
    return tuple(_checked_int(v, f"cellar_values[{i}]", None, None) for i, v in enumerate(values))


# Casefolded once: every tile of every session file history reads is matched here.
_SUBJECTS_FOLDED: dict[str, str] = {name.casefold(): name for name in SUBJECT_NAMES}


def canonical_subject(name: object, path: str) -> str:
    """The Subject's own spelling for `name` (matched ignoring case and spaces)."""
    if isinstance(name, str):
        known = _SUBJECTS_FOLDED.get(name.strip().casefold())
        if known is not None:
            return known
    raise RulesError(path, f"{name!r} is not a Subject; known: {', '.join(SUBJECT_NAMES)}")


def _tile(entry: object, path: str) -> Tile:
    if not isinstance(entry, Mapping):
        raise RulesError(path, "must be a table {subject, met, multiplier}")
    if "subject" not in entry:
        raise RulesError(f"{path}.subject", "missing")
    subject = canonical_subject(entry["subject"], f"{path}.subject")
    met = _int(entry, "met", f"{path}.met")
    multiplier = _int(entry, "multiplier", f"{path}.multiplier")
    return Tile(subject, met, multiplier)


def _list(table: Mapping[str, Any], key: str, path: str) -> Sequence[Any]:
    if key not in table:
        raise RulesError(path, "missing")
    value = table[key]
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise RulesError(path, "must be a list")
    return value


def read_player(player: Mapping[str, Any], index: int, spaces: int) -> Entries:
    """Check one player's table against the save format; `spaces` = cellar spaces in play."""
    path = f"players[{index}]"
    tiles = _list(player, "university", f"{path}.university")
    cellar = _list(player, "cellar", f"{path}.cellar")
    if len(cellar) != spaces:
        raise RulesError(
            f"{path}.cellar", f"has {len(cellar)} spaces but cellar_values has {spaces}"
        )
    return Entries(
        name=str(player["name"]),
        track=_int(player, "track", f"{path}.track"),
        university=tuple(_tile(t, f"{path}.university[{i}]") for i, t in enumerate(tiles)),
        cellar=tuple(_checked_int(n, f"{path}.cellar[{i}]", 0, None) for i, n in enumerate(cellar)),
        farewell=_int(player, "farewell", f"{path}.farewell"),
        tribunal=_int(player, "tribunal", f"{path}.tribunal", TRIBUNAL_LOW, TRIBUNAL_HIGH),
        dice=_int(player, "dice", f"{path}.dice"),
        quadrants=_int(player, "quadrants", f"{path}.quadrants"),
        # Display keys only: ignored when a hand edit left them of the wrong type.
        track_position=player["track_position"] if _is_int(player.get("track_position")) else None,
        flipped=player["flipped"] if isinstance(player.get("flipped"), bool) else None,
    )


def read_players(data: Mapping[str, Any]) -> list[Entries]:
    """Every player's checked entries, in seat order."""
    players = data.get("players")
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise RulesError("players", "missing")
    for index, player in enumerate(players):
        if not isinstance(player, Mapping) or "name" not in player:
            raise RulesError(f"players[{index}].name", "missing")
    check_names([p["name"] for p in players])
    spaces = len(cellar_values(data))
    read = [read_player(p, i, spaces) for i, p in enumerate(players)]
    check_limits(players)
    return read


def check_limits(players: Sequence[Mapping[str, Any]]) -> None:
    """RulesError when a player, or the table together, holds more than the components allow
    (see galileo_limits); the row multipliers are not bounded."""
    for index, player in enumerate(players):
        problem = player_problem(player)
        if problem is not None:
            raise RulesError(f"players[{index}].{problem[0]}", problem[1])
    problem = table_problem(players)
    if problem is not None:
        raise RulesError("players", problem[1])


# --- Scoring ---------------------------------------------------------------------------------


def university_lines(tiles: Sequence[Tile]) -> list[Line]:
    """Per Scale tile: times met × the row multiplier; a token on the stairs scores nothing."""
    lines = []
    for tile in tiles:
        if tile.multiplier == 0:
            lines.append(Line("university", tile.subject, 0, "still on the stairs"))
            continue
        points = tile.met * tile.multiplier
        detail = f"{tile.met} × {tile.multiplier} = {points}"
        lines.append(Line("university", tile.subject, points, detail))
    return lines


def cellar_lines(cellar: Sequence[int], values: Sequence[int], farewell: int) -> list[Line]:
    """Each Inquisitor scores the value below its space; those sent away score nothing."""
    lines = []
    for space, (count, value) in enumerate(zip(cellar, values, strict=True), start=1):
        points = count * value
        detail = f"{count} × {signed(value)} = {signed(points)}"
        lines.append(Line("cellar", f"Cellar space {space} ({signed(value)})", points, detail))
    if farewell:
        lines.append(Line("cellar", "Farewell", 0, f"{farewell} sent away, scoring nothing"))
    return lines


def track_line(entries: Entries) -> Line:
    """The track total; how it was read off the board when the display keys agree with it."""
    position, flipped = entries.track_position, entries.flipped
    detail = ""
    if (
        position is not None
        and flipped is not None
        and position + TRACK_LAP * flipped == entries.track
    ):
        detail = f"position {position}, token flipped (+100)" if flipped else f"position {position}"
    return Line("track", "Score track", entries.track, detail)


def tribunal_line(space: int) -> Line:
    return Line("tribunal", "Tribunal", space, f"token on space {signed(space)}")


def flip_note(track: int, total: int) -> str:
    """What final scoring asks of the Score token ("past 100 points, flip your Score token")."""
    if track < TRACK_LAP <= total:
        return "final scoring takes you past 100: flip your Score token"
    if total < TRACK_LAP <= track:
        return "final scoring takes you back below 100: turn your Score token back"
    return ""


def score_player(entries: Entries, values: Sequence[int]) -> PlayerScore:
    """One player's parts (track, university, cellar, tribunal) and the lines behind them."""
    lines = [
        track_line(entries),
        *university_lines(entries.university),
        *cellar_lines(entries.cellar, values, entries.farewell),
        tribunal_line(entries.tribunal),
    ]
    parts = {part: sum(line.points for line in lines if line.part == part) for part in PARTS}
    note = flip_note(entries.track, sum(parts.values()))
    if note:
        track = lines[0]
        lines[0] = Line(track.part, track.label, track.points,
                        "; ".join(filter(None, (track.detail, note))))
    return PlayerScore(entries.name, parts, tuple(lines), (entries.dice, entries.quadrants))


TIE_BREAKS: tuple[str, ...] = ("dice values left", "Quadrant tokens left")


def join_names(names: Sequence[str]) -> str:
    """Ada / Ada and Bo / Ada, Bo and Cy."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def tie_explanation(tied: Sequence[PlayerScore]) -> tuple[str, ...]:
    """How a tie on the top total is broken: dice values left, then Quadrants, then shared."""
    sentences = [f"{join_names([p.name for p in tied])} tie on {tied[0].total}."]
    contenders = list(tied)
    for number, label in enumerate(TIE_BREAKS, start=1):
        compared = ", ".join(f"{p.name} {p.tiebreak[number - 1]}" for p in contenders)
        sentences.append(f"Tie-break {number}, {label}: {compared}.")
        best = max(p.tiebreak[number - 1] for p in contenders)
        contenders = [p for p in contenders if p.tiebreak[number - 1] == best]
        if len(contenders) == 1:
            sentences.append(f"{contenders[0].name} wins.")
            return tuple(sentences)
        if number < len(TIE_BREAKS):
            sentences.append(f"Still tied: {join_names([p.name for p in contenders])}.")
    sentences.append(f"{join_names([p.name for p in contenders])} share the win.")
    return tuple(sentences)


def score(data: Mapping[str, Any]) -> Result:
    """Total every player and name the winners; RulesError on a missing or broken key."""
    values = cellar_values(data)
    scores = tuple(score_player(entries, values) for entries in read_players(data))
    winners, decided_by, tied = rank_winners(scores)
    explanation = tie_explanation(tied) if len(tied) > 1 else ()
    return Result("galileo", scores, winners, decided_by, explanation)


# --- The procedure ---------------------------------------------------------------------------

SETUP_HELP = (
    "Name the two to four players in seat order, going clockwise. "
    "Say whether the Luna module is on the table: it is only recorded, because Luna changes "
    "neither how the game ends nor the final scoring. "
    "Choose the cellar: the standard one, or Bruno's 5-space cellar tile (advanced mode), "
    "whose five values, printed below its spaces, you type left to right. "
    "Solo against Tycho Brahe: seat Tycho as the second player; he is scored for the "
    "University and the Inquisition exactly like a player."
)
TABLE_HELP = (
    "Pick who holds the telescope standee: the final turn starts with that player. "
    "Then name the Subject tile above each of the four Scale tiles, left to right. "
    "Each Subject appears once; these are the four that score at the end."
)
TRIGGER_HELP = (
    "The end begins when the last Discovery card leaves the deck. "
    "Choose whose turn it was and how it left: 'display' when it was laid on the display, "
    "'reward' when a constellation reward took it. The turns still to play follow from this; "
    "changing it later marks the turns ended as not played and removes the draws made."
)
TURNS_HELP = (
    "First the player who emptied the deck finishes that turn; then the round is finished, up "
    "to the player sitting before the first player; then everyone plays one more turn, "
    "starting with the first player. End each turn as it is played (u undoes the last one). "
    "When the display has a gap, or a constellation reward asks for a card from the empty "
    "deck, record a draw: the app picks which unused Tier III card to take from the box. "
    "A draw made by mistake is removed with x (Tab or the arrows pick it in the list): it "
    "stays in the file, marked removed."
)
SCORES_HELP = (
    "Enter where the Score token stands (0–99) and whether it has been flipped past 100. "
    "For each Scale tile, enter how often the Subject was met and the multiplier of the row "
    "the University token is on (0 while it is still on the stairs). Then the Inquisitors on "
    "each cellar space, the Tribunal space, and the dice values and Quadrants left for ties."
)
BREAKDOWN_HELP = (
    "Final scoring runs University first, then the Inquisition: cellar and Tribunal. "
    "The most points wins. A tie goes to the higher total of dice values left, then to more "
    "Quadrant tokens; if still tied, the players share the win."
)


def _name_at(names: Sequence[str], seat: object) -> str | None:
    """The name in `seat`, or None when the seat is not (yet) a valid one."""
    return names[seat] if _is_int(seat) and 0 <= seat < len(names) else None


def chosen_subjects(data: Mapping[str, Any]) -> list[str]:
    """The four Subjects in play, left to right; RulesError until they are chosen."""
    subjects = data.get("subjects")
    if not isinstance(subjects, Sequence) or isinstance(subjects, str):
        raise RulesError("subjects", "choose the four Subjects first")
    if len(subjects) != SCALE_TILES:
        raise RulesError("subjects", f"must name {SCALE_TILES} Subjects, not {len(subjects)}")
    return [canonical_subject(s, f"subjects[{i}]") for i, s in enumerate(subjects)]


def setup_step(data: Mapping[str, Any]) -> Step:
    luna = Field(
        "luna",
        "Luna in play",
        kind="bool",
        default=bool(data.get("luna", False)),
        help="Recorded only: Luna changes neither the end of the game nor the final scoring.",
    )
    return Step("setup", "Players", kind="setup", fields=(luna, *cellar_setup_fields(data)),
                help=SETUP_HELP)


STANDARD_CELLAR, BRUNO_CELLAR = "standard", "Bruno's tile"
BRUNO_SPACES = 5  # Bruno's advanced cellar tile (notes §5); its values are not known


def cellar_text(values: Sequence[int]) -> str:
    return " ".join(signed(v) for v in values)


def cellar_setup_fields(data: Mapping[str, Any]) -> tuple[Field, ...]:
    try:
        values = cellar_values(data)
    except RulesError:  # a broken file's values: the form starts from the standard cellar
        values = DEFAULT_CELLAR_VALUES
    tile = Field(
        "cellar",
        "Cellar tile",
        kind="choice",
        choices=(STANDARD_CELLAR, BRUNO_CELLAR),
        default=STANDARD_CELLAR if values == DEFAULT_CELLAR_VALUES else BRUNO_CELLAR,
        help=f"The standard cellar has 4 spaces scoring {cellar_text(DEFAULT_CELLAR_VALUES)}. "
        "Bruno's tile (advanced mode) has 5 spaces: type the values printed below them.",
    )
    typed = Field(
        "cellar_values",
        "Cellar values, left to right",
        kind="text",
        default=cellar_text(values),
        help="With Bruno's tile: the five values below its spaces, left to right, each with "
        "its sign (for example -4 or +2). Left as it is for the standard cellar.",
    )
    return tile, typed


def read_cellar_text(text: object) -> list[int]:
    """"−8 −4 −2 +1" (or with commas, slashes, ASCII or typographic minus signs) as numbers."""
    words = str(text).replace(",", " ").replace("/", " ").split()
    try:
        return [int(w.replace("−", "-").replace("–", "-")) for w in words]
    except ValueError:
        raise RulesError("cellar_values", f"whole numbers with their signs, not {text!r}") from None


def chosen_cellar(values: Mapping[str, Any]) -> list[int]:
    """The cellar values the setup's choice stands for."""
    if values["cellar"] == STANDARD_CELLAR:
        return list(DEFAULT_CELLAR_VALUES)
    typed = read_cellar_text(values["cellar_values"])
    if len(typed) != BRUNO_SPACES:
        raise RulesError("cellar_values", f"Bruno's tile has {BRUNO_SPACES} spaces: type its "
                         f"{BRUNO_SPACES} values, left to right, not {len(typed)}")
    return typed


def cellar_resets(data: Mapping[str, Any], values: Mapping[str, Any]) -> str:
    """What confirming the setup `values` undoes: a cellar of another size clears the cellars
    already entered (each player's scores are entered again), "" when nothing is cleared."""
    try:
        spaces = len(chosen_cellar({"cellar": STANDARD_CELLAR} | dict(values)))
    except (RulesError, KeyError):
        return ""
    entered = [str(p.get("name")) for p in data.get("players", [])
               if isinstance(p, Mapping) and isinstance(p.get("cellar"), list)
               and len(p["cellar"]) != spaces]
    if not entered:
        return ""
    return (f"The cellar entries of {join_names(entered)} are cleared: the cellar now has "
            f"{spaces} spaces, so their final scoring is entered again.")


def table_step(data: Mapping[str, Any], names: Sequence[str]) -> Step:
    first = Field(
        "first_player",
        "Who holds the first-player telescope",
        kind="choice",
        choices=tuple(names),
        default=_name_at(names, data.get("first_player")) or _name_at(names, 0),
        help="The player who began the game; the final turn starts with them.",
    )
    current = data.get("subjects")
    chosen = list(current) if isinstance(current, list) else []
    subjects = tuple(
        Field(
            f"subject_{k}",
            f"Subject above Scale tile {k}",
            kind="choice",
            choices=SUBJECT_NAMES,
            default=chosen[k - 1] if len(chosen) >= k else SUBJECT_NAMES[k - 1],
            help="Each Subject may be chosen once.",
        )
        for k in range(1, SCALE_TILES + 1)
    )
    return Step("table", "First player and Subjects", fields=(first, *subjects), help=TABLE_HELP)


def trigger_step(data: Mapping[str, Any], names: Sequence[str]) -> Step:
    recorded = data.get("trigger")
    trigger: Mapping[str, Any] = recorded if isinstance(recorded, Mapping) else {}
    who = Field(
        "trigger_player",
        "Whose turn emptied the deck",
        kind="choice",
        choices=tuple(names),
        default=_name_at(names, trigger.get("player")),
    )
    how = Field(
        "trigger_how",
        "How the last card left the deck",
        kind="choice",
        choices=TRIGGER_HOWS,
        default=trigger.get("how", "display"),
        help="display: laid on the display. reward: taken as a constellation reward.",
    )
    return Step("trigger", "The deck is empty", fields=(who, how), help=TRIGGER_HELP)


def turn_items(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The turns after the trigger's as lines ("1. Bo (rest of round)"), numbered as draws
    name them and indexed by ``turns_done`` (the replay reads them so); empty until known."""
    try:
        turns = session_turns(data)
    except RulesError:
        return ()
    names = player_names(data)
    return tuple(f"{n}. {names[t.seat]} ({t.phase})" for n, t in enumerate(turns, start=1))


def turns_step(data: Mapping[str, Any]) -> Step:
    return Step(
        "final-turns", "Who still plays", kind="turns", items=turn_items(data), help=TURNS_HELP
    )


def scale_fields(subject: str | None, k: int) -> list[Field]:
    """Met and row fields of Scale tile `k`; the Inquisitors' met count comes from the cellar."""
    title = subject or f"Scale tile {k}"
    row_help = "The multiplier of the row your University token is on; 0 if still on the stairs."
    if subject == INQUISITORS:
        row_help += " Times met is filled in: the Inquisitors in your cellar, entered below."
    row = Field(f"row_{k}", f"{title}: row multiplier", minimum=0, default=0, help=row_help,
                group=UNIVERSITY_GROUP, usual_maximum=USUAL_MULTIPLIER_HIGH)
    if subject == INQUISITORS:
        return [row]
    met = Field(
        f"met_{k}",
        f"{title}: times met",
        minimum=0,
        default=0,
        help=f"Count {SUBJECTS[SUBJECT_NAMES.index(subject)].meeting}." if subject else "",
        group=UNIVERSITY_GROUP,
    )
    return [met, row]


def cellar_fields(values: Sequence[int]) -> list[Field]:
    return [
        Field(
            f"cellar_{j}",
            f"Inquisitors on cellar space {j} ({signed(value)} each)",
            minimum=0,
            default=0,
            help="Inquisitors still in your cellar at the end, on this space.",
            group=CELLAR_GROUP,
        )
        for j, value in enumerate(values, start=1)
    ]


# The scores form's groups, as the player board is laid out; each names the part it scores.
TRACK_GROUP, UNIVERSITY_GROUP, CELLAR_GROUP = "Score track", "University", "Cellar"
TRIBUNAL_GROUP, TIE_BREAK_GROUP = "Tribunal", "Tie-breaks"


def score_fields(data: Mapping[str, Any]) -> tuple[Field, ...]:
    try:
        subjects: tuple[str | None, ...] = tuple(chosen_subjects(data))
    except RulesError:
        subjects = (None,) * SCALE_TILES
    return fields_for(subjects, cellar_values(data))


@cache  # the same few fields for every player, every time the steps are listed
def fields_for(subjects: tuple[str | None, ...], cellar: tuple[int, ...]) -> tuple[Field, ...]:
    return (
        Field(
            "track_position",
            "Score track position",
            minimum=0,
            maximum=TRACK_LAP - 1,
            default=0,
            help="Where your Score token stands on the track, 0 to 99.",
            group=TRACK_GROUP,
        ),
        Field(
            "flipped",
            "Score token flipped (100+)",
            kind="bool",
            default=False,
            help="Flipped once you passed 100 points; it adds 100 to the track position.",
            group=TRACK_GROUP,
        ),
        *[f for k, s in enumerate(subjects, start=1) for f in scale_fields(s, k)],
        *cellar_fields(cellar),
        Field(
            "farewell",
            "Inquisitors sent away with Farewell",
            minimum=0,
            default=0,
            help="Recorded only: Inquisitors sent away score nothing. With the cellar, at "
            f"most the {INQUISITORS_IN_GAME} Inquisitors the game has, for the whole table.",
            group=CELLAR_GROUP,
        ),
        Field(
            "tribunal",
            "Tribunal space",
            minimum=TRIBUNAL_LOW,
            maximum=TRIBUNAL_HIGH,
            default=0,
            help="The space of your Tribunal token, −10 to +10; it scores that.",
            group=TRIBUNAL_GROUP,
        ),
        Field(
            "dice",
            "Total of dice values left",
            minimum=0,
            default=0,
            help="First tie-break: the higher total of dice values left wins.",
            group=TIE_BREAK_GROUP,
        ),
        Field(
            "quadrants",
            "Quadrant tokens left",
            minimum=0,
            default=0,
            help="Second tie-break: more Quadrant tokens left wins (count the tokens, "
            "small and large alike).",
            group=TIE_BREAK_GROUP,
        ),
    )


def form_values(player: Mapping[str, Any]) -> dict[str, Any]:
    """A player's saved entries as the scores form's flat values: the inverse of apply.

    Only well-formed entries are returned; the form shows its defaults for the rest.
    """
    values = {k: player[k] for k in ("farewell", "tribunal", "dice", "quadrants") if k in player}
    position, flipped, track = (
        player.get("track_position"),
        player.get("flipped"),
        player.get("track"),
    )
    if _is_int(position) and isinstance(flipped, bool):
        values |= {"track_position": position, "flipped": flipped}
    elif _is_int(track) and track >= 0:
        values |= {"track_position": track % TRACK_LAP, "flipped": track >= TRACK_LAP}
    for k, tile in enumerate(player.get("university") or [], start=1):
        if isinstance(tile, Mapping):
            values |= {f"met_{k}": tile.get("met"), f"row_{k}": tile.get("multiplier")}
    for j, count in enumerate(player.get("cellar") or [], start=1):
        values[f"cellar_{j}"] = count
    return {key: value for key, value in values.items() if value is not None}


def scores_step(
    data: Mapping[str, Any], index: int, name: str, blank: tuple[Field, ...] | None = None
) -> Step:
    """Player `index`'s scores form, showing their saved entries; `blank` is score_fields(data)
    when the caller already has it (procedure builds one form per player)."""
    saved = form_values(data["players"][index])
    fields = tuple(
        field.with_default(saved[field.key]) if field.key in saved else field
        for field in (score_fields(data) if blank is None else blank)
    )
    return Step(
        f"scores-{index}",
        f"{name}: final scoring",
        kind="form",
        player=index,
        fields=fields,
        help=SCORES_HELP,
    )


def procedure(data: Mapping[str, Any]) -> list[Step]:
    """setup, table, trigger, final-turns, scores-0 … scores-(n-1), breakdown."""
    names = player_names(data)
    blank = score_fields(data)
    return [
        setup_step(data),
        table_step(data, names),
        trigger_step(data, names),
        turns_step(data),
        *[scores_step(data, i, name, blank) for i, name in enumerate(names)],
        Step(
            "breakdown",
            "Final scores",
            kind="breakdown",
            text=drawn_cards_text(data),  # so a replay, which opens here, still shows them
            help=BREAKDOWN_HELP,
        ),
    ]


# --- Applying confirmed steps ----------------------------------------------------------------


def check_values(step: Step, values: Mapping[str, Any]) -> None:
    """Every field of `step` present in `values`, of its kind and within its bounds."""
    for field in step.fields:
        if field.key not in values:
            raise RulesError(field.key, "missing")
        value = values[field.key]
        if field.kind == "int":
            _checked_int(value, field.key, field.minimum, field.maximum)
        elif field.kind == "bool" and not isinstance(value, bool):
            raise RulesError(field.key, f"must be yes or no, not {value!r}")
        elif field.kind == "choice" and value not in field.choices:
            raise RulesError(field.key, f"must be one of {', '.join(field.choices)}")


def fill_in(values: Mapping[str, Any], data: Mapping[str, Any]) -> dict[str, Any]:
    """`values` plus the entries others answer: the Inquisitors' met count = its cellar."""
    filled = dict(values)
    spaces = len(cellar_values(data))
    counts = [values.get(f"cellar_{j}") for j in range(1, spaces + 1)]
    in_cellar = sum(n for n in counts if _is_int(n))
    for k, subject in enumerate(chosen_subjects(data), start=1):
        if subject == INQUISITORS:
            filled[f"met_{k}"] = in_cellar
    return filled


def apply_players(data: Data, step: Step, values: Mapping[str, Any]) -> None:
    """Seat the players; the cellar (absent from older logs: kept as it is) sets
    ``cellar_values``, written only when it is not the standard cellar or was before."""
    given = {f.key: f.default for f in step.fields} | dict(values)  # older logs lack the cellar
    check_values(step, given)
    check_names(list(values.get("players", [])))
    cellar = chosen_cellar(given)
    seated = [name_key(name) for name in player_names(data)]
    apply_setup(data, {k: v for k, v in values.items() if k not in ("cellar", "cellar_values")})
    if any(turns_recorded(data)) and seated != [name_key(name) for name in player_names(data)]:
        reset_turns(data, "the players or their seats changed")  # what `resets` said
    if "cellar_values" in data or cellar != list(DEFAULT_CELLAR_VALUES):
        data["cellar_values"] = cellar
    for player in data["players"]:  # entries for a cellar of another size no longer stand
        if isinstance(player.get("cellar"), list) and len(player["cellar"]) != len(cellar):
            del player["cellar"]


def apply_table(data: Data, step: Step, values: Mapping[str, Any]) -> None:
    check_values(step, values)
    subjects = [values[f"subject_{k}"] for k in range(1, SCALE_TILES + 1)]
    for k, subject in enumerate(subjects, start=1):
        if subjects.index(subject) + 1 != k:
            raise RulesError(f"subject_{k}", f"{subject} is already above another Scale tile")
    first = player_names(data).index(values["first_player"])
    if "first_player" in data and first != data["first_player"]:
        reset_turns(data, "first player changed")  # the turns listed follow from it
    data["first_player"] = first
    data["subjects"] = subjects


def apply_trigger(data: Data, step: Step, values: Mapping[str, Any]) -> None:
    check_values(step, values)
    seat = player_names(data).index(values["trigger_player"])
    before = data.get("trigger")
    if not isinstance(before, Mapping):  # the trigger's own turn is being played right now
        data.update(progress(0))
    elif before.get("player") != seat:  # how it left the deck changes no turn
        reset_turns(data, "deck-emptying turn changed")
    data["trigger"] = {"player": seat, "how": values["trigger_how"]}


def check_draw(draw: object, path: str) -> None:
    if not isinstance(draw, Mapping):
        raise RulesError(path, "must be a table {turn, reason, box, position, card}")
    if draw.get("reason") not in DRAW_REASONS:
        raise RulesError(f"{path}.reason", f"must be one of {', '.join(DRAW_REASONS)}")
    _int(draw, "turn", f"{path}.turn", 0)  # 0: the rest of the trigger's own turn
    if not isinstance(draw.get("removed", False), bool):
        raise RulesError(f"{path}.removed", "must be true or false")
    if not isinstance(draw.get("removed_why", ""), str):
        raise RulesError(f"{path}.removed_why", "must be text")
    box = _int(draw, "box", f"{path}.box", 1)
    _int(draw, "position", f"{path}.position", 1, box)
    if not isinstance(draw.get("card", ""), str):
        raise RulesError(f"{path}.card", "must be a card name or empty")


def apply_turns(data: Data, values: Mapping[str, Any]) -> None:
    """Turns ended and draws so far. An entry without ``trigger_turn_over`` (written before the
    trigger's own turn was listed) counted that turn as over."""
    listed = len(listed_turns(data))
    turns_done = _int(values, "turns_done", "turns_done", 0, listed - 1)
    over = values.get("trigger_turn_over", True)
    if not isinstance(over, bool):
        raise RulesError("trigger_turn_over", "must be true or false")
    draws = list(values.get("draws", []))
    for index, draw in enumerate(draws):
        check_draw(draw, f"draws[{index}]")
        if draw["turn"] >= listed:
            raise RulesError(f"draws[{index}].turn", f"there are only {listed - 1} turns after "
                             "the deck-emptying one")
    data["trigger_turn_over"] = over or turns_done > 0
    data["turns_done"] = turns_done
    data["draws"] = draws


def apply_scores(data: Data, step: Step, values: Mapping[str, Any]) -> None:
    """Turn the flat form into the save format's track, university and cellar."""
    check_values(step, values)
    filled = fill_in(values, data)
    subjects = chosen_subjects(data)
    spaces = len(cellar_values(data))
    position, flipped = filled["track_position"], filled["flipped"]
    entry = {
        "track": position + TRACK_LAP * flipped,
        "track_position": position,
        "flipped": flipped,
        "university": [
            {"subject": s, "met": filled[f"met_{k}"], "multiplier": filled[f"row_{k}"]}
            for k, s in enumerate(subjects, start=1)
        ],
        "cellar": [filled[f"cellar_{j}"] for j in range(1, spaces + 1)],
        **{key: filled[key] for key in ("farewell", "tribunal", "dice", "quadrants")},
    }
    seat = step.player if step.player is not None else 0  # a scores step always asks one
    check_form_limits(data, seat, {"name": data["players"][seat]["name"], **entry})
    data["players"][seat].update(entry)


def form_key(problem_key: str, entry: Mapping[str, Any]) -> str:
    """The scores form's field for a limit problem's key (see galileo_limits)."""
    if problem_key == "cellar":  # the first space holding some, else Farewell
        held = [j for j, n in enumerate(entry["cellar"], start=1) if n]
        return f"cellar_{held[0]}" if held else "farewell"
    if problem_key.startswith("university["):
        return f"met_{int(problem_key.split('[')[1].split(']')[0]) + 1}"
    return problem_key


def check_form_limits(data: Mapping[str, Any], seat: int, entry: Mapping[str, Any]) -> None:
    """What a scores form may not hold, alone or with what the others entered, said at the
    field (RulesError keyed by the field)."""
    problem = player_problem(entry)
    if problem is None:
        table = [entry if i == seat else p for i, p in enumerate(data["players"])]
        problem = table_problem(table)
    if problem is not None:
        raise RulesError(form_key(problem[0], entry), problem[1])


# --- Points so far ----------------------------------------------------------------------------


def _tile_points(tile: object) -> int | None:
    if isinstance(tile, Mapping) and _is_int(tile.get("met")) and _is_int(tile.get("multiplier")):
        return int(tile["met"]) * int(tile["multiplier"])
    return None


def parts_so_far(player: Mapping[str, Any], cellar: Sequence[int]) -> dict[str, int]:
    """The parts a player's entries give so far, in scoring order; a part with nothing well
    formed entered yet is left out. Reads leniently: never raises."""
    parts: dict[str, int] = {}
    if _is_int(player.get("track")):
        parts["track"] = player["track"]
    tiles = player.get("university")
    if isinstance(tiles, Sequence) and not isinstance(tiles, str):
        points = [p for p in map(_tile_points, tiles) if p is not None]
        if points:
            parts["university"] = sum(points)
    counts = player.get("cellar")
    if isinstance(counts, Sequence) and not isinstance(counts, str):
        # zip stops at the shorter: a cellar typed for other values scores what matches
        parts["cellar"] = sum(n * v for n, v in zip(counts, cellar, strict=False) if _is_int(n))
    if _is_int(player.get("tribunal")):
        parts["tribunal"] = player["tribunal"]
    return parts


def so_far(data: Mapping[str, Any]) -> tuple[PlayerScore, ...]:
    """Each seated player's points from what is entered so far, in seat order (Game.so_far)."""
    players = data.get("players")
    if not isinstance(players, Sequence) or isinstance(players, str):
        return ()
    try:
        cellar = cellar_values(data)
    except RulesError:
        cellar = ()  # no cellar points until the values are readable
    return tuple(
        PlayerScore(str(p.get("name", "")), parts_so_far(p, cellar))
        for p in players
        if isinstance(p, Mapping)
    )


class GalileoGame:
    """Galileo Galilei's rules as the app's Game protocol."""

    id = "galileo"
    title = "Galileo Galilei"

    def procedure(self, data: Mapping[str, Any]) -> Sequence[Step]:
        return procedure(data)

    def apply(self, data: Data, step: Step, values: Mapping[str, Any]) -> None:
        if step.id == "setup":
            apply_players(data, step, values)
        elif step.id == "table":
            apply_table(data, step, values)
        elif step.id == "trigger":
            apply_trigger(data, step, values)
        elif step.id == "final-turns":
            apply_turns(data, values)
        elif step.id.startswith("scores-"):
            apply_scores(data, step, values)
        elif step.id != "breakdown":  # the breakdown only shows; nothing to record
            raise RulesError("step", f"Galileo Galilei has no step {step.id!r}")

    def score(self, data: Mapping[str, Any]) -> Result:
        return score(data)

    def so_far(self, data: Mapping[str, Any]) -> tuple[PlayerScore, ...]:
        return so_far(data)

    def resets(self, data: Mapping[str, Any], step: Step, values: Mapping[str, Any]) -> str:
        undone = [turns_reset_by(data, step, values)]
        if step.id == "setup":
            undone.append(cellar_resets(data, values))
        return " ".join(sentence for sentence in undone if sentence)


def turns_reset_by(data: Mapping[str, Any], step: Step, values: Mapping[str, Any]) -> str:
    """What a changed trigger, first player or seating undoes of the final turns, or ""."""
    ended, draws = turns_recorded(data)
    if not ended and not draws:
        return ""
    names = player_names(data)
    if step.id == "setup":
        seated = [name_key(str(n)) for n in values.get("players", [])]
        changed = seated != [name_key(n) for n in names]
        what = "Changing the players or their seats"
    elif step.id == "table":
        changed = _name_at(names, data.get("first_player")) != values.get("first_player")
        what = "Changing the first player"
    elif step.id == "trigger":
        trigger = data.get("trigger")
        player = trigger.get("player") if isinstance(trigger, Mapping) else None
        changed = _name_at(names, player) != values.get("trigger_player")
        what = "Changing whose turn emptied the deck"
    else:
        return ""
    if not changed:
        return ""
    undone = []
    if ended:
        undone.append("the turn ended in the final turns is marked not played" if ended == 1
                      else f"the {ended} turns ended in the final turns are marked not played")
    if draws:
        undone.append("the Tier III draw made is removed" if draws == 1
                      else f"the {draws} Tier III draws made are removed")
    return (f"{what} changes who still plays: {' and '.join(undone)}"
            f"{' (kept in the file, marked removed)' if draws else ''}.")


GAME = GalileoGame()
