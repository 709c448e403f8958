"""The embedded Temporal's settings (launcher/temporal.py tuning_flags): every embedded server is started with
them, and a real `temporal server start-dev` takes them (docs/decisions/temporal-dev-server-tuning.md)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from launcher.ports import free_ports
from launcher.temporal import dev_server_argv, start_dev_server, wait_ready


def _values(argv: list[str], flag: str) -> set[str]:
    return {argv[i + 1] for i, word in enumerate(argv) if word == flag}


def test_a_history_file_gets_a_write_ahead_log_synced_at_checkpoints(tmp_path: Path) -> None:
    in_file = dev_server_argv(port=1, ui_port=2, db_file=tmp_path / "t.db")
    # WAL + NORMAL: a commit survives the server's crash or restart; never synchronous=OFF for `make run`.
    assert _values(in_file, "--sqlite-pragma") == {"journal_mode=wal", "synchronous=normal"}
    assert _values(dev_server_argv(port=1, ui_port=2, db_file=None), "--sqlite-pragma") == set()


def _journal_mode(db_file: Path) -> str:
    with sqlite3.connect(f"file:{db_file}?mode=ro", uri=True) as db:
        return str(db.execute("PRAGMA journal_mode").fetchone()[0])


async def test_a_real_dev_server_takes_the_settings(tmp_path: Path) -> None:
    port, ui_port, plain_port, plain_ui_port = free_ports(4)
    tuned_file, plain_file = tmp_path / "tuned.db", tmp_path / "plain.db"
    tuned = start_dev_server(port=port, ui_port=ui_port, db_file=tuned_file, log_path=tmp_path / "tuned.log",
                             search_attributes={})
    # The CLI's defaults beside it: the journal mode read back is the flag's doing, not SQLite's default.
    plain = start_dev_server(port=plain_port, ui_port=plain_ui_port, db_file=plain_file,
                             log_path=tmp_path / "plain.log", search_attributes={}, tuning=[])
    try:
        await wait_ready(f"127.0.0.1:{port}", "default", child=tuned, search_attributes={})
        await wait_ready(f"127.0.0.1:{plain_port}", "default", child=plain, search_attributes={})
        assert (_journal_mode(tuned_file), _journal_mode(plain_file)) == ("wal", "delete")
    finally:
        tuned.stop(20)
        plain.stop(20)
