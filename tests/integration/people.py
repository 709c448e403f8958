"""Helpers for tests about people: a user with a known password, a client calling from a chosen address."""

from __future__ import annotations

import secrets
from contextlib import asynccontextmanager

import httpx
from argon2 import PasswordHasher
from sqlalchemy import insert, select

from domain import passwords
from domain.db import transaction
from domain.models.authorities import Authority
from domain.models.roles import Role, role_authorities
from domain.models.users import User, user_roles
from domain.passwords import hash_password
from tests.conftest import unique

# Cheap argon2id parameters for tests only: the production cost (~0.2 s a try) would dominate login tests.
passwords._hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)

PASSWORD = "Omp-Test-2026!"
PASSWORD_HASH = hash_password(PASSWORD)


async def create_user(*permissions: str, password: str = PASSWORD, super_user: bool = False, prefix: str = "p",
                      **fields: object) -> User:
    """A user with a known password holding exactly `permissions` through a fresh role (a super role if
    `super_user`), named `prefix` and ten letters."""
    name = unique(prefix)
    async with transaction() as db:
        values = {"username": name, "real_name": f"Real {name[:10]}", "display_name": "Person",
                  "email": f"{name}@test.local", **fields}
        user = User(password_hash=PASSWORD_HASH if password == PASSWORD else hash_password(password), **values)
        role = Role(name=f"role {name}", is_super=super_user)
        db.add_all([user, role])
        await db.flush()
        await db.execute(insert(user_roles).values(user_id=user.id, role_id=role.id))
        ids = (await db.scalars(select(Authority.id).where(Authority.identifier.in_(permissions)))).all()
        assert len(ids) == len(set(permissions)), f"unknown authority among {permissions}"
        if ids:
            await db.execute(insert(role_authorities), [{"role_id": role.id, "authority_id": i} for i in ids])
    return user


async def token_for(user: User) -> str:
    """A fresh session for the user, as a login opens one."""
    from api import security

    async with transaction() as db:
        return await security.open_session(db, user.id, remember=False, ip=None, user_agent="tests")


def random_ip() -> str:
    """A public address no other test uses, so throttling per address stays per test. Not 203.0.113.0/24: that
    block is reserved for documentation and Python counts it private (the audit log's LOCAL_NETWORK)."""
    third = secrets.choice([n for n in range(256) if n != 113])
    return f"203.0.{third}.{secrets.randbelow(254) + 1}"


@asynccontextmanager
async def client_from(app, ip: str):  # type: ignore[no-untyped-def]
    transport = httpx.ASGITransport(app=app, client=(ip, 50000))
    async with httpx.AsyncClient(transport=transport, base_url="http://console.test") as c:
        yield c


async def login(client, username: str, password: str = PASSWORD, **extra) -> httpx.Response:  # type: ignore[no-untyped-def]
    return await client.post("/cms/auth/login", json={"username": username, "password": password, **extra})


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
