"""Engine, sessions and the declarative base shared by the API, activities and scripts."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from datetime import datetime
from functools import lru_cache
from typing import Any, Protocol

import psycopg
from psycopg import AsyncConnection, AsyncCursor
from psycopg.rows import namedtuple_row
from psycopg_pool import AsyncConnectionPool
from sqlalchemy import CheckConstraint, DateTime, MetaData, func, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from domain.settings import get_settings

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {datetime: DateTime(timezone=True)}


class Timestamps:
    """Created and updated times, stored in UTC (timestamptz), read back by RETURNING on every write."""

    __mapper_args__ = {"eager_defaults": True}

    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())


# psycopg prepares a statement after 5 runs; PostgreSQL may then switch to a generic plan that does not know
# the LIMIT or the filter values and scans a whole table (measured: 5 ms -> 400 ms for a ticket list page at
# 1M rows). Planning each run costs far less than that.
PLANNING = "-c plan_cache_mode=force_custom_plan"


@lru_cache
def get_engine(url: str | None = None) -> AsyncEngine:
    settings = get_settings()
    return create_async_engine(
        url or settings.sqlalchemy_url,
        pool_size=settings.db_pool_size,
        max_overflow=settings.db_pool_size,
        pool_timeout=settings.db_pool_timeout,
        pool_pre_ping=True,
        connect_args={"options": PLANNING},
    )


class Executor(Protocol):
    """What runs SQL on the plain pool: a psycopg connection, or a wrapper of one (api/kept_callers.py)."""

    async def execute(self, query: str, params: dict[str, Any] | None = None) -> AsyncCursor[Any]: ...


@lru_cache
def get_plain_pool() -> AsyncConnectionPool[AsyncConnection[Any]]:
    """Plain psycopg connections in autocommit for hot calls of one statement each: the plain reads and writes
    (api/deps.py `Plain`) and the operation log's INSERT. No ORM, no BEGIN and COMMIT, no ping on every
    checkout: on this hardware every round trip costs more CPU than the statements themselves. Opened by the
    first `plain_connection` in the running loop."""
    settings = get_settings()
    return AsyncConnectionPool(plain_url(), min_size=1, max_size=settings.db_pool_size, open=False,
                               kwargs={"autocommit": True, "options": PLANNING, "row_factory": namedtuple_row})


def plain_url() -> str:
    """The database URL as psycopg (not SQLAlchemy) takes it."""
    url = make_url(get_settings().sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


async def working(pool: AsyncConnectionPool[AsyncConnection[Any]]) -> AsyncConnection[Any]:
    """A pooled connection that answers: broken ones (the database restarted) are dropped until one does."""
    for _ in range(pool.max_size):
        conn = await pool.getconn(timeout=get_settings().db_pool_timeout)
        try:
            await pool.check_connection(conn)
            return conn
        except psycopg.OperationalError:
            await pool.putconn(conn)  # the pool discards a broken connection
    return await pool.getconn(timeout=get_settings().db_pool_timeout)


@asynccontextmanager
async def plain_connection(*, checked: bool = True) -> AsyncIterator[AsyncConnection[Any]]:
    """A read connection; `checked=False` skips the ping when the caller's first statement is check enough."""
    pool = get_plain_pool()
    if pool.closed:  # open() takes the pool's lock even when open: not on every call
        await pool.open()
    conn = await working(pool) if checked else await pool.getconn(timeout=get_settings().db_pool_timeout)
    try:
        yield conn
    finally:
        await pool.putconn(conn)


def pool_use() -> dict[str, dict[str, int]]:
    """How full the two connection pools are (for /cms/health): in use, capacity, calls waiting."""
    engine_pool: Any = get_engine().pool  # a QueuePool: pool_size + max_overflow connections at most
    use = {"orm": {"inUse": engine_pool.checkedout(), "capacity": engine_pool.size() + engine_pool._max_overflow,
                   "waiting": 0}}
    if get_plain_pool.cache_info().currsize:
        stats, plain = get_plain_pool().get_stats(), get_plain_pool()
        use["plain"] = {"inUse": stats.get("pool_size", 0) - stats.get("pool_available", 0),
                        "capacity": plain.max_size, "waiting": stats.get("requests_waiting", 0)}
    return use


async def close_plain_pool() -> None:
    if get_plain_pool.cache_info().currsize:
        await get_plain_pool().close()


def refused_value(exc: BaseException) -> str | None:
    """The SQLSTATE when the database refused a value: a data exception (class 22) or an integrity violation
    (class 23), also when psycopg refused it before sending (a NUL, a lone surrogate). No retry can help
    then; anything else (an outage) may heal. None when it is not such an error."""
    orig = getattr(exc, "orig", None) or exc
    if isinstance(orig, psycopg.DataError | psycopg.IntegrityError):
        return orig.sqlstate or ("23000" if isinstance(orig, psycopg.IntegrityError) else "22000")
    if isinstance(orig, UnicodeEncodeError):
        return "22021"  # character_not_in_repertoire, what PostgreSQL answers for text it cannot store
    return None


@lru_cache
def get_sessionmaker(url: str | None = None) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(get_engine(url), expire_on_commit=False)


async def driver_of(db: AsyncSession) -> AsyncConnection[Any]:
    """The psycopg connection beneath the session's transaction: a hot path's statements written for psycopg run
    in that transaction without SQLAlchemy building, compiling and wrapping each of them."""
    connection = await (await db.connection()).get_raw_connection()
    assert connection.driver_connection is not None  # checked out: the session's transaction holds it
    driver: AsyncConnection[Any] = connection.driver_connection
    return driver


@asynccontextmanager
async def transaction() -> AsyncIterator[AsyncSession]:
    """One unit of work: commits on success, rolls back on any error."""
    async with get_sessionmaker()() as session, session.begin():
        yield session


def one_of(column: str, values: Iterable[str], *, nullable: bool = False) -> CheckConstraint:
    """A CHECK that keeps a text column within an enumeration, named `<column>_valid` (SPEC §3 lists are closed)."""
    allowed = ", ".join(f"'{value}'" for value in values)
    condition = f"{column} IN ({allowed})"
    return CheckConstraint(f"{column} IS NULL OR {condition}" if nullable else condition, name=f"{column}_valid")
