"""The lean calls are answered before the middleware stack (api/lean.py `LeanRoutes`, docs/decisions/lean-dispatch.md),
doing inline what each middleware does for them: the reply carries the security headers and the call's transaction
id, speaks the caller's language and is in the access log; the input rules refuse a lean call as any other (the
call is handed to the stack, nothing is moved, the refusal is logged); the client's address is the one a trusted
proxy names."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from sqlalchemy import text

from api.principals import CALLERS
from domain.db import transaction
from domain.settings import get_settings
from tests.conftest import unique
from tests.integration.lean_support import answered
from tests.integration.people import client_from
from tests.integration.stock_support import Place, insert_warehouse
from tests.integration.ticket_support import Staff, staff

__all__ = ["answered"]  # fixtures

MOVEMENT = "/cms/stock/movement"
MOVER = ("stock-change-record", "stock#move")
SECURITY_HEADERS = ("content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options")


def inbound(place: Place, sku: str, **extra: Any) -> dict[str, Any]:
    return {"warehouseId": place.warehouse_id, "sku": sku, "movementType": "manual_inbound", "quantity": 1, **extra}


async def kept(client: Any, me: Staff, place: Place, sku: str) -> None:
    """Two movements: the second is answered lean, and the caller is kept from here on."""
    CALLERS.clear()
    for key in ("warm", "kept"):
        reply = await client.post(MOVEMENT, json=inbound(place, sku), headers={**me.headers, "Idempotency-Key": key})
        assert reply.status_code == 200, reply.text


async def logged(user_id: int) -> list[tuple[int, str, str | None, str]]:
    async with transaction() as db:
        rows = await db.execute(text("select http_status, code, remote_ip, transaction_id from operation_logs "
                                     "where operator_id = :id and url = :url order by id"),
                                {"id": user_id, "url": MOVEMENT})
        return [tuple(row) for row in rows]  # type: ignore[misc]


def nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


async def moved(sku: str) -> int:
    async with transaction() as db:
        return int(await db.scalar(text("select count(*) from stock_changes where sku = :sku"), {"sku": sku}) or 0)


async def test_a_lean_reply_carries_the_headers_the_language_and_the_access_line(client, answered, caplog) -> None:  # type: ignore[no-untyped-def]
    me, place, sku = await staff(*MOVER), await insert_warehouse(), unique("SKU")
    await kept(client, me, place, sku)
    with caplog.at_level(logging.INFO, logger="omp.access"):
        reply = await client.post(MOVEMENT, json=inbound(place, sku), headers={
            **me.headers, "Idempotency-Key": "zh", "Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5"})
    english = await client.post(MOVEMENT, json=inbound(place, sku), headers={**me.headers, "Idempotency-Key": "en"})
    assert answered[-2:] == [True, True] and reply.status_code == english.status_code == 200
    for name in SECURITY_HEADERS:
        assert reply.headers[name], name
    tx = reply.headers["x-transaction-id"]
    assert len(tx) == 32 and int(tx, 16) >= 0 and tx != english.headers["x-transaction-id"]
    assert reply.json()["transactionId"] == tx
    assert reply.json()["message"] != english.json()["message"]  # the caller's language, not the default
    lines = [r for r in caplog.records if r.name == "omp.access" and r.getMessage() == f"POST {MOVEMENT} 200"]
    assert len(lines) == 1 and lines[0].status == 200  # type: ignore[attr-defined]
    assert (await logged(me.id))[-2][3] == tx  # the operation log row has the call's transaction id


@pytest.mark.parametrize("bad", ["nul", "deep", "large"])
async def test_a_lean_call_breaking_an_input_rule_is_refused_as_any_call(client, answered, bad) -> None:  # type: ignore[no-untyped-def]
    me, place, sku = await staff(*MOVER), await insert_warehouse(), unique("SKU")
    await kept(client, me, place, sku)
    calls = len(answered)
    body = {"nul": inbound(place, sku, reason="bad\u0000reason"),
            "deep": inbound(place, sku, extra=nested(get_settings().body_max_depth + 1)),
            "large": inbound(place, sku, reason="x" * (get_settings().body_max_bytes + 1))}[bad]
    refused = await client.post(MOVEMENT, json=body, headers={**me.headers, "Idempotency-Key": bad})
    expected = {"nul": (422, "VALIDATION_FAILED"), "deep": (422, "VALIDATION_FAILED"),
                "large": (413, "BODY_TOO_LARGE")}[bad]
    assert (refused.status_code, refused.json()["code"]) == expected, refused.text
    assert len(answered) == calls  # refused before the lean path: nothing ran
    if bad == "nul":
        assert refused.json()["data"]["errors"][0]["field"] == "reason"
    for name in SECURITY_HEADERS:
        assert refused.headers[name], name
    assert await moved(sku) == 2
    async with transaction() as db:  # refused, and in the operation log as before (no operator: refused first)
        row = (await db.execute(text("select http_status, code from operation_logs where transaction_id = :tx"),
                                {"tx": refused.headers["x-transaction-id"]})).one()
    assert tuple(row) == expected


async def test_a_lean_call_through_a_trusted_proxy_logs_the_client_it_names(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("OMP_TRUSTED_PROXIES", "10.9.0.0/16")
    get_settings.cache_clear()
    try:
        me, place, sku = await staff(*MOVER), await insert_warehouse(), unique("SKU")
        async with client_from(app, "10.9.3.4") as c:
            await kept(c, me, place, sku)
            await c.post(MOVEMENT, json=inbound(place, sku), headers={
                **me.headers, "Idempotency-Key": "fwd", "X-Forwarded-For": "203.0.113.9"})
            await c.post(MOVEMENT, json=inbound(place, sku), headers={**me.headers, "Idempotency-Key": "own"})
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
    assert [ip for _, _, ip, _ in await logged(me.id)][-2:] == ["203.0.113.9", "10.9.3.4"]


def test_every_middleware_of_the_stack_is_stood_in_for_by_the_lean_calls(app) -> None:  # type: ignore[no-untyped-def]
    """A middleware added to the app is seen by every call but the lean ones until LeanRoutes does its work too."""
    from api.lean import LeanRoutes

    stack = [middleware.cls.__name__ for middleware in app.user_middleware]  # type: ignore[attr-defined]
    assert sorted(stack) == sorted(LeanRoutes.STANDS_IN_FOR + LeanRoutes.PASSES_BY)
