"""One SMTP connection that sends mail after mail, and lets the caller record its intent at the last moment.

A message is delivered when the server reads the final "." of DATA; until then, a dropped connection (a killed
worker) makes the server discard it. So the outbox row is marked SENDING after the whole body is on the wire
and just before that ".": a worker killed earlier leaves the row PENDING and the server with nothing (the
retry sends it once); killed later, the row is SENDING and is never sent again. What is left between the two
is one database round trip (docs/decisions/mail-outbox.md).

aiosmtplib has no such split of DATA, so `send` drives its protocol object the way its own `data()` does
(aiosmtplib 5.1.3: the command lock and the reply-expected flag).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import aiosmtplib
from aiosmtplib.protocol import PERIOD_REGEX
from aiosmtplib.typing import SMTPStatus

from domain.settings import get_settings

LINE_ENDINGS = re.compile(rb"\r\n|\r|\n")
QUEUED_AS = re.compile(r"queued as\s+(\S+)", re.IGNORECASE)
TIMEOUT = 30


@dataclass
class Outcome:
    """`sent` with the server's reply; `claimed` False when another attempt had already claimed the row."""

    sent: bool
    claimed: bool = True
    uncertain: bool = False  # the "." may have reached the server, but its reply did not reach us
    reply: str = ""
    error: str | None = None

    @property
    def server_id(self) -> str:
        """The server's id for the message: "queued as X" when it says so, else its whole reply."""
        found = QUEUED_AS.search(self.reply)
        return (found.group(1) if found else self.reply)[:255]


def wire_body(message: bytes) -> bytes:
    """The DATA body as the server reads it: CRLF line endings, leading dots doubled, ending in CRLF."""
    body = PERIOD_REGEX.sub(b"..", LINE_ENDINGS.sub(b"\r\n", message))
    return body if body.endswith(b"\r\n") else body + b"\r\n"


class Lane:
    """A reusable connection; `send` reopens it when the previous message broke it."""

    def __init__(self) -> None:
        self.smtp: aiosmtplib.SMTP | None = None

    async def open(self) -> aiosmtplib.SMTP:
        if self.smtp is None or not self.smtp.is_connected:
            settings = get_settings()
            host, port = settings.smtp_target
            smtp = aiosmtplib.SMTP(hostname=host, port=port, timeout=TIMEOUT, start_tls=settings.smtp_starttls)
            await smtp.connect()
            if settings.smtp_user:
                await smtp.login(settings.smtp_user, settings.smtp_password or "")
            self.smtp = smtp
        return self.smtp

    async def close(self) -> None:
        if self.smtp is not None and self.smtp.is_connected:
            try:
                await self.smtp.quit()
            except aiosmtplib.SMTPException:
                self.smtp.close()
        self.smtp = None

    def abort(self) -> None:
        """Drop the connection in the middle of DATA: the server discards the unfinished message."""
        if self.smtp is not None:
            self.smtp.close()
        self.smtp = None

    async def send(self, sender: str, recipient: str, message: bytes, claim: Callable[[], Awaitable[bool]]) -> Outcome:
        try:
            smtp = await self.open()
            await smtp.mail(sender)
            await smtp.rcpt(recipient)
        except aiosmtplib.SMTPException as exc:
            await self.reset()
            return Outcome(sent=False, error=describe(exc))
        except OSError as exc:
            self.abort()
            return Outcome(sent=False, error=describe(exc))
        return await self.finish(smtp, message, claim)

    async def finish(self, smtp: aiosmtplib.SMTP, message: bytes, claim: Callable[[], Awaitable[bool]]) -> Outcome:
        protocol = smtp.protocol
        if protocol is None or protocol._command_lock is None:
            self.abort()
            return Outcome(sent=False, error="connection lost")
        claimed = False
        try:
            async with protocol._command_lock:
                protocol._response_pending = True
                protocol.write(b"DATA\r\n")
                start = await protocol.read_response(timeout=TIMEOUT)
                if start.code != SMTPStatus.start_input:
                    return Outcome(sent=False, error=f"{start.code} {start.message}")
                protocol.write(wire_body(message))
                if not await claim():
                    self.abort()
                    return Outcome(sent=False, claimed=False)
                claimed = True
                protocol._response_pending = True
                protocol.write(b".\r\n")
                done = await protocol.read_response(timeout=TIMEOUT)
        except (aiosmtplib.SMTPException, OSError) as exc:
            self.abort()
            return Outcome(sent=False, uncertain=claimed, error=describe(exc))
        if done.code != SMTPStatus.completed:
            return Outcome(sent=False, error=f"{done.code} {done.message}")
        return Outcome(sent=True, reply=done.message)

    async def reset(self) -> None:
        try:
            if self.smtp is not None and self.smtp.is_connected:
                await self.smtp.rset()
        except (aiosmtplib.SMTPException, OSError):
            self.abort()


def describe(exc: BaseException) -> str:
    code = getattr(exc, "code", None)
    text = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    return (f"{code} {text}" if code else text)[:1000]
