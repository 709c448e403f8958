"""Bulk loads written by PostgreSQL itself (INSERT ... SELECT FROM generate_series): no row crosses the wire, the
secondary indexes and UNIQUE/EXCLUDE constraints are built once after the load, each step is timed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg


def sql_array(values: list[str]) -> str:
    return "array[" + ", ".join(f"'{v}'" for v in values) + "]"


def pick(values: list[str], index: str) -> str:
    """The element of a literal array chosen by an integer expression (1-based arrays)."""
    return f"({sql_array(values)})[1 + ({index}) % {len(values)}]"


class Timed:
    """Runs statements and keeps the seconds each step took."""

    def __init__(self, conn: psycopg.Connection) -> None:
        self.conn, self.seconds = conn, dict[str, float]()

    def __call__(self, step: str, sql: str) -> int:
        begun = time.perf_counter()
        count = self.conn.execute(sql).rowcount  # type: ignore[arg-type]
        self.seconds[step] = round(self.seconds.get(step, 0) + time.perf_counter() - begun, 1)
        return count


@contextmanager
def indexes_built_after(conn: psycopg.Connection, tables: tuple[str, ...]) -> Iterator[None]:
    """Drop the tables' secondary indexes and UNIQUE/EXCLUDE constraints, load, then build them again from their
    definitions, as a restore does: one sorted build beats a million index insertions (the gist one above all).
    The rebuilt constraints check every loaded row."""
    rows = conn.execute(
        "select c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid) from pg_constraint c "
        "where c.contype in ('u', 'x') and c.conrelid = any(%s::regclass[]) "
        # a key another table's foreign key references stays (dropping it would need CASCADE)
        "and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = c.conindid)",
        (list(tables),)).fetchall()
    indexes = conn.execute(
        "select i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid) from pg_index i "
        "where i.indrelid = any(%s::regclass[]) and not i.indisprimary "
        "and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)", (list(tables),)).fetchall()
    for table, name, _ in rows:
        conn.execute(f'alter table {table} drop constraint "{name}"')
    for name, _ in indexes:
        conn.execute(f"drop index {name}")
    yield
    conn.execute("set maintenance_work_mem = '256MB'")
    for table, name, definition in rows:
        conn.execute(f'alter table {table} add constraint "{name}" {definition}')
    for _, definition in indexes:
        conn.execute(definition)
