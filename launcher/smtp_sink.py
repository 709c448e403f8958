"""A local SMTP server that keeps every message as an .eml file instead of delivering it.

`make run` starts it when OMP_SMTP_HOST is unset, so mail sent by the console can be read
under var/mail/ without a real mail server. Tests use `MailSink` directly.

    python -m launcher.smtp_sink [--host 127.0.0.1] [--port 1025] [--dir var/mail]
"""

from __future__ import annotations

import argparse
import logging
import signal
import threading
import uuid
from datetime import UTC, datetime
from email.parser import BytesHeaderParser
from email.policy import default as default_policy
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

log = logging.getLogger("omp.smtp_sink")


class MailStore:
    """The aiosmtpd handler: one .eml per received message, written atomically."""

    def __init__(self, mail_dir: Path) -> None:
        self.mail_dir = mail_dir
        mail_dir.mkdir(parents=True, exist_ok=True)

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        # The envelope is kept as headers so that Bcc recipients stay visible.
        envelope_headers = (
            f"X-Envelope-From: {envelope.mail_from}\r\nX-Envelope-To: {', '.join(envelope.rcpt_tos)}\r\n"
        ).encode()
        path = self.save(envelope_headers + content)
        headers = BytesHeaderParser(policy=default_policy).parsebytes(content)
        log.info(
            "stored %s from=%s to=%s subject=%s",
            path.name,
            envelope.mail_from,
            ",".join(envelope.rcpt_tos),
            headers.get("Subject", ""),
        )
        # Like Postfix, the reply names the stored message, so a sender can record the server's id for it.
        return f"250 2.0.0 Ok: queued as {path.stem}"

    def save(self, data: bytes) -> Path:
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S.%fZ")
        path = self.mail_dir / f"{stamp}-{uuid.uuid4().hex[:8]}.eml"
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(data)
        tmp.rename(path)  # readers never see half a message
        return path


class MailSink:
    """An SMTP server on host:port in a background thread; `with MailSink(...)` or start/stop."""

    def __init__(self, mail_dir: Path, host: str = "127.0.0.1", port: int = 1025, *, smtputf8: bool = True) -> None:
        self.store = MailStore(mail_dir)
        self.host = host
        self.port = port
        self.smtputf8 = smtputf8  # False: a relay that takes only ASCII addresses (tests)
        self._controller: Controller | None = None

    def start(self) -> MailSink:
        # SMTPUTF8 so that mail to addresses beyond ASCII (`jörg.müller@exämple.de`) is accepted.
        self._controller = Controller(
            self.store, hostname=self.host, port=self.port, enable_SMTPUTF8=self.smtputf8, ready_timeout=10
        )
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    def __enter__(self) -> MailSink:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    from domain.settings import get_settings

    settings = get_settings()
    parser = argparse.ArgumentParser(prog="python -m launcher.smtp_sink", description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=settings.smtp_port)
    parser.add_argument("--dir", type=Path, default=settings.var_dir / "mail", help="where .eml files go")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd logs every SMTP verb

    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    with MailSink(args.dir.resolve(), args.host, args.port):
        log.info("SMTP sink listening on %s:%d, storing mail in %s", args.host, args.port, args.dir)
        stop.wait()
    log.info("SMTP sink stopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
