"""The door of `lastround serve`: its link, with a token a person can type from the host's
screen, and the pace at which a stranger may try wrong ones.

The token is TOKEN_LENGTH characters from an alphabet without look-alikes (no 0/O, 1/l/I),
read in either case. Guessing it is slowed per address: WRONG_BURST wrong links at once,
then WRONG_PER_SECOND; past that, every request from the address is refused unread (its token
not even compared) until its pace drops. The arithmetic, for a whole /24 network of
strangers (254 addresses) each guessing as fast as it is let:
    31**10 ≈ 8.2e14 tokens; 254 × 2 = 508 guesses a second;
    half the tokens tried ≈ 8.2e14 / 2 / 508 ≈ 8.1e11 s ≈ 25,000 years,
against a game of a few hours.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field

ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # 31: no 0, 1, i, l, o
TOKEN_LENGTH = 10
WRONG_BURST = 8  # wrong links an address may send at once (a phone mistyping a few times)
WRONG_PER_SECOND = 2.0  # and then, sustained


@dataclass(frozen=True)
class Door:
    """Where the table's browsers come in: the address, the port and the token."""

    host: str
    port: int
    token: str

    @property
    def origin(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @property
    def url(self) -> str:
        return f"{self.origin}/{self.token}/"

    def opens(self, typed: str) -> bool:
        """Whether the path's first part is the token, in either case."""
        return secrets.compare_digest(typed.lower().encode(), self.token.encode())


def new_door(host: str, port: int) -> Door:
    return Door(host, port, "".join(secrets.choice(ALPHABET) for _ in range(TOKEN_LENGTH)))


@dataclass
class Pace:
    """One address's wrong links: a bucket of WRONG_BURST, refilled WRONG_PER_SECOND."""

    left: float = WRONG_BURST
    at: float = field(default_factory=time.monotonic)
    refused: int = 0  # requests refused unread in this burst


class Strangers:
    """Wrong links per address, and whether an address is to be refused unread."""

    def __init__(self) -> None:
        self.paces: dict[str, Pace] = {}

    def pace(self, address: str) -> Pace:
        pace = self.paces.setdefault(address, Pace())
        now = time.monotonic()
        pace.left = min(WRONG_BURST, pace.left + (now - pace.at) * WRONG_PER_SECOND)
        pace.at = now
        if pace.left >= WRONG_BURST:
            pace.refused = 0  # a burst is over once the bucket is full again
        return pace

    def too_fast(self, address: str) -> int:
        """0 while the address keeps the pace; else how many of its requests this burst were
        refused unread, this one included."""
        pace = self.pace(address)
        if pace.left >= 1:
            return 0
        pace.refused += 1
        return pace.refused

    def wrong(self, address: str) -> bool:
        """One wrong link from the address; whether it starts a burst (worth a log line)."""
        pace = self.pace(address)
        starts = pace.left >= WRONG_BURST
        pace.left -= 1
        if len(self.paces) > 4096:  # a flood of addresses: the full buckets are let go
            self.paces = {a: p for a, p in self.paces.items() if p.left < WRONG_BURST}
        return starts
