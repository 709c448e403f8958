"""The worker's side of the sending process (services/mail/sender.py): start it in its own session, hand it
the batch, heartbeat while it sends, and read what it did.

Were the sending process itself to die (killed, out of memory) instead of reporting, the rows it had claimed
and not finished may have reached the server or not: nothing can tell. They are marked FAILED, "delivery
unknown", for an operator to resend from the mail history, never sent again by themselves
(docs/decisions/mail-outbox.md).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import psycopg
from temporalio.exceptions import ApplicationError

from domain.settings import get_settings
from services.mail.sender import Job, job_bytes
from services.mail.settle import sink_copies

ROOT = Path(__file__).resolve().parents[2]
SENDER = "services.mail.sender"  # the module run as the sending process
POLL_SECONDS = 0.25  # how often the worker reads the sender's lines and heartbeats
UNKNOWN = ("delivery unknown: the sending process ended while this mail was in flight; resend it if the "
           "recipient did not get it")
MARK_UNKNOWN = ("update mail_outbox set status = 'FAILED', smtp_error = %s, updated_at = now() "
                "where id = any(%s) and status = 'PENDING'")


Heartbeat = Callable[[int], None]  # told the rows in flight while the sender sends (the activity's heartbeat)


@dataclass
class Handed:
    sent: int = 0
    failed: int = 0
    failures: int = 0  # SMTP failures in a row at the end


async def hand_over(job: Job, heartbeat: Heartbeat) -> Handed:
    """The batch sent by a process of its own; raises (the activity is retried) when it did not finish."""
    if not job.rows:
        return Handed(failures=job.failures)
    process = subprocess.Popen(
        [sys.executable, "-m", SENDER], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        start_new_session=True)  # a kill of the worker (or of its process group) leaves it to finish its mails
    assert process.stdin is not None and process.stdout is not None
    lines = Lines(process.stdout)
    try:
        # In a thread: the job (attachments included) may exceed the pipe's buffer, and the sender reads it only
        # once it has started; the worker's event loop runs other activities meanwhile.
        await asyncio.to_thread(feed, process.stdin, job_bytes(job))  # the pipe stays open: its end says stop
        while lines.read():
            heartbeat(len(lines.in_flight))
            await asyncio.sleep(POLL_SECONDS)
    finally:
        process.stdin.close()  # also on cancellation: the sender finishes the mails in flight and stops
    code = await asyncio.to_thread(process.wait)
    report = lines.report
    if report is None or report["error"]:
        # The rows still in flight are those whose "." may have gone out without their claim's COMMIT.
        await mark_unknown(job.database_url, list(lines.in_flight.values()))
        raise ApplicationError(f"the mail sending process ended (exit {code}): "
                               f"{report['error'] if report else 'no report'}")
    return Handed(sent=report["sent"], failed=report["failed"], failures=report["failures"])


def feed(pipe: IO[bytes], data: bytes) -> None:
    pipe.write(data)
    pipe.flush()


class Lines:
    """The sender's lines, read a few times a second rather than woken for each mail's line."""

    def __init__(self, pipe: IO[bytes]) -> None:
        self.fd = pipe.fileno()
        os.set_blocking(self.fd, False)
        self.rest = b""
        self.in_flight: dict[str, int] = {}  # lane -> the row it claimed and has not finished
        self.report: dict[str, Any] | None = None

    def read(self) -> bool:
        """What the pipe holds now; False once the sender closed it."""
        while True:
            try:
                chunk = os.read(self.fd, 65536)
            except BlockingIOError:
                return True
            if not chunk:
                self.take(self.rest + b"\n")
                return False
            self.take(chunk)

    def take(self, chunk: bytes) -> None:
        *whole, self.rest = (self.rest + chunk).split(b"\n")
        for line in whole:
            kind, _, rest = line.decode().strip().partition(" ")
            if kind == "claim":
                lane, row = rest.split()
                self.in_flight[lane] = int(row)
            elif kind == "free":
                self.in_flight.pop(rest, None)
            elif kind == "result":
                self.report = json.loads(rest)


async def mark_unknown(url: str, row_ids: list[int]) -> None:
    """Rows a dead sender had claimed: its claims are rolled back (the update waits for that), so they read
    PENDING, but their "." may have gone out. Those the local sink has are SENT."""
    if row_ids:
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
            await conn.execute(MARK_UNKNOWN, (UNKNOWN, row_ids))
        await confirm_at_sink(url, row_ids)  # the local sink can say which of them it took


async def confirm_at_sink(url: str, row_ids: list[int]) -> int:
    """Rows marked "delivery unknown" (their sender died between their "." and its claim's COMMIT) whose copy the
    local sink has are SENT: the sink can be asked."""
    directory = get_settings().smtp_sink_dir
    if directory is None or not row_ids:
        return 0
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        rows = await (await conn.execute("select id, message_id, updated_at from mail_outbox where id = any(%s) "
                                         "and status = 'FAILED' and smtp_error = %s", (row_ids, UNKNOWN))).fetchall()
        if not rows:
            return 0
        copies = await asyncio.to_thread(sink_copies, directory, min(r[2] for r in rows))
        found = [(r[0], copies[r[1]]) for r in rows if r[1] in copies]
        for row_id, server_id in found:
            await conn.execute("update mail_outbox set status = 'SENT', server_id = %s, smtp_error = null, "
                               "sent_at = now(), updated_at = now() where id = %s", (server_id, row_id))
    return len(found)
