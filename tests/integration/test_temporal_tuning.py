"""The embedded Temporal's settings (launcher/temporal.py tuning_flags): every embedded server is started with
them, and a real `temporal server start-dev` takes them (docs/decisions/temporal-dev-server-tuning.md)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from launcher.temporal import dev_server_argv, serve_on_free_ports


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
    tuned_file, plain_file = tmp_path / "tuned.db", tmp_path / "plain.db"
    tuned = await serve_on_free_ports(db_file=tuned_file, log_path=tmp_path / "tuned.log", search_attributes={})
    try:
        # The CLI's defaults beside it: the journal mode read back is the flag's doing, not SQLite's default.
        plain = await serve_on_free_ports(db_file=plain_file, log_path=tmp_path / "plain.log",
                                          search_attributes={}, tuning=[])
        try:
            assert (_journal_mode(tuned_file), _journal_mode(plain_file)) == ("wal", "delete")
        finally:
            plain.child.stop(20)
    finally:
        tuned.child.stop(20)
