"""Data for the ticket benchmark, written with COPY: staff users, historic closed tickets without flows,
open tickets marked flow-pending (their flows are started by the console's reconciler code)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import psycopg

CATEGORIES = [f"Category {i:02d}" for i in range(20)]
APPLICATIONS = ["SYS_ERP", "SYS_WMS", "SYS_CHAT", "SYS_POS", "GENIE_IAM", "OTHERS"]
ISSUE_TYPES = ["PRODUCT_SYNC", "ORDER_SYNC", "PUSH_TO_THIRD_WAREHOUSE", "ORDER_SHIPMENTS", "ORDER_PRINT_LABEL",
               "OTHERS"]
LEVELS = ["P0", "P1", "P2", "P3", "P4"]
MINUTES = {"P0": (15, 120), "P1": (30, 360), "P2": (60, 720), "P3": (120, 2880), "P4": (120, 2880)}
OPEN = ["NEW", "PENDING_FOR_OPERATION", "WORK_IN_PROCESS", "PENDING"]
COLUMNS = ("title", "description", "category", "application", "issue_type", "level", "status", "submitter_id",
           "assignee_id", "pic_id", "account_id", "tags", "created_at", "updated_at", "sla_started_at",
           "sla_work_time", "first_response_due", "resolve_due", "first_response_at", "first_response_minutes",
           "resolved_at", "resolved_in_minutes", "closed_at", "closed_by_id", "first_response_breached",
           "resolve_breached", "flow_pending", "seq")
NULL = "\\N"


def users(conn: psycopg.Connection, count: int) -> list[int]:
    """Staff users for the tickets' people (login disabled: the password hash matches nothing)."""
    rows = conn.execute(
        "insert into users (username, real_name, display_name, email, password_hash, status) "
        "select 'bench' || i, 'Bench user', 'Bench ' || i, 'bench' || i || '@bench.local', '!', 'ENABLED' "
        "from generate_series(1, %s) i on conflict (username) do update set status = excluded.status "
        "returning id", (count,)).fetchall()
    return [r[0] for r in rows]


def listed(conn: psycopg.Connection) -> None:
    """The benchmark's categories and applications in their managed lists: creating a ticket checks them."""
    for table, codes in (("ticket_categories", CATEGORIES), ("ticket_applications", APPLICATIONS)):
        conn.cursor().executemany(
            f"insert into {table} (code, name_en, name_zh, name_id, enabled, sort) values (%s, %s, '', '', true, 0) "
            "on conflict (code) do nothing", [(code, code) for code in codes])


def stamp(at: datetime | None) -> str:
    return at.isoformat() if at is not None else NULL


def closed_rows(count: int, people: list[int], now: datetime, rng: random.Random) -> Iterator[str]:
    span = timedelta(days=730).total_seconds()
    for i in range(count):
        level = rng.choice(LEVELS)
        first, resolve = MINUTES[level]
        created = now - timedelta(seconds=span * (1 - i / count) + 86400)  # ids grow with time, as in life
        responded = rng.randint(1, first * 2)
        resolved = rng.randint(responded, resolve * 2)
        closed = created + timedelta(minutes=resolved + rng.randint(10, 4000))
        status = "WONT_FIX" if i % 25 == 0 else "CLOSED"
        yield "\t".join((
            f"Historic ticket {i}", "Closed long ago", rng.choice(CATEGORIES), rng.choice(APPLICATIONS),
            rng.choice(ISSUE_TYPES), level, status, str(rng.choice(people)), str(rng.choice(people)),
            str(rng.choice(people)), f"merchant-{rng.randint(1, 50000)}", "{historic}", stamp(closed),
            stamp(closed), stamp(created), "t" if rng.random() < 0.4 else "f",
            stamp(created + timedelta(minutes=first)), stamp(created + timedelta(minutes=resolve)),
            stamp(created + timedelta(minutes=responded)), str(responded),
            stamp(created + timedelta(minutes=resolved)), str(resolved),
            stamp(closed) if status == "CLOSED" else NULL, str(rng.choice(people)) if status == "CLOSED" else NULL,
            "t" if responded > first else "f", "t" if resolved > resolve else "f", "f", "3")) + "\n"


def open_rows(count: int, people: list[int], now: datetime, rng: random.Random, *, due_from: datetime | None = None,
              due_window: float = 0, tag: str = "open") -> Iterator[str]:
    """Open tickets marked flow-pending. With `due_from`, each first-response deadline falls in
    [due_from, due_from + due_window s) (to measure breach lateness); otherwise both are days away."""
    created = now - timedelta(hours=1)
    for i in range(count):
        first_due = due_from + timedelta(seconds=rng.random() * due_window) if due_from else now + timedelta(days=2)
        yield "\t".join((
            f"Open ticket {tag} {i}", "Waiting for a technician", rng.choice(CATEGORIES), rng.choice(APPLICATIONS),
            rng.choice(ISSUE_TYPES), "P3", rng.choice(OPEN), str(rng.choice(people)), str(rng.choice(people)),
            NULL, f"merchant-{rng.randint(1, 50000)}", "{" + tag + "}", stamp(created), stamp(created),
            stamp(created), "t", stamp(first_due), stamp(now + timedelta(days=3)), NULL, NULL, NULL, NULL, NULL, NULL,
            "f", "f", "t", "1")) + "\n"


def copy(conn: psycopg.Connection, lines: Iterator[str], batch: int = 20000) -> int:
    written = 0
    with conn.cursor() as cur, cur.copy(f"copy tickets ({', '.join(COLUMNS)}) from stdin") as out:
        chunk: list[str] = []
        for line in lines:
            chunk.append(line)
            if len(chunk) >= batch:
                out.write("".join(chunk))
                written += len(chunk)
                chunk = []
        if chunk:
            out.write("".join(chunk))
            written += len(chunk)
    return written


def now() -> datetime:
    return datetime.now(UTC)
