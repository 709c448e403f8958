"""Alembic environment: the URL comes from OMP settings (or `-x url=...`), never from alembic.ini."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine

import domain.models  # noqa: F401  (registers every table)
from domain.db import Base
from domain.settings import get_settings

config = context.config
target_metadata = Base.metadata


def url() -> str:
    return context.get_x_argument(as_dictionary=True).get("url") or get_settings().sqlalchemy_url


def run_offline() -> None:
    context.configure(url=url(), target_metadata=target_metadata, literal_binds=True, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


async def run_online() -> None:
    engine = create_async_engine(url())
    async with engine.connect() as connection:
        await connection.run_sync(_run)
    await engine.dispose()


if context.is_offline_mode():
    run_offline()
elif config.attributes.get("connection") is not None:  # called by code that holds a connection
    _run(config.attributes["connection"])
else:
    asyncio.run(run_online())
