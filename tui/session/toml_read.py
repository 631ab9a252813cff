"""Parsing TOML from elsewhere (a session, a draft, a seat's mailbox, the settings) with its
keys' depth bounded first.

tomllib's time grows with the square of the levels one dotted key names (`a.a.a… = 1`, or a
table header `[a.a.a…]`): a file of 84 KB naming 40,000 levels took 75 s to read, and the
size caps can't catch it. No file of Last Round's has a key of more than a few levels, so a key
of far more is refused before parsing, in linear time.
"""

from __future__ import annotations

import re
from typing import Any

# Far beyond any key Last Round writes or reads (tomllib parses a key of 100 levels at once).
DEEPEST_KEY = 100
# One level of a dotted key and its dot: a bare key, or a quoted one (escapes included).
LEVEL = r"""(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+')[ \t]*+\.[ \t]*+"""
# A key starts a line, a table header or an inline table's entry: only there is a long run
# of levels looked for, so each character is looked at a bounded number of times. (A string
# value may start a run too: refusing one that reads as a key of 100 levels loses nothing.)
DEEP_KEY = re.compile(rf"(?:^|[\[{{,])[ \t]*+(?:{LEVEL}){{{DEEPEST_KEY}}}", re.MULTILINE)


class TooDeep(ValueError):
    """A key names far more levels than any file of Last Round's."""


def read_toml(text: str) -> dict[str, Any]:
    """tomllib.loads, after refusing a key of more than DEEPEST_KEY levels (TooDeep).

    Raises what tomllib raises: TOMLDecodeError, ValueError (a number of thousands of digits)
    and RecursionError (arrays or inline tables nested a thousand deep)."""
    import tomllib  # not before the home's first frame (lastround.shell.warm_up loads it after)

    from lastround.session.toml_apart import parsed_apart

    if text.count(".") >= DEEPEST_KEY and DEEP_KEY.search(text):  # counting is 100× quicker
        raise TooDeep(f"a key of more than {DEEPEST_KEY} levels")
    apart = parsed_apart(text)  # a long log, a run of entries at a time: the same data
    return tomllib.loads(text) if apart is None else apart
