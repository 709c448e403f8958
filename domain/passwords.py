"""Password hashing with argon2id, off the event loop, with a bounded queue.

Parameters: OWASP's Password Storage Cheat Sheet (argon2id, m=19 MiB, t=2, p=1). argon2-cffi's default
(RFC 9106's low-memory profile, m=64 MiB, t=3, p=4) costs about 0.2 s of CPU a check spread over four
threads, so 8 logins a second take most of a 2-core host; these take about 30 ms on one thread. Hashes made
with other parameters still verify and are rehashed at the next successful login."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import TypeVar, TypeVarTuple

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from domain.errors import DomainError
from domain.settings import get_settings

_hasher = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
T = TypeVar("T")
Ts = TypeVarTuple("Ts")


class HashingBusy(DomainError):
    """More password checks are waiting than the process takes: refused at once, not queued for seconds."""

    status, code = 503, "PASSWORD_CHECKS_BUSY"


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    """Whether a stored hash was made with other parameters than today's."""
    try:
        return _hasher.check_needs_rehash(password_hash)
    except InvalidHashError:
        return True


@lru_cache(maxsize=1)
def _pool() -> ThreadPoolExecutor:
    """A few threads (argon2-cffi releases the GIL): a burst of logins queues here, every other call goes on."""
    return ThreadPoolExecutor(max_workers=max(1, get_settings().password_hash_threads), thread_name_prefix="argon2")


class _Admission:
    """Counts the checks queued or running in this process; past the limit a login is refused at once."""

    waiting = 0


async def _off_loop(function: Callable[[*Ts], T], *args: *Ts) -> T:
    settings = get_settings()
    if _Admission.waiting >= max(1, settings.password_hash_threads) * settings.password_hash_queue:
        raise HashingBusy()
    _Admission.waiting += 1
    try:
        return await asyncio.get_running_loop().run_in_executor(_pool(), function, *args)
    finally:
        _Admission.waiting -= 1


async def hash_password_off_loop(password: str) -> str:
    return await _off_loop(hash_password, password)


async def verify_password_off_loop(password_hash: str, password: str) -> bool:
    return await _off_loop(verify_password, password_hash, password)
