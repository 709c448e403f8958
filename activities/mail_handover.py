"""The worker's side of the sending process (activities/mail_sender.py): start it in its own session, hand it
the batch, heartbeat while it sends, and read what it did.

Were the sending process itself to die (killed, out of memory) instead of reporting, the rows it had claimed
and not finished may have reached the server or not: nothing can tell. They are marked FAILED, "delivery
unknown", for an operator to resend from the mail history, never sent again by themselves
(docs/decisions/mail-outbox.md).
"""

from __future__ import annotations

import asyncio
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import psycopg
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.mail_sender import Job, job_bytes

ROOT = Path(__file__).resolve().parents[1]
SENDER = "activities.mail_sender"  # the module run as the sending process
HEARTBEAT_SECONDS = 5.0
UNKNOWN = ("delivery unknown: the sending process ended while this mail was in flight; resend it if the "
           "recipient did not get it")
MARK_UNKNOWN = ("update mail_outbox set status = 'FAILED', smtp_error = %s, updated_at = now() "
                "where id = any(%s) and status = 'PENDING'")


@dataclass
class Handed:
    sent: int = 0
    failed: int = 0
    failures: int = 0  # SMTP failures in a row at the end


async def hand_over(job: Job) -> Handed:
    """The batch sent by a process of its own; raises (the activity is retried) when it did not finish."""
    if not job.rows:
        return Handed(failures=job.failures)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", SENDER, cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        start_new_session=True)  # a kill of the worker (or of its process group) leaves it to finish its mails
    assert process.stdin is not None and process.stdout is not None
    in_flight: dict[str, int] = {}  # lane -> the row it claimed and has not finished
    report = None
    try:
        process.stdin.write(job_bytes(job))
        await process.stdin.drain()  # the pipe stays open: its end tells the sender to stop
        while True:
            try:
                line = await asyncio.wait_for(process.stdout.readline(), HEARTBEAT_SECONDS)
            except TimeoutError:
                activity.heartbeat(len(in_flight))
                continue
            if not line:
                break
            kind, _, rest = line.decode().strip().partition(" ")
            if kind == "claim":
                lane, row = rest.split()
                in_flight[lane] = int(row)
            elif kind == "free":
                in_flight.pop(rest, None)
            elif kind == "result":
                report = json.loads(rest)
    finally:
        process.stdin.close()  # also on cancellation: the sender finishes the mails in flight and stops
    code = await process.wait()
    if report is None or report["error"]:
        # The rows still in flight are those whose "." may have gone out without their claim's COMMIT.
        await mark_unknown(job.database_url, list(in_flight.values()))
        raise ApplicationError(f"the mail sending process ended (exit {code}): "
                               f"{report['error'] if report else 'no report'}")
    return Handed(sent=report["sent"], failed=report["failed"], failures=report["failures"])


async def mark_unknown(url: str, row_ids: list[int]) -> None:
    """Rows a dead sender had claimed: its claims are rolled back (the update waits for that), so they read
    PENDING, but their "." may have gone out."""
    if row_ids:
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
            await conn.execute(MARK_UNKNOWN, (UNKNOWN, row_ids))
