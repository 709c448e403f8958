"""The operation log's grouped INSERT (api/audit_log.py `Grouped`): calls ending together are written in one
statement, each caller returns once its own row is committed, and a row PostgreSQL refuses loses no other."""

from __future__ import annotations

import asyncio

from sqlalchemy import text

from api import audit_log
from domain.db import transaction
from tests.conftest import unique


def entry(url: str, **more: object) -> dict[str, object]:
    return {"application": audit_log.APPLICATION, "operator_id": None, "operator_name": "group", "url": url,
            "method": "POST", "http_status": 200, "code": "SUCCESS", "request_data": None, "response_data": None,
            "remote_ip": None, "location": None, "transaction_id": unique("tx"), "business_id": None,
            "duration_ms": 1, **more}


async def urls(prefix: str) -> list[str]:
    async with transaction() as db:
        rows = await db.execute(text("select url from operation_logs where url like :p order by url"),
                                {"p": f"{prefix}%"})
        return [url for (url,) in rows]


async def test_calls_ending_together_are_written_together(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    prefix, groups = unique("/cms/group/"), []
    original = audit_log.write_group

    async def counted(entries):  # type: ignore[no-untyped-def]
        groups.append(len(entries))
        await original(entries)

    monkeypatch.setattr(audit_log, "write_group", counted)
    await asyncio.gather(*(audit_log.write(entry(f"{prefix}{n:02d}")) for n in range(12)))
    assert await urls(prefix) == [f"{prefix}{n:02d}" for n in range(12)]
    assert groups == [12]  # all had ended before the first INSERT went out


async def test_a_refused_row_loses_no_other() -> None:
    prefix = unique("/cms/group/")
    writes = [audit_log.write(entry(f"{prefix}{n}")) for n in range(4)]
    bad = audit_log.write(entry(f"{prefix}bad", code="x" * 200))  # longer than the column
    outcomes = await asyncio.gather(*writes[:2], bad, *writes[2:], return_exceptions=True)
    assert [o is None for o in outcomes] == [True, True, False, True, True]
    assert await urls(prefix) == [f"{prefix}{n}" for n in range(4)]
