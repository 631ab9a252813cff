"""Checking what a player typed into a field, before anything is saved.

No Textual here: screens call these and show the message where it was typed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from lastround.games.base import Field, name_key

NAME_LIMIT = 20
NUMBER_LIMIT = 10**6


class Invalid(ValueError):
    """A value a field refuses; the message is shown at the field."""


def parse_int(field: Field, raw: str) -> int:
    text = raw.strip()
    if not text and field.blank is not None:
        return field.blank
    if not text:
        raise Invalid(f"{field.label}: enter a number")
    try:
        value = int(text)
    except ValueError:
        raise Invalid(f"{field.label}: whole numbers only ({text!r} is not one)") from None
    low = field.minimum if field.minimum is not None else -NUMBER_LIMIT
    high = field.maximum if field.maximum is not None else NUMBER_LIMIT
    if value < low:
        raise Invalid(f"{field.label}: must be at least {low}")
    if value > high:
        raise Invalid(f"{field.label}: must be at most {high}")
    return value


def typing_problem(field: Field, raw: str) -> str:
    """What is wrong with a number field's text as it is typed ("" while it may still become
    right): a character that can't be part of a whole number is named at once."""
    if field.kind != "int" or raw.strip() in ("", "-", "+"):
        return ""
    try:
        parse_int(field, raw)
    except Invalid as problem:
        return str(problem)
    return ""


def parse_name(raw: str, label: str = "Name") -> str:
    name = " ".join(raw.split())
    if not name:
        raise Invalid(f"{label}: enter a name")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise Invalid(f"{label}: control characters are not allowed")
    if len(name) > NAME_LIMIT:
        raise Invalid(f"{label}: at most {NAME_LIMIT} characters")
    return name


def check_players(names: Sequence[str], least: int = 2, most: int = 4) -> None:
    if len(names) < least:
        raise Invalid(f"Enter at least {least} players")
    if len(names) > most:
        raise Invalid(f"At most {most} players")
    seen: set[str] = set()
    for name in names:
        if name_key(name) in seen:
            raise Invalid(f"{name!r} is seated twice: names must differ")
        seen.add(name_key(name))


def parse_text(raw: str, label: str, limit: int, *, optional: bool = False) -> str:
    """Free text (a card's name, a folder): spaces tidied, no control characters, not too long."""
    text = " ".join(raw.split()) if optional else raw.strip()
    if not text and not optional:
        raise Invalid(f"{label}: enter something")
    if any(unicodedata.category(c).startswith("C") for c in text):
        raise Invalid(f"{label}: control characters are not allowed")
    if len(text) > limit:
        raise Invalid(f"{label}: at most {limit} characters")
    return text
