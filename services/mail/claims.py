"""An outbox row's claim, committed in the same instant as the final "." of its SMTP DATA
(docs/decisions/mail-outbox.md).

Each SMTP lane has a database connection of its own, driven through libpq directly (psycopg.pq), because the
claim's COMMIT must be put on the wire without waiting for anything, right after the "." was:

1. `claim`: BEGIN, and the row turns SENDING if it is PENDING and no other attempt holds it (SKIP LOCKED).
   Not committed: a worker killed from here on leaves the transaction to be rolled back by the database.
2. The message goes out, its final "." included (services/mail/smtp.py).
3. `commit_now`: COMMIT written to the database socket, no await since the "." reached the kernel (with the
   claim of the lane's next row behind it, so that it costs no round trip of its own).
4. `settle`: the replies, or a ROLLBACK when the message never got to its ".".
"""

from __future__ import annotations

import asyncio
import select
from typing import Any

import psycopg
from psycopg import pq

OK = (pq.ExecStatus.COMMAND_OK, pq.ExecStatus.TUPLES_OK)
CLAIM = ("begin; update mail_outbox set status = 'SENDING', attempts = attempts + 1, updated_at = now() "
         "where id = (select id from mail_outbox where id = {} and status = 'PENDING' for update skip locked) "
         "returning id")


class Claims:
    def __init__(self, conn: psycopg.AsyncConnection[Any]) -> None:
        self.conn = conn  # its libpq object for the claims; psycopg itself for the lane's other statements
        self.pg = conn.pgconn
        self.open = False  # a claim's transaction is open
        self.committing = False  # its COMMIT is on the wire, the reply not read
        self.ahead: int | None = None  # the next row, claimed in the same write as the COMMIT
        self.commit_sql = b"commit"  # built before the "." so that nothing but its write follows it
        self.held: tuple[int, bool] | None = None  # that claim's row and whether it got it

    @classmethod
    async def connect(cls, url: str) -> Claims:
        """`url`: the database as psycopg takes it (domain.db.plain_url)."""
        conn = await psycopg.AsyncConnection.connect(url, autocommit=True)
        # A lost commit (a database crash, not a worker's) leaves the row PENDING: sent again, never lost.
        await conn.execute("set synchronous_commit to off")
        return cls(conn)

    async def claim(self, row_id: int) -> bool:
        """True with the row SENDING in an open transaction; False when it is not PENDING or another holds it."""
        if self.held is not None and self.held[0] == row_id:
            got = self.held[1]
        else:
            self.send(self.claim_sql(row_id, rollback=self.open))
            self.open = True
            got = (await self.results())[-1].ntuples == 1
        self.held = None
        return got  # not got: the transaction stays open, the next claim or `release` rolls it back

    def claim_ahead(self, row_id: int | None) -> None:
        """The row `commit_now` claims with its COMMIT, saving the next mail a round trip."""
        self.ahead = row_id
        self.commit_sql = b"commit" + (b"; " + self.claim_sql(row_id, rollback=False) if row_id is not None else b"")

    def commit_now(self) -> None:
        """Called right after the "." went into the SMTP socket; the replies are read by `settle`."""
        self.send(self.commit_sql)
        self.committing = True

    async def settle(self) -> None:
        """After each message: the COMMIT's reply (and the next row's claim), or ROLLBACK without a "."."""
        if self.committing:
            found = await self.results()
            self.open = self.ahead is not None
            self.held = (self.ahead, found[-1].ntuples == 1) if self.ahead is not None else None
        else:
            await self.release()
        self.committing, self.ahead, self.commit_sql = False, None, b"commit"

    async def release(self) -> None:
        """Give back a claim not sent (the message did not get to its ".", or the lane stops)."""
        if self.open:
            self.send(b"rollback")
            await self.results()
        self.open, self.held = False, None

    @staticmethod
    def claim_sql(row_id: int, *, rollback: bool) -> bytes:
        return (("rollback; " if rollback else "") + CLAIM.format(int(row_id))).encode()

    def close(self) -> None:
        """Closing rolls back an open claim, as the database does for a killed worker's connection."""
        self.pg.finish()

    def send(self, sql: bytes) -> None:
        self.pg.send_query(sql)  # raises when the connection is broken
        while self.pg.flush():  # a few dozen bytes: the socket takes them at once unless it is broken
            select.select([], [self.pg.socket], [], 1.0)

    async def results(self) -> list[pq.abc.PGresult]:
        found = []
        while True:
            self.pg.consume_input()
            while self.pg.is_busy():
                await self.readable()
                self.pg.consume_input()
            result = self.pg.get_result()
            if result is None:
                break
            found.append(result)
        failed = [r for r in found if r.status not in OK]
        if failed or not found:
            raise psycopg.OperationalError(self.error(failed[0] if failed else None))
        return found

    async def readable(self) -> None:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        loop.add_reader(self.pg.socket, lambda: None if ready.done() else ready.set_result(None))
        try:
            await ready
        finally:
            loop.remove_reader(self.pg.socket)

    def error(self, result: pq.abc.PGresult | None = None) -> str:
        message = (result.error_message if result is not None else None) or self.pg.error_message
        return message.decode(errors="replace") or "database connection lost"
