"""`python -m tests.integration.mail_fault_sender`: the mail sending process (services/mail/sender.py) with one
fault, for tests of a process dying around the SMTP send.

OMP_TEST_MAIL_FAULT is "<kind>:<directory>"; the fault happens once, in whichever process reaches it first (it
leaves `fired` in the directory):

- dot: an error before the final "." leaves;
- commit: an error right after the "." and the claim's COMMIT went out;
- flush: an error instead of writing the server's ids (the rows SENDING);
- kill: the process kills itself instead of writing the server's ids (the rows SENDING);
- noreply: the connection breaks after the "." and before the server's reply;
- pause: the task is paused (as by a person) once two mails went out;
- hold: between the "." and its COMMIT, `at` is written and the process waits for `go` (a test kills the worker
  meanwhile);
- die: between the "." and its COMMIT, the process kills itself.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import psycopg
from aiosmtplib import SMTPServerDisconnected
from aiosmtplib.protocol import SMTPProtocol

from services.mail import sender as mail_sender
from services.mail import smtp as mail_smtp
from services.mail.claims import Claims

VARIABLE = "OMP_TEST_MAIL_FAULT"


def fault() -> tuple[str, Path] | None:
    kind, _, directory = os.environ.get(VARIABLE, "").partition(":")
    return (kind, Path(directory)) if kind else None


def first_time(directory: Path) -> bool:
    try:
        (directory / "fired").touch(exist_ok=False)
    except FileExistsError:
        return False
    return True


def apply() -> None:
    """Patches this process for the fault the environment names."""
    found = fault()
    if found is None:
        return
    kind, directory = found
    if kind in ("hold", "die", "commit"):
        commit_now = Claims.commit_now

        def faulty_commit(self: Claims) -> None:
            if kind == "commit":
                commit_now(self)
            if first_time(directory):
                if kind == "die":
                    os.kill(os.getpid(), signal.SIGKILL)
                if kind == "hold":
                    (directory / "at").touch()
                    deadline = time.monotonic() + 120
                    while not (directory / "go").exists() and time.monotonic() < deadline:
                        time.sleep(0.05)  # the whole process stands still, as if descheduled right here
                if kind == "commit":
                    raise RuntimeError("died after the COMMIT")
            if kind != "commit":
                commit_now(self)

        Claims.commit_now = faulty_commit  # type: ignore[method-assign]
    elif kind == "dot":
        write_final_dot = mail_smtp.write_final_dot

        def faulty_dot(transport: Any) -> int:
            if first_time(directory):
                raise RuntimeError("died before the final '.'")
            return write_final_dot(transport)

        mail_smtp.write_final_dot = faulty_dot
    elif kind in ("flush", "kill"):
        async def faulty_flush(conn: Any, batch: Any) -> None:
            if batch.sent and first_time(directory):
                if kind == "kill":
                    os.kill(os.getpid(), signal.SIGKILL)
                raise RuntimeError("died before the marks")

        mail_sender.flush_sent = faulty_flush
    elif kind == "noreply":
        read_response = SMTPProtocol.read_response

        async def no_reply(self: SMTPProtocol, timeout: float | None = None) -> Any:
            if self._response_pending and getattr(self, "dotted", False) and first_time(directory):
                assert self.transport is not None
                self.transport.abort()
                raise SMTPServerDisconnected("Connection lost")
            return await read_response(self, timeout)

        write_dot = mail_smtp.write_final_dot

        def noting_dot(transport: Any) -> int:
            transport.get_protocol().dotted = True
            return write_dot(transport)

        SMTPProtocol.read_response = no_reply  # type: ignore[method-assign]
        mail_smtp.write_final_dot = noting_dot
    elif kind == "pause":
        record = mail_sender.record

        async def pause_after_two(conn: Any, batch: Any, row: Any, outcome: Any) -> None:
            await record(conn, batch, row, outcome)
            if batch.sent_count == 2 and first_time(directory):  # somebody presses pause while the fire sends
                async with await psycopg.AsyncConnection.connect(batch.job.database_url, autocommit=True) as other:
                    await other.execute("update mail_tasks set status = 'PAUSED' where id = %s", (batch.job.task_id,))

        mail_sender.record = pause_after_two


if __name__ == "__main__":
    apply()
    mail_sender.main()
