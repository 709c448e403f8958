"""A kept caller checked by the call's own first statement (docs/decisions/one-dispatch-path.md).

Every call reads the auth epoch to know whether the caller it kept (api/principals.py) is still current. A route
whose statements all run on its plain connection (`Plain`, api/deps.py: no ORM session) does not read it apart:
the kept caller is used at once, and the connection's first statement goes out behind `auth_epoch_is(<the kept
caller's epoch>)` in the same message (the simple query protocol, one implicit transaction; migration 0030). If the
epoch moved (a role, grant, session or user changed since the caller was kept), the function raises, nothing of the
statement runs, and `CallAgain` makes the middleware (api/audit_log.py `logged`) run the call once more, the body
replayed, with the caller read afresh: refused or served as usual. A revoked right therefore stops the very next
call in every process. A route that ran no statement has the epoch checked when it returns, before its reply.

The connection is not pinged when it is checked out: the first statement is check enough. A connection a database
restart broke fails that statement, and the call is run again on a pinged one. A write whose connection broke
under it may so run twice: a `Plain` route only reads, or writes idempotently under a key (a stock movement's key
is UNIQUE on its change record).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import psycopg
from fastapi import Request
from psycopg import AsyncConnection

from api import security
from api.principals import CALLERS, Caller
from domain.db import plain_connection

AUTH_CHECK = "SELECT auth_epoch_is(%(auth_epoch)s);\n"
EPOCH_MOVED = "OE001"  # raised by auth_epoch_is (migration 0030)
RECHECK = "recheck_caller"  # request state: the call runs again, its caller read afresh
EPOCH_DUE = "epoch_due"  # request state: the kept caller's epoch, for the first statement to check


class CallAgain(Exception):
    """The call's first statement did not run (the kept caller's epoch moved, or the connection was broken): it is
    run once more from the start, its caller read afresh."""


def kept_caller(request: Request, token: str) -> Caller | None:
    """The caller kept for `token`, to be checked by the route's first statement (module doc), or None: the caller
    is read now (a call run again, a caller not kept, expired, or whose session needs renewal, an upload whose body
    is not kept to be replayed)."""
    if (getattr(request.state, RECHECK, False)
            or request.headers.get("content-type", "").startswith("multipart/")):
        return None
    caller = CALLERS.get(security.token_hash(token))
    if caller is None or caller.needs_renewal or caller.expires_at <= security.now():
        return None
    setattr(request.state, EPOCH_DUE, caller.epoch)
    return caller


class EpochChecked:
    """A plain connection whose first statement carries the kept caller's auth check, if the call has one."""

    def __init__(self, conn: AsyncConnection[Any], request: Request, pinged: bool) -> None:
        self.conn = conn
        self.state = request.state
        self.first = True  # the caller's epoch may be due only once every dependency is resolved
        self.pinged = pinged

    async def execute(self, query: str, params: dict[str, Any] | None = None) -> psycopg.AsyncCursor[Any]:
        due = getattr(self.state, EPOCH_DUE, None) if self.first else None
        if not self.first or (due is None and self.pinged):
            return await self.conn.execute(query, params)
        self.first = False
        try:
            if due is None:
                return await self.conn.execute(query, params)
            cursor = psycopg.AsyncClientCursor(self.conn)
            await cursor.execute(AUTH_CHECK + query, {**(params or {}), "auth_epoch": due})
        except psycopg.OperationalError:
            if self.pinged:
                raise
            raise CallAgain() from None  # a connection a restart broke: nothing ran
        except psycopg.Error as exc:
            if exc.sqlstate == EPOCH_MOVED:
                raise CallAgain() from None
            raise
        cursor.nextset()
        return cursor

    async def settle(self) -> None:
        """After the route: a kept caller whose route ran no statement is checked now."""
        if self.first and getattr(self.state, EPOCH_DUE, None) is not None:
            await (await self.execute("SELECT 1", {})).fetchone()


@asynccontextmanager
async def epoch_checked(request: Request) -> AsyncIterator[EpochChecked]:
    """The plain connection of a call: not pinged, unless the call runs again."""
    pinged = bool(getattr(request.state, RECHECK, False))
    async with plain_connection(checked=pinged) as conn:
        db = EpochChecked(conn, request, pinged)
        yield db
        await db.settle()
