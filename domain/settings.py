"""Every OMP_* setting in one place; README.md lists them in a table."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent
# The Temporal Web UI is served under this path, by the UI (its public path) and by the console's proxy.
TEMPORAL_UI_PATH = "/temporal"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="OMP_", env_file=".env", extra="ignore")

    # Where the embedded services keep their state.
    var_dir: Path = ROOT / "var"

    # HTTP
    host: str = "127.0.0.1"
    port: int = 8000
    # API processes on the one port (uvicorn workers); each has its own pool of db_pool_size connections.
    workers: int = 1
    app_title: str = "GINEE-OMP"
    # The console's address as staff reach it, for links in mails and in the Temporal Web UI.
    public_url: str | None = None
    web_dist: Path = ROOT / "web" / "dist"
    # Serve /cms/docs and /cms/openapi.json; production may turn them off.
    api_docs: bool = True
    # Addresses (or networks, e.g. 10.0.0.0/8) of the reverse proxies whose X-Forwarded-For/-Proto are believed;
    # comma-separated. Empty: the peer address is the client, whatever the headers say.
    trusted_proxies: str = ""
    # Hosts, .domains, addresses or networks on the console's own network that the http.probe job may call
    # (domain/rules/outbound.py); comma-separated. Empty: only public addresses.
    job_probe_allow: str = ""

    # PostgreSQL: unset means the embedded server under var/pg.
    database_url: str | None = None
    db_name: str = "omp"
    db_pool_size: int = 10
    # How long a call waits for a free connection before it answers 503 (an exhausted pool is an outage).
    db_pool_timeout: float = 10.0

    # Temporal: unset means the embedded dev server.
    temporal_address: str | None = None
    temporal_namespace: str = "default"
    temporal_port: int = 7233
    temporal_ui_port: int = 8233
    # The UI's own address (served under TEMPORAL_UI_PATH), which only the console's proxy calls.
    temporal_ui_url: str | None = None
    task_queue: str = "omp-main"
    # Workflow tasks a queue's worker holds at once (worker/main.py): a task whose local activity runs (a
    # subscription's database transaction) holds its slot until the activity ends. 16 stays within the database
    # pool (db_pool_size and as many again); with 4, approvals queued for the slots (bench/merchants/HISTORY.md).
    workflow_task_slots: int = 16

    # SMTP: unset host means the local sink started by `make run`.
    smtp_host: str | None = None
    smtp_port: int = 1025
    smtp_user: str | None = None
    smtp_password: str | None = None
    smtp_starttls: bool = False
    mail_from: str = "omp-console@localhost"
    # Where the local SMTP sink keeps what it received (the launcher sets it when it starts the sink): a mail whose
    # sender died before recording the server's reply is looked up there. None: a relay that cannot be asked.
    smtp_sink_dir: Path | None = None

    # Demo data and login.
    admin_password: str = "Omp-Admin-2026!"
    seed_demo: bool = True

    # Sessions
    token_ttl_hours: int = 12
    remember_me_days: int = 7
    # Failed-login throttling (docs/decisions/login-throttling.md): failures counted inside a window; past the
    # free ones each try waits login_first_delay_seconds, doubling per failure up to login_max_delay_seconds.
    login_window_minutes: int = 15
    login_free_failures: int = 5  # one account from one address
    login_free_failures_account: int = 20  # one account from addresses it never logged in from
    login_free_failures_ip: int = 20  # one address over accounts that never logged in from it
    login_first_delay_seconds: int = 30
    login_max_delay_seconds: int = 900
    # argon2 checks at once per API process (each takes 19 MiB and one core for ~30 ms), off the event loop,
    # and how many more may wait per thread before a login is refused with 503 at once.
    password_hash_threads: int = 2
    password_hash_queue: int = 8
    # Signs expiring file links; unset means a random key kept in var/secret-key (set it when running replicas).
    secret_key: str | None = None

    log_level: str = "INFO"
    log_json: bool = True

    # Uploads and imports: a local directory, or S3-compatible storage when a bucket is given.
    storage_dir: Path | None = None
    storage_s3_bucket: str | None = None
    storage_s3_endpoint: str | None = None
    storage_s3_region: str | None = None
    storage_s3_access_key: str | None = None
    storage_s3_secret_key: str | None = None
    storage_s3_prefix: str = "omp/"
    upload_max_bytes: int = Field(default=20 * 1024 * 1024)
    # The common tools' unrestricted upload (any type): its own hard cap.
    upload_unrestricted_max_bytes: int = Field(default=100 * 1024 * 1024)
    file_url_ttl_seconds: int = 3600
    import_max_bytes: int = Field(default=5 * 1024 * 1024)
    # Rows an import takes (each is checked and saved in one transaction): a 5 MB file can hold a million.
    import_max_rows: int = Field(default=10_000)
    # Request bodies other than file uploads (which keep the limits above): JSON calls are small.
    body_max_bytes: int = Field(default=1024 * 1024)
    body_max_depth: int = Field(default=32)
    text_max_chars: int = Field(default=20_000)
    # Every call the API makes to Temporal gives up after this long (a hung server answers 503, not a hang).
    temporal_rpc_seconds: float = 10.0
    # /cms/health is DEGRADED once an activity has been failing for this long.
    activity_failing_seconds: int = 300
    # /cms/health counts a worker as frozen or gone once it has not polled its task queue for this long (an idle
    # worker polls at least once a minute, Temporal's long poll).
    worker_silent_seconds: float = Field(default=90.0, gt=0)
    # /cms/health is DOWN once calls have queued for a database connection this long (a wedged pool); a shorter
    # queue is DEGRADED: the console serves, more slowly, as it does under a burst of calls.
    pool_waiting_seconds: float = Field(default=10.0, gt=0)

    # Deployments (docs/deployments.md): Jenkins' remote API when a URL and an API token are set (and the
    # project names a job); otherwise the local runner executes the project's deploy command.
    jenkins_url: str | None = None
    jenkins_user: str | None = None
    jenkins_token: str | None = None

    # Scheduled tasks (docs/jobs.md): a failing task reminds its people this often until it passes again.
    job_remind_minutes: int = 60

    # Heartbeats of API and worker processes (docs/operations-tools.md): dead after 3 missed intervals.
    heartbeat_interval_seconds: float = Field(default=30.0, gt=0)
    heartbeat_retention_hours: int = Field(default=24, ge=1)

    # Queue alerts (docs/operations-tools.md): how often the `queue-alerts` Schedule checks the rules.
    queue_alert_check_seconds: int = Field(default=60, ge=5)

    # Stock reconciliation (docs/stock.md): how often the `stock-reconcile` Schedule proves balance == ledger.
    stock_reconcile_minutes: int = Field(default=60, ge=1)

    # Exports (docs/exports.md): a list matching more rows than this is exported by an export task (a workflow writing
    # the file in the background) instead of at once; the task's file is kept this long, then expires.
    export_threshold: int = Field(default=10_000, ge=0)
    export_retention_hours: float = Field(default=72, gt=0)
    # Order sync (docs/order-sync.md): the channel marketplace the demo adapter talks to (unset: the local demo
    # marketplace `make run` starts on marketplace_port), how often each connected shop's Schedule pulls, and how
    # far back of its cursor a run starts again so an order stamped by a skewed channel clock is never lost.
    marketplace_url: str | None = None
    marketplace_port: int = 8025
    order_sync_minutes: int = Field(default=5, ge=1)
    product_sync_minutes: int = Field(default=60, ge=1)  # each syncable shop's product sync Schedule
    order_sync_overlap_minutes: int = Field(default=10, ge=0)
    order_sync_page_size: int = Field(default=50, ge=1, le=200)

    # Build identity shown at /cms/info.
    commit: str | None = None
    build_time: str | None = None

    @property
    def pg_dir(self) -> Path:
        return self.var_dir.resolve() / "pg"

    @property
    def pg_socket_dir(self) -> Path:
        """The embedded server may put its socket elsewhere when the data path is too long."""
        pid_file = self.pg_dir / "postmaster.pid"
        if pid_file.exists():
            lines = pid_file.read_text().splitlines()
            if len(lines) > 4 and lines[4].strip():
                return Path(lines[4].strip())
        return self.pg_dir

    @property
    def embedded_db(self) -> bool:
        return self.database_url is None

    @property
    def sqlalchemy_url(self) -> str:
        """The async SQLAlchemy URL, whatever form OMP_DATABASE_URL was given in."""
        if self.database_url is None:
            return f"postgresql+psycopg://postgres@/{self.db_name}?host={self.pg_socket_dir}"
        url = self.database_url
        for prefix in ("postgresql://", "postgres://", "postgresql+psycopg2://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix):]
        return url

    @property
    def temporal_target(self) -> str:
        return self.temporal_address or f"127.0.0.1:{self.temporal_port}"

    @property
    def temporal_web(self) -> str:
        return self.temporal_ui_url or f"http://127.0.0.1:{self.temporal_ui_port}"

    @property
    def deploy_task_queue(self) -> str:
        return f"{self.task_queue}-deploy"

    @property
    def export_task_queue(self) -> str:
        """The export writer's queue: served by the API processes, where the lists' declarations live."""
        return f"{self.task_queue}-exports"

    @property
    def console_web(self) -> str:
        return (self.public_url or f"http://{self.host}:{self.port}").rstrip("/")

    @property
    def smtp_target(self) -> tuple[str, int]:
        return (self.smtp_host or "127.0.0.1", self.smtp_port)

    @property
    def marketplace_target(self) -> str:
        return (self.marketplace_url or f"http://127.0.0.1:{self.marketplace_port}").rstrip("/")

    @property
    def upload_dir(self) -> Path:
        return (self.storage_dir or self.var_dir / "files").resolve()


@lru_cache
def get_settings() -> Settings:
    return Settings()
