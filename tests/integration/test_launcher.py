"""The launcher behind `make run`: SMTP sink, embedded Temporal with search attributes, ports,
and the whole stack in --ephemeral mode as the browser tests start it."""

from __future__ import annotations

import email
import json
import os
import signal
import smtplib
import socket
import subprocess
import sys
import threading
import time
from email.message import EmailMessage
from email.policy import default as default_policy
from pathlib import Path

import httpx
import pytest
from temporalio.api.enums.v1 import IndexedValueType

from domain.search_attributes import SEARCH_ATTRIBUTES
from domain.settings import ROOT
from launcher.health import failing_parts
from launcher.ports import PortInUseError, free_ports, require_free, wait_listening
from launcher.search_attributes import (
    TYPES,
    TypeClashError,
    cli_commands,
    ensure_registered,
    registered,
)
from launcher.smtp_sink import MailSink
from launcher.temporal import serve_on_free_ports
from tests.integration.launched import read_line


def _mail(subject: str, to: str = "merchant@example.com") -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "omp-console@localhost"
    msg["To"] = to
    msg["Subject"] = subject
    msg.set_content("Your ticket T-1001 was resolved.")
    return msg


def _stored(mail_dir: Path, timeout: float = 5.0) -> list[Path]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        files = sorted(mail_dir.glob("*.eml"))
        if files:
            return files
        time.sleep(0.05)
    return []


def test_smtp_sink_command_stores_every_message_as_eml(tmp_path: Path) -> None:
    (port,) = free_ports(1)
    mail_dir = tmp_path / "mail"
    sink = subprocess.Popen(
        [sys.executable, "-m", "launcher.smtp_sink", "--port", str(port), "--dir", str(mail_dir)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        assert wait_listening("127.0.0.1", port, 15), "the sink never listened"
        with smtplib.SMTP("127.0.0.1", port) as smtp:
            smtp.send_message(_mail("Ticket T-1001 resolved"), to_addrs=["merchant@example.com", "audit@example.com"])
        files = _stored(mail_dir)
        assert len(files) == 1
        stored = email.message_from_bytes(files[0].read_bytes(), policy=default_policy)
        assert stored["Subject"] == "Ticket T-1001 resolved"
        # A Bcc recipient is in the envelope only; the sink keeps it visible.
        assert "audit@example.com" in stored["X-Envelope-To"]
        body = stored.get_body()
        assert body is not None and "resolved" in body.get_content()
    finally:
        sink.send_signal(signal.SIGTERM)
        output = sink.communicate(timeout=10)[0].decode()
    assert sink.returncode == 0, output
    assert "stored " in output and "Ticket T-1001 resolved" in output


def test_mail_sink_accepts_non_ascii_subjects_and_addresses(tmp_path: Path) -> None:
    (port,) = free_ports(1)
    with MailSink(tmp_path, port=port):
        with smtplib.SMTP("127.0.0.1", port) as smtp:
            smtp.send_message(_mail("工单 T-7 已解决", to="pedagang@toko.id"))
            smtp.send_message(_mail("Tiket selesai", to="商户@例子.中国"))
        files = _stored(tmp_path)
        deadline = time.monotonic() + 5
        while len(files) < 2 and time.monotonic() < deadline:
            files = sorted(tmp_path.glob("*.eml"))
    subjects = {email.message_from_bytes(f.read_bytes(), policy=default_policy)["Subject"] for f in files}
    assert subjects == {"工单 T-7 已解决", "Tiket selesai"}
    assert not list(tmp_path.glob("*.tmp"))


async def test_dev_server_registers_the_search_attribute_registry(tmp_path: Path) -> None:
    # No registration by the client here: the `--search-attribute` flags alone must do it.
    server = await serve_on_free_ports(db_file=tmp_path / "temporal.db", log_path=tmp_path / "temporal.log")
    child, client = server.child, server.client
    try:
        have = await registered(client, "default")
        assert {name: have.get(name) for name in SEARCH_ATTRIBUTES} == {
            name: TYPES[kind] for name, kind in SEARCH_ATTRIBUTES.items()
        }

        # A registry that grew since the database file was made: the missing one is added.
        added = await ensure_registered(client, "default", {**SEARCH_ATTRIBUTES, "OmpLauncherProbe": "Double"})
        assert added == ["OmpLauncherProbe"]
        assert (await registered(client, "default"))["OmpLauncherProbe"] == IndexedValueType.INDEXED_VALUE_TYPE_DOUBLE
        assert await ensure_registered(client, "default") == []

        first = next(iter(SEARCH_ATTRIBUTES))
        with pytest.raises(TypeClashError, match=first):
            await ensure_registered(client, "default", {first: "Int"})
    finally:
        assert child.stop(10) is not None
    assert not child.running()


def test_production_commands_cover_the_registry() -> None:
    lines = cli_commands("default", "temporal:7233")
    assert len(lines) == len(SEARCH_ATTRIBUTES)
    for (name, kind), line in zip(SEARCH_ATTRIBUTES.items(), lines, strict=True):
        assert line.startswith("temporal operator search-attribute create --address temporal:7233")
        assert f"--name {name} --type {kind}" in line


def test_a_taken_port_is_refused_before_anything_starts() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(PortInUseError, match=rf"127\.0\.0\.1:{port} is already in use \(set OMP_PORT"):
            require_free([("console API", "127.0.0.1", port, "OMP_PORT")])
    require_free([("console API", "127.0.0.1", port, "OMP_PORT")])  # free again once closed


def test_ephemeral_stack_starts_reports_and_cleans_up() -> None:
    """What the browser tests do: start, read the JSON line, use the console, SIGTERM."""
    # The test session's own OMP_* (its database) must not leak into the launched stack.
    env = {k: v for k, v in os.environ.items() if not k.startswith("OMP_")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "launcher", "--ephemeral"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    errors: list[str] = []
    threading.Thread(target=lambda: errors.extend(proc.stderr or []), daemon=True).start()
    try:
        # The whole stack with demo data: about a minute on a quiet machine, several on a loaded 2-core one.
        line = read_line(proc, timeout=300)
        assert line, f"no JSON line; launcher said:\n{''.join(errors[-40:])}"
        info = json.loads(line)
        assert info["ready"] is True
        assert httpx.get(info["url"] + "/cms/health", timeout=10).status_code == 200
        assert httpx.get(info["temporalUi"] + "/api/v1/namespaces", timeout=10).status_code == 200
        var_dir = Path(info["varDir"])
        assert (var_dir / "log" / "api.log").exists()
        with smtplib.SMTP("127.0.0.1", info["smtpPort"]) as smtp:
            smtp.send_message(_mail("ephemeral"))
        assert _stored(Path(info["mailDir"]))
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
    assert proc.returncode == 0, "".join(errors[-40:])
    assert not var_dir.exists()


def test_an_unhealthy_reply_names_the_part_that_is_down() -> None:
    reply = {
        "code": "SUCCESS",
        "data": {
            "status": "DOWN",
            "components": {
                "postgres": {"status": "UP", "detail": "PostgreSQL 18.6"},
                "worker": {"status": "DOWN", "detail": "no worker polls task queue omp-main"},
            },
        },
    }
    assert failing_parts(json.dumps(reply)) == {"worker": "no worker polls task queue omp-main"}
    assert failing_parts('{"database": "up", "temporal": "down", "smtp": false}') == {"temporal": "", "smtp": ""}
    assert failing_parts("<html>502 Bad Gateway</html>") == {}
