"""What to start where: OMP_* settings (or free ports and a temp dir) resolved once."""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from domain.settings import ROOT, Settings
from launcher.ports import free_ports

LOOPBACK = "127.0.0.1"


@dataclass
class Commands:
    """The three programs of the console; tests and `--dev` swap them."""

    prestart: list[str]
    worker: list[str]
    api: list[str]


def default_commands(dev: bool = False) -> Commands:
    py = sys.executable
    if not dev:
        return Commands([py, "-m", "api.prestart"], [py, "-m", "worker"], [py, "-m", "api"])
    # Restart the worker when Python code it loads changes; uvicorn reloads the API itself.
    watched = [d for d in ("worker", "workflows", "activities", "services", "demo", "domain") if (ROOT / d).is_dir()]
    worker = [py, "-m", "watchfiles", "--target-type", "command", "--filter", "python", f"{py} -m worker", *watched]
    return Commands([py, "-m", "api.prestart"], worker, [py, "-m", "api", "--reload"])


# The plan's port fields of each listening part, and the setting that fixes each outside ephemeral mode. The
# embedded PostgreSQL listens on a Unix socket in its own data directory only: no TCP port to race for.
PORTS = {"temporal": ("temporal_port", "temporal_ui_port"), "smtp": ("smtp_port",),
         "marketplace": ("marketplace_port",), "api": ("port",)}
SETTINGS = {"port": "OMP_PORT", "temporal_port": "OMP_TEMPORAL_PORT", "temporal_ui_port": "OMP_TEMPORAL_UI_PORT",
            "smtp_port": "OMP_SMTP_PORT", "marketplace_port": "OMP_MARKETPLACE_PORT"}


@dataclass
class Plan:
    var_dir: Path
    host: str
    port: int
    db_name: str
    database_url: str | None  # None: embedded PostgreSQL under var/pg
    temporal_address: str | None  # None: embedded Temporal dev server
    temporal_namespace: str
    temporal_port: int
    temporal_ui_port: int
    temporal_ui_url: str | None
    smtp_host: str | None  # None: the local SMTP sink
    smtp_port: int
    admin_password: str
    marketplace_url: str | None = None  # None: the local demo marketplace (launcher/marketplace.py)
    marketplace_port: int = 8025
    ephemeral: bool = False  # temp dir, free ports, Temporal history in memory
    commands: Commands = field(default_factory=default_commands)

    def repick(self, part: str) -> list[int]:
        """New free ports for a part whose port was taken between choosing and binding (ephemeral stacks)."""
        fields = PORTS[part]
        ports = free_ports(len(fields))
        for name, port in zip(fields, ports, strict=True):
            setattr(self, name, port)
        if part == "temporal" and self.embedded_temporal:
            self.temporal_ui_url = f"http://{LOOPBACK}:{self.temporal_ui_port}"
        return ports

    @property
    def embedded_db(self) -> bool:
        return self.database_url is None

    @property
    def embedded_temporal(self) -> bool:
        return self.temporal_address is None

    @property
    def smtp_sink(self) -> bool:
        return self.smtp_host is None

    @property
    def local_marketplace(self) -> bool:
        return self.marketplace_url is None

    @property
    def marketplace_target(self) -> str:
        return self.marketplace_url or f"http://{LOOPBACK}:{self.marketplace_port}"

    @property
    def temporal_target(self) -> str:
        return self.temporal_address or f"{LOOPBACK}:{self.temporal_port}"

    @property
    def local_host(self) -> str:
        """Where a browser on this machine reaches the API (0.0.0.0 is not an address to visit)."""
        return LOOPBACK if self.host in ("0.0.0.0", "::", "") else self.host

    @property
    def url(self) -> str:
        return f"http://{self.local_host}:{self.port}"

    @property
    def log_dir(self) -> Path:
        return self.var_dir / "log"

    @property
    def mail_dir(self) -> Path:
        return self.var_dir / "mail"


def make_plan(settings: Settings, *, ephemeral: bool = False, dev: bool = False) -> Plan:
    if ephemeral:
        # A fresh directory and free ports, so several test runs can share one machine.
        var_dir = Path(tempfile.mkdtemp(prefix="omp-ephemeral-")).resolve()
        port, temporal_port, ui_port, smtp_port, marketplace_port = free_ports(5)
        host = LOOPBACK
    else:
        var_dir = settings.var_dir.resolve()
        port, temporal_port, ui_port = settings.port, settings.temporal_port, settings.temporal_ui_port
        smtp_port, marketplace_port = settings.smtp_port, settings.marketplace_port
        host = settings.host
    if settings.smtp_host is not None:
        smtp_port = settings.smtp_port  # an external relay keeps its configured port
    # An external cluster's UI is wherever its operators put it: only OMP_TEMPORAL_UI_URL knows.
    ui_url = f"http://{LOOPBACK}:{ui_port}" if settings.temporal_address is None else settings.temporal_ui_url
    return Plan(
        var_dir=var_dir,
        host=host,
        port=port,
        db_name=settings.db_name,
        database_url=settings.database_url,
        temporal_address=settings.temporal_address,
        temporal_namespace=settings.temporal_namespace,
        temporal_port=temporal_port,
        temporal_ui_port=ui_port,
        temporal_ui_url=ui_url,
        smtp_host=settings.smtp_host,
        smtp_port=smtp_port,
        admin_password=settings.admin_password,
        marketplace_url=settings.marketplace_url,
        marketplace_port=marketplace_port,
        ephemeral=ephemeral,
        commands=default_commands(dev),
    )
