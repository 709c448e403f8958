"""A Temporal dev server a test can stop and start again on the same port and data file, as an operator restarts
one: the clients connected to it stay the same objects and find it again."""

from __future__ import annotations

import shutil
import socket
from pathlib import Path

from temporalio.client import Client
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.testing import WorkflowEnvironment

from domain.search_attributes import SEARCH_ATTRIBUTES
from launcher.temporal import tuning_flags

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class StoppableTemporal:
    """`extra`: more flags for the server (e.g. a shorter long poll)."""

    def __init__(self, data_file: Path, extra: list[str] | None = None) -> None:
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.flags = [f for name, kind in SEARCH_ATTRIBUTES.items() for f in ("--search-attribute", f"{name}={kind}")]
        self.flags += [*tuning_flags(data_file), "--db-filename", str(data_file), "--log-level", "error",
                       "--http-port", str(free_port()), "--metrics-port", str(free_port()), *(extra or [])]
        self.env: WorkflowEnvironment | None = None

    async def start(self) -> None:
        path = shutil.which("temporal") or str(ROOT / ".venv" / "bin" / "temporal")
        self.env = await WorkflowEnvironment.start_local(
            port=self.port, dev_server_existing_path=path, data_converter=pydantic_data_converter, ui=False,
            dev_server_extra_args=self.flags)

    async def stop(self) -> None:
        if self.env is not None:
            await self.env.shutdown()
            self.env = None

    async def client(self) -> Client:
        return await Client.connect(self.address, data_converter=pydantic_data_converter)
