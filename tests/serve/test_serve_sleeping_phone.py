"""A phone that sleeps lets go of its seat: the server pings each browser every few seconds,
and one that answers none is let go (its app ended) within 10 s. A phone's next page, reloaded
or woken, takes over from its earlier one at once: the server knows the phone by a cookie of
its own and ends the earlier page's app, so "another terminal holds this seat" never meets
the same player."""

from __future__ import annotations

import time
from pathlib import Path

import aiohttp

from lastround.shell.serve import PHONE_COOKIE
from tests.serve.served import joiners_of, serving, wait_until
from tests.serve.test_serve_limits import closing, joined
from tests.support.table_sessions import ready_for_seats


async def test_the_page_gives_its_phone_a_cookie_of_its_own(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    ready_for_seats("rftg", saves)
    with serving(saves, tmp_path) as served:
        async with aiohttp.ClientSession() as session, session.get(served.url) as page:
            cookie = page.cookies.get(PHONE_COOKIE)
            assert cookie is not None and len(cookie.value) >= 16
            assert cookie["httponly"] and cookie["path"] == f"/{served.token}/"


async def test_a_sleeping_phone_is_let_go_within_10_seconds(tmp_path: Path) -> None:
    """A browser that stops answering the server's pings (its phone asleep, its link never
    closed) has its app ended within 10 s: its seat is free again."""
    saves = tmp_path / "saves"
    ready_for_seats("rftg", saves)
    with serving(saves, tmp_path) as served:
        async with aiohttp.ClientSession() as session:
            asleep = await joined(session, served, autoping=False)
            assert len(joiners_of(saves)) == 1
            slept = time.monotonic()
            wait_until(lambda: not joiners_of(saves), "the sleeping phone's app ended",
                       seconds=10)
            assert time.monotonic() - slept < 10
            await asleep.close()
        wait_until(lambda: "browser gone" in served.log(), "its place freed")


async def test_the_same_phones_next_page_takes_over_from_its_earlier_one(
        tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    ready_for_seats("rftg", saves)
    with serving(saves, tmp_path) as served:
        jar = aiohttp.CookieJar(unsafe=True)  # loopback's address takes cookies too
        async with aiohttp.ClientSession(cookie_jar=jar) as phone:
            async with phone.get(served.url):
                pass  # the page: its cookie
            earlier = await joined(phone, served)
            [earlier_app] = joiners_of(saves)
            later = await joined(phone, served)
            message = await closing(earlier)
            assert message.data == 4004 and "opened again" in str(message.extra), message
            wait_until(lambda: joiners_of(saves) != [earlier_app] and len(joiners_of(saves)) == 1,
                       "the earlier page's app ended, the later one's running")
            assert not later.closed
        async with aiohttp.ClientSession() as other:  # another phone: no cookie, its own page
            await joined(other, served)
