"""One SMTP connection that sends mail after mail, and commits the caller's claim with each message's final ".".

A message is delivered when the server reads the final "." of DATA; until then, a dropped connection (a killed
worker) makes the server discard it. The outbox row's claim is an open transaction until that "." is in the
kernel's socket buffer (which sends it even if this process dies the next instant); its COMMIT follows with no
await between (services/mail/claims.py, docs/decisions/mail-outbox.md).

aiosmtplib has no such split of DATA, so `finish` drives its protocol object the way its own `data()` does
(aiosmtplib 5.1.3: the command lock and the reply-expected flag).
"""

from __future__ import annotations

import asyncio
import ctypes
import re
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiosmtplib
from aiosmtplib.protocol import PERIOD_REGEX
from aiosmtplib.typing import SMTPStatus

from domain.rules.mail_headers import NO_SMTPUTF8

if TYPE_CHECKING:  # the sending process does without pydantic's import time
    from domain.settings import Settings

LINE_ENDINGS = re.compile(rb"\r\n|\r|\n")
QUEUED_AS = re.compile(r"queued as\s+(\S+)", re.IGNORECASE)
TIMEOUT = 30
FINAL_DOT = b".\r\n"
# libc's send through PyDLL, which keeps the GIL during the call: after the "." no other thread of the worker
# (workflow tasks, the SDK's callbacks) can run before the claim's COMMIT is written, so the window in which a
# killed worker leaves a delivered message unclaimed is a few microseconds of this thread, not a GIL hand-over.
_libc_send = ctypes.PyDLL(None).send
_libc_send.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int)
_libc_send.restype = ctypes.c_ssize_t


@dataclass
class Outcome:
    """`sent` with the server's reply, or the error; `dotted`: the final "." went out and the claim was committed."""

    sent: bool
    dotted: bool = False
    reply: str = ""
    error: str | None = None
    permanent: bool = False  # refused for this message or address alone (a 5xx to RCPT): no retry mends it

    @property
    def server_id(self) -> str:
        """The server's id for the message: "queued as X" when it says so, else its whole reply."""
        found = QUEUED_AS.search(self.reply)
        return (found.group(1) if found else self.reply)[:255]


@dataclass
class Relay:
    """Where the lanes send (the settings' SMTP fields, handed to the sending process)."""

    host: str
    port: int
    starttls: bool = False
    user: str | None = None
    password: str | None = None

    @classmethod
    def of(cls, settings: Settings) -> Relay:
        host, port = settings.smtp_target
        return cls(host, port, settings.smtp_starttls, settings.smtp_user, settings.smtp_password)


def personal_copy(wire: bytes, recipient: str, copy: bool, message_id: str) -> bytes:
    """Each recipient gets a copy of their own (no one sees the other addresses); a cc recipient's copy says so.
    As DATA carries it: the two header lines need no dot doubling."""
    to = f"Cc: {recipient}\r\nTo: undisclosed-recipients:;" if copy else f"To: {recipient}"
    return f"{to}\r\nMessage-ID: {message_id}\r\n".encode() + wire


def wire_body(message: bytes) -> bytes:
    """The DATA body as the server reads it: CRLF line endings, leading dots doubled, ending in CRLF (without
    the final ".")."""
    body = PERIOD_REGEX.sub(b"..", LINE_ENDINGS.sub(b"\r\n", message))
    return body if body.endswith(b"\r\n") else body + b"\r\n"


class Lane:
    """A reusable connection; `send` reopens it when the previous message broke it."""

    def __init__(self, relay: Relay) -> None:
        self.relay = relay
        self.smtp: aiosmtplib.SMTP | None = None
        self.dot_out = False  # the current message's final "." may have reached the server

    async def open(self) -> aiosmtplib.SMTP:
        if self.smtp is None or not self.smtp.is_connected:
            relay = self.relay
            smtp = aiosmtplib.SMTP(hostname=relay.host, port=relay.port, timeout=TIMEOUT, start_tls=relay.starttls)
            await smtp.connect()
            if smtp.is_ehlo_or_helo_needed:
                await smtp.ehlo()  # what the server offers (SMTPUTF8) is known before the first MAIL FROM
            if relay.user:
                await smtp.login(relay.user, relay.password or "")
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
        """Drop the connection and whatever it has not handed to the kernel: an unfinished DATA is discarded."""
        if self.smtp is not None:
            if isinstance(self.smtp.transport, asyncio.WriteTransport):
                self.smtp.transport.abort()  # close() would still send the buffered bytes, maybe the "."
            self.smtp.close()
        self.smtp = None

    async def send(self, sender: str, recipient: str, wire: bytes, commit: Callable[[], None], *,
                   utf8: bool = False) -> Outcome:
        """`wire`: the message as `wire_body` gives it; `commit` is called once its "." is in the kernel. `recipient`
        as `envelope_address` writes it; `utf8`: it needs SMTPUTF8, refused for good by a server not offering it."""
        self.dot_out = False
        encoding = "utf-8" if utf8 else "ascii"
        try:
            smtp = await self.open()
            if utf8 and not smtp.supports_extension("smtputf8"):
                return Outcome(sent=False, error=NO_SMTPUTF8, permanent=True)  # nothing said yet: no reset needed
            await smtp.mail(sender, options=["SMTPUTF8"] if utf8 else None, encoding=encoding)
            await smtp.rcpt(recipient, encoding=encoding)
        except aiosmtplib.SMTPRecipientRefused as exc:
            await self.reset()
            return Outcome(sent=False, error=describe(exc), permanent=exc.code >= 500)
        except aiosmtplib.SMTPException as exc:
            await self.reset()
            return Outcome(sent=False, error=describe(exc))
        except OSError as exc:
            self.abort()
            return Outcome(sent=False, error=describe(exc))
        return await self.finish(smtp, wire, commit)

    async def finish(self, smtp: aiosmtplib.SMTP, wire: bytes, commit: Callable[[], None]) -> Outcome:
        protocol = smtp.protocol
        if protocol is None or protocol._command_lock is None:
            self.abort()
            return Outcome(sent=False, error="connection lost")
        dotted = False
        try:
            async with protocol._command_lock:
                protocol._response_pending = True
                protocol.write(b"DATA\r\n")
                start = await protocol.read_response(timeout=TIMEOUT)
                if start.code != SMTPStatus.start_input:
                    return Outcome(sent=False, error=f"{start.code} {start.message}")
                protocol._response_pending = True
                protocol.write(wire)
                while unsent(protocol):  # a large message: the rest goes as the server reads
                    await asyncio.sleep(0.001)
                written = write_final_dot(protocol.transport)
                self.dot_out = True
                if written < len(FINAL_DOT):  # TLS, or a full socket buffer: through the transport
                    protocol.write(FINAL_DOT[written:])
                    while unsent(protocol):
                        await asyncio.sleep(0.001)
                commit()  # no await since the "." reached the kernel
                dotted = True
                done = await protocol.read_response(timeout=TIMEOUT)
        except (aiosmtplib.SMTPException, OSError) as exc:
            self.abort()
            return Outcome(sent=False, dotted=dotted, error=("after the final '.': " if dotted else "") + describe(exc))
        if done.code != SMTPStatus.completed:
            return Outcome(sent=False, dotted=True, error=f"{done.code} {done.message}")
        return Outcome(sent=True, dotted=True, reply=f"{done.code} {done.message}"[:1000])

    async def reset(self) -> None:
        try:
            if self.smtp is not None and self.smtp.is_connected:
                await self.smtp.rset()
        except (aiosmtplib.SMTPException, OSError):
            self.abort()


def write_final_dot(transport: Any) -> int:
    """Writes the final "." straight into a plain TCP socket, the GIL held; the bytes written (0 under TLS, or
    when the socket takes nothing now, or is broken: the transport then writes it, or reports the break)."""
    sock = transport.get_extra_info("socket") if transport is not None else None
    if sock is None or transport.get_extra_info("ssl_object") is not None or transport.is_closing():
        return 0
    sent = _libc_send(sock.fileno(), FINAL_DOT, len(FINAL_DOT), socket.MSG_NOSIGNAL | socket.MSG_DONTWAIT)
    return max(int(sent), 0)


def unsent(protocol: Any) -> int:
    """Bytes written but not yet in the kernel: the transport's buffer, and under TLS the one beneath it."""
    transport = protocol.transport
    if transport is None or transport.is_closing():
        raise aiosmtplib.SMTPServerDisconnected("connection lost before the final '.' was sent")
    inner = getattr(getattr(transport, "_ssl_protocol", None), "_transport", None)
    return int(transport.get_write_buffer_size()) + (int(inner.get_write_buffer_size()) if inner else 0)


def describe(exc: BaseException) -> str:
    code = getattr(exc, "code", None)
    text = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    return (f"{code} {text}" if code else text)[:1000]
