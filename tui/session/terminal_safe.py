"""Text from elsewhere (a session file, a file name, the index), kept from driving the terminal.

A session file may come from anyone: a friend's, a synced folder, a hand edit. A control
character in it (ESC opening an escape sequence, BEL, a newline) or a bidirectional override
printed raw could set the window title, write the clipboard (OSC 52), blank the screen or make
text read backwards. Session files holding one are refused when read (`lastround.session.files`);
what can't be refused (file names, a message naming a value) is shown with each such
character escaped.
"""

from __future__ import annotations

import re

# C0 and C1 controls and DEL, the bidirectional marks, embeddings, overrides and isolates, the
# line and paragraph separators (a zero-width joiner stays: emoji names use it), and the lone
# surrogates that stand for the bytes of a file name that is not UTF-8 (os.fsdecode): printed,
# they are those raw bytes again (0x9B is an 8-bit CSI), or an error.
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
                    "\ud800-\udfff]")
# Longer than any line a screen or a terminal shows: the rest of a message is cut out.
LONGEST_LINE = 300


def unsafe_character(text: str) -> str | None:
    """The first character of `text` that must not reach a terminal, escaped; else None."""
    found = UNSAFE.search(text)
    return escaped(found.group()) if found else None


def escaped(character: str) -> str:
    """A character as Python writes it in a string: \\x1b, \\n, \\u202e."""
    return repr(character)[1:-1]


def visible(text: str) -> str:
    """`text` with every character that could drive a terminal written as its escape."""
    return UNSAFE.sub(lambda found: escaped(found.group()), text)


def one_line(text: str, longest: int = LONGEST_LINE) -> str:
    """A message that stays one short line, whatever the file it names holds: characters
    that could drive a terminal escaped, and the middle of an overlong one cut out."""
    text = "".join(c if c.isprintable() else escaped(c) for c in text)
    if len(text) <= longest:
        return text
    keep = longest - 1
    return f"{text[: keep * 2 // 3]}…{text[len(text) - keep // 3:]}"
