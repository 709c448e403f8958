"""`python -m services.mail.sender`: the SMTP lanes of one batch of a fire, in a process of its own that a
killed worker does not take with it (docs/decisions/mail-outbox.md).

A row's claim is committed with the final "." of its DATA (services/mail/claims.py): two writes on two
sockets. Were they made by the worker, a worker killed between them would leave a delivered message unclaimed,
and the retried batch would mail that recipient again. Here the worker only hands the batch over
(services/mail/fires.py) and this process, in its own session, makes both writes: when the worker dies its
end of the pipe closes, and the lanes finish the messages they are in (the ".", the COMMIT, the reply, the mark)
and take no new row.

The pipe: the worker writes the pickled `Job` on stdin and keeps it open; closing it means "stop after the
messages in flight". On stdout, one line per claimed row before its MAIL FROM (`claim <lane> <row>`), `free
<lane>` when a lane ends without a row in flight, and a last `result {json}`: were this process itself to die,
the worker knows which rows it may have delivered (docs/decisions/mail-outbox.md).
"""

from __future__ import annotations

import asyncio
import json
import pickle
import struct
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, NamedTuple

from psycopg import AsyncConnection

from domain.enums import MailTaskStatus
from domain.rules.mail_headers import envelope_address, header_safe
from services.mail.claims import Claims
from services.mail.smtp import Lane, Outcome, Relay, personal_copy

FAILURE_LIMIT = 5  # domain/rules/mail.py FAILURE_LIMIT, passed in the job
MARK_EVERY = 100  # sent rows whose server ids are written in one statement
CHECK_EVERY = 50  # mails between two looks at whether the task was paused (in the job)
HEADER = struct.Struct("!Q")
MALFORMED = Outcome(sent=False, permanent=True, error="malformed address: a line break or control character")


def sending_lock(task_id: int) -> str:
    """The advisory lock (its text, hashed by PostgreSQL) each lane of a task's sending process holds shared: while
    it is held, the rows it left SENDING are its own to record (services/mail/settle.py)."""
    return f"mail-task-{task_id}"


class Row(NamedTuple):
    id: int
    recipient: str
    copy: bool
    message_id: str


@dataclass
class Job:
    task_id: int
    rows: list[Row]
    wire: bytes  # the shared part of every copy, as DATA carries it (content.Message)
    database_url: str
    relay: Relay
    sender: str
    lanes: int
    failures: int  # SMTP failures in a row before this batch
    failure_limit: int = FAILURE_LIMIT
    check_every: int = CHECK_EVERY


@dataclass
class Batch:
    """The state the lanes share: the rows left, the failures in a row, whether to stop."""

    job: Job
    rows: list[Row] = field(default_factory=list)
    failures: int = 0
    # (row id, the server's id, its reply, when), not yet marked SENT
    sent: list[tuple[int, str, str, datetime]] = field(default_factory=list)
    done: int = 0
    failed: int = 0
    sent_count: int = 0
    stop: bool = False

    def next(self) -> Row | None:
        return None if self.stop or not self.rows else self.rows.pop()

    def personal(self, row: Row, to: str) -> bytes:
        return personal_copy(self.job.wire, to, row.copy, row.message_id)


def addressed(recipient: str) -> tuple[str, bool] | Outcome:
    """The recipient as it is sent to (`envelope_address`), or why it cannot be: refused for good."""
    if not header_safe(recipient):
        return MALFORMED
    try:
        return envelope_address(recipient)
    except ValueError as exc:
        return Outcome(sent=False, permanent=True, error=f"{exc}: {recipient}")


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()  # before the mail goes out: the worker must know the row even if this process dies


async def lane_loop(number: int, batch: Batch) -> None:
    """One SMTP connection and one database connection, mail after mail until the batch has none left."""
    job = batch.job
    lane = Lane(job.relay)
    claims = await Claims.connect(job.database_url)
    try:
        await claims.conn.execute("select pg_advisory_lock_shared(hashtextextended(%s, 0))",
                                  (sending_lock(job.task_id),))  # before any claim; a closed connection frees it
        row = batch.next()
        while row is not None:
            upcoming = batch.next()
            address = addressed(row.recipient)
            if isinstance(address, Outcome):  # never spoken to the server; a claim made ahead is given back
                await claims.release()
                await record(claims.conn, batch, row, address)
                row = upcoming
                continue
            if not await claims.claim(row.id):
                row = upcoming
                continue  # sent meanwhile, or held by another attempt
            say(f"claim {number} {row.id}")
            claims.claim_ahead(upcoming.id if upcoming is not None else None)
            to, utf8 = address
            outcome = await lane.send(job.sender, to, batch.personal(row, to), claims.commit_now, utf8=utf8)
            await claims.settle()
            if not outcome.sent:
                await claims.release()  # the failure is written on its own, not with the next row's claim
            await record(claims.conn, batch, row, outcome)  # a mark goes with the next row's claim, or alone
            if batch.done % job.check_every == 0:
                batch.stop = batch.stop or await paused(claims.conn, job.task_id)
            row = None if batch.stop else upcoming  # a row left here stays PENDING for the next batch
        await claims.release()
        await flush_sent(claims.conn, batch)
    except BaseException:
        lane.abort()  # the server discards an unfinished DATA
        claims.close()  # and the database rolls back a claim not committed with its "."
        if not lane.dot_out:
            say(f"free {number}")  # its claim rolled back, its message discarded: the next batch sends it
        raise  # else the row stays in flight for the worker to mark "delivery unknown"
    say(f"free {number}")
    claims.close()
    await lane.close()


async def record(conn: AsyncConnection[Any], batch: Batch, row: Row, outcome: Outcome) -> None:
    batch.done += 1
    if outcome.sent:
        batch.failures = 0
        batch.sent_count += 1
        batch.sent.append((row.id, outcome.server_id, outcome.reply, datetime.now(UTC)))
        if len(batch.sent) >= MARK_EVERY:
            await flush_sent(conn, batch)
        return
    # Refused, or no reply to the "." (the server may or may not have it): FAILED with the error, which an
    # operator can retry from the mail history; SENDING is kept for messages the server took. A refusal of this
    # one address says nothing of the server, so it does not count towards pausing the task.
    if not outcome.permanent:
        batch.failures += 1
    batch.failed += 1
    if batch.failures >= batch.job.failure_limit:
        batch.stop = True
    await conn.execute("update mail_outbox set status = 'FAILED', smtp_error = %s, updated_at = now() "
                       "where id = %s and status in ('PENDING', 'SENDING')", (outcome.error, row.id))


MARK_SENT = ("update mail_outbox set status = 'SENT', server_id = v.server_id, smtp_reply = v.reply, "
             "smtp_error = null, sent_at = v.at, updated_at = now() "
             "from unnest(%s::bigint[], %s::varchar[], %s::varchar[], %s::timestamptz[]) "
             "as v(id, server_id, reply, at) "
             "where mail_outbox.id = v.id")


async def flush_sent(conn: AsyncConnection[Any], batch: Batch) -> None:
    """The server's ids of the rows sent since the last flush, in one statement. A process killed before this
    leaves them SENDING, which is never sent again."""
    marks, batch.sent = batch.sent, []
    if marks:
        await conn.execute(MARK_SENT, tuple(list(column) for column in zip(*marks, strict=True)))


async def paused(conn: AsyncConnection[Any], task_id: int) -> bool:
    status = await (await conn.execute("select status from mail_tasks where id = %s", (task_id,))).fetchone()
    return status is None or status[0] != MailTaskStatus.IN_USE


async def read_job(reader: asyncio.StreamReader) -> Job:
    (size,) = HEADER.unpack(await reader.readexactly(HEADER.size))
    job = pickle.loads(await reader.readexactly(size))
    assert isinstance(job, Job)
    return job


def job_bytes(job: Job) -> bytes:
    data = pickle.dumps(job)
    return HEADER.pack(len(data)) + data


async def watch(reader: asyncio.StreamReader, batch: Batch) -> None:
    """The worker closed the pipe (it died, or its attempt was cancelled): no new row."""
    await reader.read()
    batch.stop = True


async def run() -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    job = await read_job(reader)
    batch = Batch(job=job, rows=list(job.rows), failures=job.failures)
    watcher = asyncio.create_task(watch(reader, batch))
    ended = await asyncio.gather(*(lane_loop(n, batch) for n in range(min(job.lanes, len(job.rows)))),
                                 return_exceptions=True)  # every lane stops before the batch reports
    watcher.cancel()
    errors = [repr(e) for e in ended if isinstance(e, BaseException)]
    say("result " + json.dumps({"sent": batch.sent_count, "failed": batch.failed, "failures": batch.failures,
                                "error": errors[0] if errors else None}))


def main() -> None:
    asyncio.run(run())


if __name__ == "__main__":
    from services.mail.sender import main as imported  # one module for this code and the unpickled job

    imported()
