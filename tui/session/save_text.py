"""A session file's new text: what the data changed is merged, everything else kept as it was.

tomlkit keeps a comment added by hand through a save, but it parses at well over a second a
MiB (a file of 8 MiB of comments took half a minute to save, a log of 20,000 entries a minute
and a half, then 7 s for every later save). So tomlkit only sees what is small:
- runs of comment lines are folded, each into one placeholder comment, before it parses, and
  put back as they were after it prints;
- the log, nearly all of a long session and only ever added to, stays text, one piece per
  entry: an entry the data still holds keeps its piece, comments and layout included, and only
  a new or changed entry goes through tomlkit.
A file this can't cut safely (a table after the log, a multi-line string) goes through
tomlkit whole, comments still folded when that is safe.
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import tomlkit

from lastround.session.toml_merge import is_table_list, merge_into, to_item
from lastround.session.toml_read import read_toml

COMMENT_RUN = re.compile(r"(?m)^(?:[ \t]*#[^\n]*\n)+")
HEADER = re.compile(r"(?m)^[ \t]*\[[^\n]*\][ \t]*(?:#[^\n]*)?$")  # any table header line
LOG_HEADER = re.compile(r"[ \t]*\[\[[ \t]*log[ \t]*\]\]")
LOG_TABLE = re.compile(r"[ \t]*\[\[?[ \t]*log[ \t]*[].]")  # [[log]], or [log.values] in one

Piece = tuple[Any, str]  # a log entry as written, and its text


@dataclass
class Written:
    """What a save wrote, in the pieces the next save starts from (while the file is as it
    left it): the document of all but the log, and each log entry with its text."""

    document: Any  # tomlkit.TOMLDocument, with comment runs folded
    token: str  # in each placeholder comment: found nowhere in the file
    runs: list[str]  # the folded comment runs, by number
    log: list[Piece] | None  # each log entry's piece; None: the log is in the document


def render(previous: str, data: Mapping[str, Any], written: Written | None) -> tuple[str,
                                                                                     Written]:
    """The file's text with `data` saved into it; `written` is the last save's, if kept."""
    if written is None:
        written = pieces(previous)
    entries = data.get("log") or []
    log: list[Piece] = []
    if written.log is None or not is_table_list(entries):
        merge_into(written.document, data)
    else:
        merge_into(written.document, {k: v for k, v in data.items() if k != "log"})
        kept = written.log
        log = [log_piece(kept[i] if i < len(kept) else None, entry, i)
               for i, entry in enumerate(entries)]
    head = unfold(tomlkit.dumps(written.document), written)
    if log and head and not head.endswith("\n"):  # a file ending without one, by hand
        head += "\n"
    text = head + "".join(t for _, t in log)
    return text, Written(written.document, written.token, written.runs,
                         None if written.log is None else log)


def log_piece(kept: Piece | None, entry: Mapping[str, Any], index: int) -> Piece:
    """The entry's `[[log]]` table: the kept one when it holds the same, else the kept one
    merged with the entry (keeping its comments), or a new one (after a blank line, as
    tomlkit spaces the tables of an array)."""
    if kept is not None and kept[0] == entry:
        return kept
    document = tomlkit.document()
    if kept is not None:
        try:
            document = tomlkit.parse(kept[1])
            merge_into(document["log"][0], entry, 1)
        except (RecursionError, tomlkit.exceptions.ParseError, KeyError, IndexError):
            document = tomlkit.document()
    if "log" not in document:
        document["log"] = to_item([entry], 0, "log")
        return copy.deepcopy(entry), "\n" * (index > 0) + tomlkit.dumps(document)
    return copy.deepcopy(entry), tomlkit.dumps(document)


# --- cutting the previous text -----------------------------------------------------------------


def pieces(previous: str) -> Written:
    """The previous text cut into what tomlkit parses and the log's pieces, when it can be."""
    if previous and not previous.endswith("\n"):  # else tomlkit may run a table added at the
        previous += "\n"  # end into the last line of a CRLF file: the file would not read back
    token = unused_token(previous)
    multiline = '"""' in previous or "'''" in previous  # could hide a header or a comment
    head, log = (previous, None) if multiline else split_log(previous)
    if log is not None:
        cut = parsed(head, token, log)
        if cut is not None and cut.document.get("log") in (None, []):
            return cut  # else a log also defined before: leave the file whole
    whole = parsed(previous, token, None, fold_comments=not multiline)
    return whole or Written(tomlkit.document(), token, [], None)  # not TOML: written anew


def parsed(text: str, token: str, log: list[Piece] | None,
           fold_comments: bool = True) -> Written | None:
    runs: list[str] = []
    try:
        document = tomlkit.parse(fold(text, token, runs) if fold_comments else text)
    except (RecursionError, tomlkit.exceptions.ParseError):
        return None
    return Written(document, token, runs, log)


def split_log(text: str) -> tuple[str, list[Piece] | None]:
    """The text before the log, and the log's entries with their text; None for the log when
    it is not the last thing in the file, or its text does not read as its entries."""
    starts = [m.start() for m in HEADER.finditer(text)]
    logs = [s for s in starts if LOG_HEADER.match(text, s)]
    if not logs:
        return text, []
    if any(not LOG_TABLE.match(text, s) for s in starts if s > logs[0]):
        return text, None  # a table after the log: tomlkit keeps the order
    texts = [text[start:end] for start, end in zip(logs, [*logs[1:], len(text)], strict=True)]
    try:
        read = read_toml(text[logs[0]:])
    except (RecursionError, ValueError):  # not TOML (TOMLDecodeError), too deep
        return text, None
    entries = read.get("log")
    if list(read) != ["log"] or not isinstance(entries, list) or len(entries) != len(texts):
        return text, None
    return text[:logs[0]], list(zip(entries, texts, strict=True))


def unused_token(text: str) -> str:
    # os.urandom, as secrets.token_hex reads it: secrets loads OpenSSL (hashlib, about
    # 0.7 MiB of memory) for a placeholder that only has to be absent from the text.
    while (token := f"lastround-{os.urandom(6).hex()}") in text:
        pass
    return token


def fold(text: str, token: str, runs: list[str]) -> str:
    """Each run of comment lines as one placeholder comment (tomlkit keeps comments as they
    are, but reads them a character at a time)."""

    def placeholder(run: re.Match[str]) -> str:
        runs.append(run.group())
        return f"#{token}:{len(runs) - 1}\n"

    return COMMENT_RUN.sub(placeholder, text)


def unfold(text: str, written: Written) -> str:
    if not written.runs:
        return text
    return re.sub(rf"(?m)^[ \t]*#{written.token}:(\d+)\n",
                  lambda m: written.runs[int(m.group(1))], text)
