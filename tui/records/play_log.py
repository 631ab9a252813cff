"""A finished session as a play for the play loggers: BG Stats' import JSON and link, and a
BoardGameGeek play record.

BG Stats opens `bgstats://app.bgstatsapp.com/createPlay.html?data=` followed by the play as
URL-encoded JSON, and shows its import dialog, where the game and players are matched to the
ones the app knows (BG Stats' "push plays from other apps" page gives the fields used here).

BoardGameGeek takes no play file: a play is logged on the game's page ("Log play") or by an
app signed in to the account (BG Stats posts an imported play there when its BGG auto-post is
on). The record is the play as BGG's own play export writes it (XML API2 `plays`: one
`<play>` with its `<item>` and `<players>`), every field the Log play form asks for, to be
typed in from it or read by a tool that reads BGG's play export.

The time is the session's `created` in UTC, as the file keeps it; the length is the whole
minutes from then to the last entry of the log that is not a correction made afterwards.
Pure: no Textual, no I/O.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote
from xml.etree import ElementTree

from lastround.games import game_title, plugin_of
from lastround.games.base import Result, verdict
from lastround.records.export_facts import session_boxes
from lastround.records.replay import final_result
from lastround.session.terminal_safe import visible

SOURCE_NAME = "Last Round"
LINK_START = "bgstats://app.bgstatsapp.com/createPlay.html?data="


def bgg_id(game_id: str) -> int | None:
    """BoardGameGeek's id of the game (the number in its boardgamegeek.com address), if any."""
    try:
        return plugin_of(game_id).bgg_id
    except KeyError:
        return None


def moment(stamp: object) -> datetime | None:
    """A `created` or log `at` stamp ("2026-11-27T21:52:00Z"; one without a zone is taken as
    UTC, as the app writes them), None when absent or unreadable."""
    try:
        found = datetime.fromisoformat(str(stamp))
    except ValueError:
        return None
    return found if found.tzinfo else found.replace(tzinfo=UTC)


def played_minutes(data: Mapping[str, Any]) -> int | None:
    """Whole minutes from the start to the last log entry of the game itself (corrections made
    after it don't lengthen the play); None when either end is unknown."""
    start = moment(data.get("created"))
    entries = [e for e in data.get("log", []) if isinstance(e, Mapping)
               and not e.get("correction")]
    end = moment(entries[-1].get("at")) if entries else None
    if start is None or end is None or end < start:
        return None
    return int((end - start).total_seconds() // 60)


def start_seat(data: Mapping[str, Any]) -> int | None:
    """The seat that played first, where the session records it (Galileo's first player)."""
    seat = data.get("first_player")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def nobody_starts(game_id: str) -> bool:
    """Whether the game has no start player: every player acts at once (Race)."""
    try:
        return plugin_of(game_id).nobody_starts
    except KeyError:
        return False


def start_players(data: Mapping[str, Any], count: int) -> list[bool] | None:
    """Seat by seat, whether the player started: the recorded first player alone, or no one
    in a game where nobody starts; None when the session doesn't say."""
    if nobody_starts(str(data["game"])):
        return [False] * count
    first = start_seat(data)
    return None if first is None else [seat == first for seat in range(count)]


def comments(data: Mapping[str, Any], result: Result) -> str:
    """Who won and how, as the breakdown says it (a tie and the rule that broke it, ending in
    the winners), after the edition where the game has one."""
    boxes = [title for title, _ in session_boxes(data)]
    words = [f"{data['edition']} edition." if data.get("edition") else "",
             f"With {', '.join(boxes)}." if boxes else ""]
    words.extend(result.explanation or [verdict(result.winners, result.decided_by) + "."])
    return " ".join(w for w in words if w)


def bgstats_play(data: Mapping[str, Any], file_name: str, *,
                 result: Result | None = None) -> dict[str, Any]:
    """The play BG Stats imports, keys in a fixed order; `result` is worked out from the data
    when not given. Optional fields are left out where the session doesn't know them."""
    result = result if result is not None else final_result(data)
    game_id = str(data["game"])
    # A file name may hold what a session can't (a control character): written escaped.
    play: dict[str, Any] = {"sourceName": SOURCE_NAME, "sourcePlayId": visible(file_name)}
    start = moment(data.get("created"))
    if start is not None:
        play["playDate"] = start.strftime("%Y-%m-%d %H:%M:%S")
    minutes = played_minutes(data)
    if minutes is not None:
        play["durationMin"] = minutes
    play["comments"] = comments(data, result)
    game: dict[str, Any] = {"name": game_title(game_id), "sourceGameId": game_id}
    found = bgg_id(game_id)
    if found is not None:
        game["bggId"] = found
    play["game"] = game | {"highestWins": True, "noPoints": False}
    boxes = session_boxes(data)
    if boxes:  # each expansion played, as BG Stats matches a game (by BGG id where known)
        play["expansionPlays"] = [{"name": title} | ({"bggId": found} if found else {})
                                  for title, found in boxes]
    places = {player.name: place for place, player in result.ranking()}
    started = start_players(data, len(result.players))
    players = []
    for seat, player in enumerate(result.players):
        entry: dict[str, Any] = {"name": player.name, "sourcePlayerId": player.name,
                                 "score": player.total, "winner": player.name in result.winners}
        if started is not None:
            entry["startPlayer"] = started[seat]
        players.append(entry | {"rank": places[player.name]})
    play["players"] = players
    return play


def bgstats_json(data: Mapping[str, Any], file_name: str, *,
                 result: Result | None = None) -> str:
    """The play as compact JSON, keys in the order `bgstats_play` gives them."""
    return json.dumps(bgstats_play(data, file_name, result=result), ensure_ascii=False,
                      separators=(",", ":"))


def bgstats_link(data: Mapping[str, Any], file_name: str, *,
                 result: Result | None = None) -> str:
    """The link that opens BG Stats' import dialog on this play: the JSON URL-encoded as
    JavaScript's encodeURIComponent does it (every character but letters, digits and
    `-_.!~*'()` as %XX of its UTF-8 bytes), so it decodes back to the JSON exactly."""
    return LINK_START + quote(bgstats_json(data, file_name, result=result), safe="!~*'()")


# The play as the QR code carries it, where every character makes the code bigger: what BG
# Stats' import needs to save it and to match its game and players the next time (the source
# ids), and what it is (the date, the scores, the winners, who started, the expansions).
# Left out: the comments, the length, the ranks (BG Stats ranks by the scores) and the game's
# highestWins/noPoints (its defaults).
SCAN_FIELDS = ("sourceName", "sourcePlayId", "playDate", "game", "expansionPlays", "players")
SCAN_GAME_FIELDS = ("name", "sourceGameId", "bggId")
SCAN_PLAYER_FIELDS = ("name", "sourcePlayerId", "score", "winner", "startPlayer")
# Besides encodeURIComponent's, the characters a URL's query may hold as they are (RFC 3986),
# which every reader of a query leaves alone: JSON's many `:` and `,` cost one character
# instead of three.
SCAN_SAFE = "!~*'():,"


def bgstats_scan_play(data: Mapping[str, Any], file_name: str, *,
                      result: Result | None = None) -> dict[str, Any]:
    """The play with only the fields the QR code carries (SCAN_FIELDS)."""
    play = bgstats_play(data, file_name, result=result)
    scan = {key: play[key] for key in SCAN_FIELDS if key in play}
    scan["game"] = {key: play["game"][key] for key in SCAN_GAME_FIELDS if key in play["game"]}
    scan["players"] = [{key: player[key] for key in SCAN_PLAYER_FIELDS if key in player}
                       for player in play["players"]]
    return scan


def bgstats_scan_link(data: Mapping[str, Any], file_name: str, *,
                      result: Result | None = None) -> str:
    """The shortest link that opens BG Stats' import dialog on this play, for the QR code:
    the play's scan fields as JSON, with `:` and `,` left as they are."""
    text = json.dumps(bgstats_scan_play(data, file_name, result=result), ensure_ascii=False,
                      separators=(",", ":"))
    return LINK_START + quote(text, safe=SCAN_SAFE)


def bgg_play(data: Mapping[str, Any], file_name: str, *,
             result: Result | None = None) -> str:
    """The play as BoardGameGeek's play export writes it (XML API2 `plays`), for logging it on
    BGG by hand: date, length, the game and its id, each player's name, start position, score,
    win and new (0: the session doesn't know who played the game for the first time)."""
    result = result if result is not None else final_result(data)
    game_id = str(data["game"])
    start = moment(data.get("created"))
    minutes = played_minutes(data)
    plays = ElementTree.Element("plays")
    play = ElementTree.SubElement(plays, "play", {
        "date": start.strftime("%Y-%m-%d") if start else "", "quantity": "1",
        "length": str(minutes or 0), "incomplete": "0", "nowinstats": "0", "location": ""})
    item = ElementTree.SubElement(play, "item", {"name": game_title(game_id),
                                                  "objecttype": "thing"})
    found = bgg_id(game_id)
    if found is not None:
        item.set("objectid", str(found))
    subtypes = ElementTree.SubElement(item, "subtypes")
    ElementTree.SubElement(subtypes, "subtype", {"value": "boardgame"})
    seats = ElementTree.SubElement(play, "players")
    first = start_seat(data)
    count = len(result.players)
    for seat, player in enumerate(result.players):
        # Turns go clockwise, seat by seat, from the first player.
        position = "" if first is None else str((seat - first) % count + 1)
        ElementTree.SubElement(seats, "player", {
            "username": "", "userid": "0", "name": player.name,
            "startposition": position, "color": "",
            "score": str(player.total), "new": "0", "rating": "0",
            "win": "1" if player.name in result.winners else "0"})
    note = ElementTree.SubElement(play, "comments")
    note.text = f"{comments(data, result)} {SOURCE_NAME}: {visible(file_name)}"
    ElementTree.indent(plays)
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            + ElementTree.tostring(plays, encoding="unicode") + "\n")


PLAY_LOGS = {"bgstats": bgstats_json, "bgstats-link": bgstats_link, "bgg": bgg_play}


def play_log_text(form: str, data: Mapping[str, Any], file_name: str, result: Result) -> str:
    """What `lastround export FILE --bgstats`, `--bgstats-link` or `--bgg` prints: the play in
    that form, ending in a newline."""
    text = PLAY_LOGS[form](data, file_name, result=result)
    return text if text.endswith("\n") else text + "\n"
