"""Logins arriving together (docs/decisions/login-throttling.md): a try is counted before its password is
checked, and one that only tries still being checked stand in the way of waits for their outcome. So correct
logins of one account from many clients at once all get in, while a burst of guesses, alone or among correct
logins, still gets its five free failures and then 429."""

import asyncio
import time
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import insert

from api import throttle
from domain.db import transaction
from domain.models.auth import LoginAttempt
from tests.integration.people import client_from, create_user, login, random_ip

WRONG = "Wrong-pass-1"


@pytest.fixture
def slow_checks(monkeypatch):  # type: ignore[no-untyped-def]
    """Password checks that take a while, as production's argon2 does on a busy host, so tries overlap."""
    from domain import passwords

    real = passwords.verify_password

    def slow(stored: str, password: str) -> bool:
        time.sleep(0.1)
        return real(stored, password)

    monkeypatch.setattr(passwords, "verify_password", slow)


def statuses(replies) -> list[int]:  # type: ignore[no-untyped-def]
    return sorted(reply.status_code for reply in replies)


async def test_correct_logins_of_one_account_from_twenty_clients_all_get_in(app, slow_checks):
    user = await create_user()
    async with client_from(app, random_ip()) as office:
        replies = await asyncio.gather(*(login(office, user.username) for _ in range(20)))
    assert statuses(replies) == [200] * 20, [r.text for r in replies if r.status_code != 200][:1]


async def test_a_burst_of_wrong_passwords_gets_five_checks_then_waits(app, slow_checks):
    user = await create_user()
    async with client_from(app, random_ip()) as guesser:
        replies = await asyncio.gather(*(login(guesser, user.username, WRONG) for _ in range(12)))
        assert statuses(replies) == [400] * 5 + [429] * 7
        assert {r.json()["code"] for r in replies if r.status_code == 429} == {"LOGIN_THROTTLED"}
        assert (await login(guesser, user.username)).status_code == 429


async def test_guesses_racing_correct_logins_get_no_free_tries(app, slow_checks):
    """The owner's successes forgive the owner's own address only: a guesser elsewhere, trying among them,
    still has five failures and then waits."""
    user = await create_user()
    async with client_from(app, random_ip()) as owner, client_from(app, random_ip()) as guesser:
        tries = []
        for _ in range(12):
            tries += [login(owner, user.username), login(guesser, user.username, WRONG)]
        tries += [login(owner, user.username) for _ in range(8)]
        replies = await asyncio.gather(*tries)
        guesses = replies[1:24:2]
        assert statuses(guesses) == [400] * 5 + [429] * 7
        assert statuses([r for r in replies if r not in guesses]) == [200] * 20
        assert (await login(guesser, user.username)).status_code == 429


async def undecided_tries(account: str, ip: str, count: int, age: timedelta) -> None:
    async with transaction() as db:
        at = datetime.now(UTC) - age
        await db.execute(insert(LoginAttempt), [{"account": account, "ip": ip, "at": at, "success": None}] * count)


async def test_tries_that_never_settle_count_as_failures(app, monkeypatch):
    """A try whose outcome never comes (its process died between its steps) is waited for a while, then counted
    as failed; one older than a minute is counted at once."""
    monkeypatch.setattr(throttle, "PATIENCE_SECONDS", 0.5)
    user = await create_user()
    ip = random_ip()
    await undecided_tries(user.username, ip, 5, timedelta(seconds=1))
    async with client_from(app, ip) as stuck:
        assert (await login(stuck, user.username)).status_code == 429
    other = await create_user()
    ip = random_ip()
    await undecided_tries(other.username, ip, 7, timedelta(seconds=61))  # the seventh failure: two minutes' wait
    monkeypatch.setattr(throttle, "PATIENCE_SECONDS", 300)  # were they still awaited, this would time out
    async with client_from(app, ip) as stale:
        reply = await asyncio.wait_for(login(stale, other.username), timeout=60)
    assert reply.status_code == 429
    assert 0 < int(reply.headers["retry-after"]) <= 60
