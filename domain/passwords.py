"""Password hashing with argon2id (argon2-cffi's recommended parameters), off the event loop."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from domain.settings import get_settings

_hasher = PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


@lru_cache(maxsize=1)
def _pool() -> ThreadPoolExecutor:
    """A few threads (argon2-cffi releases the GIL): a burst of logins queues here, every other call goes on."""
    return ThreadPoolExecutor(max_workers=max(1, get_settings().password_hash_threads), thread_name_prefix="argon2")


async def hash_password_off_loop(password: str) -> str:
    return await asyncio.get_running_loop().run_in_executor(_pool(), hash_password, password)


async def verify_password_off_loop(password_hash: str, password: str) -> bool:
    return await asyncio.get_running_loop().run_in_executor(_pool(), verify_password, password_hash, password)
