"""Lean writes (api/lean.py): a stock movement answered beneath FastAPI gives FastAPI's reply, is logged as FastAPI's
calls are, replays once per key, and leaves to FastAPI (which refuses it) every call the normal path refuses: no
permission, another merchant's warehouse, no Idempotency-Key, a bad field, too little stock, a cross-site call.
A caller whose rights changed meanwhile writes nothing through the lean path (its auth check travels with the
write). A lean movement's log row is written by the movement's own statement (one transaction), holding the reply
sent as FastAPI's row would."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import text

from api import audit_log
from api.principals import CALLERS
from api.routers.stock import STAND_IN
from domain.db import transaction
from tests.conftest import unique
from tests.integration.lean_support import answered
from tests.integration.merchant_support import insert_merchant
from tests.integration.stock_support import Place, insert_warehouse
from tests.integration.ticket_support import staff

__all__ = ["answered"]  # fixtures

MOVEMENT = "/cms/stock/movement"
MOVER = ("stock-change-record", "stock#move")


def inbound(place: Place, sku: str, quantity: int = 5, **extra: Any) -> dict[str, Any]:
    return {"warehouseId": place.warehouse_id, "sku": sku, "movementType": "manual_inbound", "quantity": quantity,
            **extra}


async def records(sku: str) -> list[tuple[str, int]]:
    async with transaction() as db:
        rows = await db.execute(text("select idempotency_key, change_on_hand from stock_changes where sku = :sku "
                                     "order by id"), {"sku": sku})
        return [(key.rsplit(":", 1)[1], change) for key, change in rows]


async def logged(user_id: int) -> list[tuple[int, str | None, str]]:
    async with transaction() as db:
        rows = await db.execute(text("select http_status, operator_name, code from operation_logs "
                                     "where operator_id = :id and url = :url order by id"),
                                {"id": user_id, "url": MOVEMENT})
        return [tuple(row) for row in rows]  # type: ignore[misc]


def shape(reply: Any) -> dict[str, Any]:
    body = reply.json()
    return {**body, "transactionId": None, "data": {**body["data"], "changeId": None, "balance": None}}


async def test_the_lean_movement_is_the_fastapi_movement(client, answered) -> None:  # type: ignore[no-untyped-def]
    me, place, sku = await staff(*MOVER), await insert_warehouse(), unique("SKU")
    CALLERS.clear()
    full = await client.post(MOVEMENT, json=inbound(place, sku), headers={**me.headers, "Idempotency-Key": "a"})
    lean = await client.post(MOVEMENT, json=inbound(place, sku, 2), headers={**me.headers, "Idempotency-Key": "b"})
    assert answered[-2:] == [False, True]
    assert full.status_code == lean.status_code == 200, lean.text
    assert shape(lean) == shape(full) and lean.headers["content-type"] == full.headers["content-type"]
    assert lean.json()["transactionId"] == lean.headers["x-transaction-id"]
    assert lean.json()["data"]["balance"] == {"onHand": 7, "spare": 0, "locked": 0, "promotion": 0, "transit": 0,
                                              "available": 7}
    again = await client.post(MOVEMENT, json=inbound(place, sku, 2), headers={**me.headers, "Idempotency-Key": "b"})
    assert answered[-1] is True and again.headers["Idempotent-Replayed"] == "true"
    assert again.json()["data"]["changeId"] == lean.json()["data"]["changeId"] and again.json()["data"]["replayed"]
    assert await records(sku) == [("a", 5), ("b", 2)]
    assert await logged(me.id) == [(200, me.principal.username, "SUCCESS")] * 3


async def test_the_lean_path_refuses_what_fastapi_refuses(client, answered, login_as) -> None:  # type: ignore[no-untyped-def]
    me, sku = await staff(*MOVER), unique("SKU")
    mine = await insert_warehouse(merchant_id=(await insert_merchant("ID")).id)
    theirs = await insert_warehouse(merchant_id=(await insert_merchant("PH")).id)
    async with transaction() as db:
        await db.execute(text("insert into data_scopes (user_id, scope_type, values, created_at, updated_at) "
                              "values (:id, 'COUNTRY', array['ID'], now(), now())"), {"id": me.id})
    CALLERS.clear()
    for key in ("warm", "kept"):  # the second is answered lean: the caller is kept from here on
        assert (await client.post(MOVEMENT, json=inbound(mine, sku), headers={**me.headers, "Idempotency-Key": key})
                ).status_code == 200
    assert answered[-1] is True

    other = await client.post(MOVEMENT, json=inbound(theirs, sku), headers={**me.headers, "Idempotency-Key": "x"})
    assert (other.status_code, other.json()["code"], answered[-1]) == (404, "NOT_FOUND", False)
    no_key = await client.post(MOVEMENT, json=inbound(mine, sku), headers=me.headers)
    assert (no_key.status_code, answered[-1]) == (422, False) and "Idempotency-Key" in no_key.text
    zero = await client.post(MOVEMENT, json=inbound(mine, sku, 0), headers={**me.headers, "Idempotency-Key": "z"})
    assert (zero.status_code, answered[-1]) == (422, False)
    assert zero.json()["data"]["errors"][0]["field"] == "quantity"
    short = await client.post(MOVEMENT, json={**inbound(mine, sku, 99), "movementType": "manual_outbound"},
                              headers={**me.headers, "Idempotency-Key": "s"})
    assert (short.status_code, short.json()["code"], answered[-1]) == (409, "STOCK_SHORT", False)
    forged = await client.post(MOVEMENT, json=inbound(mine, sku), headers={
        **me.headers, "Idempotency-Key": "c", "Sec-Fetch-Site": "cross-site"})
    assert (forged.status_code, forged.json()["code"], answered[-1]) == (403, "CSRF_FAILED", False)
    reader = await staff("stock-change-record")
    for key in ("r1", "r2"):
        refused = await client.post(MOVEMENT, json=inbound(mine, sku), headers={**reader.headers,
                                                                             "Idempotency-Key": key})
        assert (refused.status_code, answered[-1]) == (403, False)
    assert await records(sku) == [("warm", 5), ("kept", 5)]
    assert [status for status, _, _ in await logged(me.id)] == [200, 200, 404, 422, 422, 409]


async def test_a_change_of_rights_stops_the_next_lean_write(client, answered) -> None:  # type: ignore[no-untyped-def]
    me, place, sku = await staff(*MOVER), await insert_warehouse(), unique("SKU")
    for key in ("1", "2"):
        await client.post(MOVEMENT, json=inbound(place, sku), headers={**me.headers, "Idempotency-Key": key})
    assert answered[-1] is True
    async with transaction() as db:  # any change to rights moves the epoch: the kept caller is read again
        await db.execute(text("update auth_epoch set value = value + 1 where id = 1"))
    moved = await client.post(MOVEMENT, json=inbound(place, sku), headers={**me.headers, "Idempotency-Key": "3"})
    assert (moved.status_code, answered[-1]) == (200, False)  # FastAPI's, after the lean write ran nothing
    async with transaction() as db:
        await db.execute(text("delete from role_authorities ra using user_roles ur where ur.role_id = ra.role_id "
                              "and ur.user_id = :user"), {"user": me.id})
    refused = await client.post(MOVEMENT, json=inbound(place, sku), headers={**me.headers, "Idempotency-Key": "4"})
    assert (refused.status_code, refused.json()["code"], answered[-1]) == (403, "NO_PERMISSION", False)
    assert await records(sku) == [("1", 5), ("2", 5), ("3", 5)]



async def log_of(reply: Any, key: str, user_id: int) -> tuple[Any, ...]:
    """The call's log row (as FastAPI's calls are compared) and whether the movement's transaction wrote it."""
    async with transaction() as db:
        return tuple((await db.execute(text(
            "select l.http_status, l.code, l.request_data, l.response_data, l.operator_name, l.remote_ip, "
            "l.business_id, l.method, l.url, l.application, l.duration_ms >= 0, l.xmin = c.xmin "
            "from operation_logs l, stock_changes c where l.transaction_id = :tid and c.idempotency_key = :key"),
            {"tid": reply.json()["transactionId"], "key": f"api:{user_id}:{key}"})).one())


async def test_the_lean_movement_logs_itself_in_its_own_statement(client, answered, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    me, place, sku = await staff(*MOVER), await insert_warehouse(), unique("SKU")
    written: list[str] = []
    write = audit_log.write

    async def spy(entry: dict[str, Any]) -> None:
        written.append(entry["transaction_id"])
        await write(entry)

    monkeypatch.setattr(audit_log, "write", spy)
    CALLERS.clear()
    asked = inbound(place, sku, reason=f"{STAND_IN.change_id}")  # a number a caller sends is logged as sent
    full = await client.post(MOVEMENT, json=asked, headers={**me.headers, "Idempotency-Key": "a"})
    lean = await client.post(MOVEMENT, json=asked, headers={**me.headers, "Idempotency-Key": "b"})
    assert answered[-2:] == [False, True] and lean.status_code == 200, lean.text
    assert written == [full.json()["transactionId"]]  # the lean call's row needed no INSERT of its own
    full_row, lean_row = await log_of(full, "a", me.id), await log_of(lean, "b", me.id)
    assert lean_row[3] == json.dumps(lean.json(), ensure_ascii=False)  # the reply sent, as FastAPI's row keeps it
    assert full_row[3] == json.dumps(full.json(), ensure_ascii=False)
    assert lean_row[:3] + lean_row[4:-1] == full_row[:3] + full_row[4:-1]
    assert (full_row[-1], lean_row[-1]) == (False, True)  # the lean row: the movement's own transaction
    replay = await client.post(MOVEMENT, json=asked, headers={**me.headers, "Idempotency-Key": "b"})
    assert answered[-1] is True and replay.json()["data"]["replayed"]
    assert written[-1] == replay.json()["transactionId"]  # moved nothing: logged after its reply, as before


async def test_each_lean_movement_logs_the_reply_it_sent_in_its_language(client, answered) -> None:  # type: ignore[no-untyped-def]
    """The reply of stand-ins is described once a language (api/lean.py `log_row`); the transaction id and the
    message of each row are still the call's own."""
    me, place, sku = await staff(*MOVER), await insert_warehouse(), unique("SKU")
    CALLERS.clear()
    await client.post(MOVEMENT, json=inbound(place, sku), headers={**me.headers, "Idempotency-Key": "keep"})
    replies = {}
    for key, language in (("en-1", "en"), ("zh-1", "zh-CN"), ("en-2", "en"), ("zh-2", "zh-CN")):
        replies[key] = await client.post(MOVEMENT, json=inbound(place, sku),
                                         headers={**me.headers, "Idempotency-Key": key, "Accept-Language": language})
        assert answered[-1] is True, replies[key].text
    assert replies["en-1"].json()["message"] != replies["zh-1"].json()["message"]
    assert len({reply.json()["transactionId"] for reply in replies.values()}) == 4
    for key, reply in replies.items():
        assert (await log_of(reply, key, me.id))[3] == json.dumps(reply.json(), ensure_ascii=False)


async def test_each_lean_row_is_its_callers_and_its_calls(client, answered) -> None:  # type: ignore[no-untyped-def]
    """The columns of a row that are a caller's are made once a caller (api/lean.py `LeanRoutes.logging`); two
    callers taking turns each get rows of their own, each holding what that call asked."""
    first, second, place, sku = await staff(*MOVER), await staff(*MOVER), await insert_warehouse(), unique("SKU")
    CALLERS.clear()
    for me in (first, second):
        await client.post(MOVEMENT, json=inbound(place, sku), headers={**me.headers, "Idempotency-Key": "keep"})
    for turn in range(2):
        for me in (first, second):
            key = f"turn-{turn}"
            reply = await client.post(MOVEMENT, json=inbound(place, sku, reason=f"{me.principal.username} {turn}"),
                                      headers={**me.headers, "Idempotency-Key": key})
            assert answered[-1] is True, reply.text
            row = await log_of(reply, key, me.id)
            assert row[4] == me.principal.username and row[-1] is True
            assert json.loads(row[2])["body"]["reason"] == f"{me.principal.username} {turn}"
            assert row[3] == json.dumps(reply.json(), ensure_ascii=False)
