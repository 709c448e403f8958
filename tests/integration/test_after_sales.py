"""After-sales returns through the API: created only of shipped orders and within what they shipped, moved only
through the transition table (a refusal names the state), restocked through the stock ledger exactly once, the
by-day summary summed from tallies that match the returns (refunds in each return's order's currency, never added
across currencies), the SLA's overdue flag and the data authority."""

from __future__ import annotations

import io
from datetime import timedelta
from typing import Any

import openpyxl
import pytest
from sqlalchemy import func, select, update

from domain.db import transaction
from domain.enums import StockMovementType
from domain.models.after_sales import ReturnDefect, ReturnOrder
from domain.models.data_authority import DataScope
from domain.models.merchants import Merchant
from domain.models.orders import Order
from domain.rules.after_sales import restock_key
from domain.rules.stock import Movement
from services.stock import store as stock_store
from tests.integration.fulfilment_support import act, new_order, stock_of
from tests.integration.people import create_user, token_for
from tests.integration.stock_sync_support import Stocked, stocked_store

STEPS = ("return#add", "return#export", "return#receive", "return#inspect", "return#restock", "return#reject")
ALL = ("after-service-time", "after-service-day", "return-day#export", "return-sla#add", "return-sla#edit", *STEPS)


@pytest.fixture
async def staff(login_as: Any) -> dict[str, str]:
    return await login_as(*ALL)  # type: ignore[no-any-return]  # the fixture builds the headers at run time


async def shipped(stock: int = 10, quantity: int = 3, country: str = "ID") -> tuple[Stocked, int, str]:
    store = await stocked_store(country, stock={"A": stock})
    order_id = await new_order(store, {store.skus[0]: quantity})
    await act(order_id, "ACCEPT")
    await act(order_id, "SHIP")
    return store, order_id, store.skus[0]


async def request(client: Any, headers: dict[str, str], order_id: int, sku: str, quantity: int,
                  status: int = 200, **extra: Any) -> Any:
    reply = await client.post("/cms/after-sales/return/add", headers=headers, json={
        "orderId": order_id, "lines": [{"sku": sku, "quantity": quantity, "reason": "DAMAGED"}], **extra})
    assert reply.status_code == status, reply.text
    return reply.json()


async def step(client: Any, headers: dict[str, str], return_id: int, action: str, status: int = 200,
               **body: Any) -> Any:
    reply = await client.post(f"/cms/after-sales/return/{return_id}/{action}", headers=headers,
                              json={"action": action.upper(), **body})
    assert reply.status_code == status, reply.text
    return reply.json()


async def test_a_return_goes_through_its_steps_and_restocks_good_units_once(client, staff):
    store, order_id, sku = await shipped(stock=10, quantity=3)
    on_hand = (await stock_of(store, sku))["on_hand"]
    created = (await request(client, staff, order_id, sku, 3, refundAmount="30.00"))["data"]
    assert created["status"] == "REQUESTED" and created["actions"] == ["DISPATCH", "RECEIVE", "REJECT"]
    assert created["lines"][0]["unitPrice"] == "10.00"
    rid = created["id"]
    assert (await step(client, staff, rid, "dispatch", 422))["data"]["errors"][0]["field"] == "trackingNo"
    assert (await step(client, staff, rid, "dispatch", trackingNo="JNT123"))["data"]["status"] == "IN_TRANSIT"
    assert (await step(client, staff, rid, "receive"))["data"]["status"] == "RECEIVED"
    refused = await step(client, staff, rid, "restock", 409)  # not inspected yet: the refusal names the state
    assert refused["code"] == "RETURN_ILLEGAL_TRANSITION" and "RECEIVED" in refused["message"]
    over = await step(client, staff, rid, "inspect", 422, lines=[{"lineNo": 1, "goodQuantity": 4}])
    assert over["data"]["errors"][0]["rule"] == "return_good_range"
    inspected = (await step(client, staff, rid, "inspect", lines=[{"lineNo": 1, "goodQuantity": 2}]))["data"]
    assert inspected["goodQuantity"] == 2 and inspected["defectiveQuantity"] == 1
    restocked = (await step(client, staff, rid, "restock"))["data"]
    assert restocked["status"] == "RESTOCKED" and restocked["actions"] == [] and restocked["hoursToClose"] is not None
    assert (await stock_of(store, sku))["on_hand"] == on_hand + 2
    async with transaction() as db:  # a replayed restock finds its ledger record and adds nothing
        again = await stock_store.move(db, Movement(store.place.warehouse_id, sku, StockMovementType.MANUAL_INBOUND,
                                                    2, restock_key(rid, 1)))
        assert again.replayed
        defects = (await db.scalars(select(ReturnDefect).where(ReturnDefect.return_id == rid))).all()
    assert (await stock_of(store, sku))["on_hand"] == on_hand + 2
    assert [(d.sku, d.quantity) for d in defects] == [(sku, 1)]
    assert (await step(client, staff, rid, "restock", 409))["code"] == "RETURN_ILLEGAL_TRANSITION"
    assert (await step(client, staff, rid, "reject", 409, reason="late"))["code"] == "RETURN_ILLEGAL_TRANSITION"


async def test_every_unit_defective_closes_defective_and_rejecting_needs_a_reason(client, staff):
    store, order_id, sku = await shipped(quantity=2)
    rid = (await request(client, staff, order_id, sku, 2))["data"]["id"]
    await step(client, staff, rid, "receive")
    await step(client, staff, rid, "inspect", lines=[{"lineNo": 1, "goodQuantity": 0}])
    before = (await stock_of(store, sku))["on_hand"]
    assert (await step(client, staff, rid, "restock"))["data"]["status"] == "DEFECTIVE"
    assert (await stock_of(store, sku))["on_hand"] == before
    store, order_id, sku = await shipped(quantity=2)
    other = (await request(client, staff, order_id, sku, 1))["data"]["id"]
    assert (await step(client, staff, other, "reject", 422))["data"]["errors"][0]["field"] == "reason"
    assert (await step(client, staff, other, "reject", reason="no parcel"))["data"]["status"] == "REJECTED"
    assert (await step(client, staff, other, "receive", 409))["code"] == "RETURN_ILLEGAL_TRANSITION"


async def test_only_shipped_units_of_a_shipped_order_can_be_returned(client, staff):
    store = await stocked_store(stock={"A": 5})
    pending = await new_order(store, {store.skus[0]: 1})
    refused = await request(client, staff, pending, store.skus[0], 1, 409)
    assert refused["code"] == "RETURN_ORDER_NOT_SHIPPED" and "PENDING" in refused["message"]
    store, order_id, sku = await shipped(quantity=3)
    too_many = await request(client, staff, order_id, sku, 4, 422)
    error = too_many["data"]["errors"][0]
    assert (error["field"], error["rule"]) == ("lines[0].quantity", "return_quantity_above_shipped")
    assert (await request(client, staff, order_id, "NOPE", 1, 422))["data"]["errors"][0]["rule"] == \
        "return_sku_not_in_order"
    await request(client, staff, order_id, sku, 2)
    assert (await request(client, staff, order_id, sku, 2, 422))["data"]["errors"][0]["rule"] == \
        "return_quantity_above_shipped"  # 2 of 3 are held by the first return
    options = (await client.get("/cms/after-sales/return/order-options", headers=staff,
                                params={"q": (await _order_no(order_id))})).json()["data"]
    assert options[0]["lines"] == [{"sku": sku, "returnable": 1}]


async def _order_no(order_id: int) -> str:
    async with transaction() as db:
        return str(await db.scalar(select(ReturnOrder.channel_order_no).where(ReturnOrder.order_id == order_id)))


async def test_the_day_summary_matches_the_returns_and_exports(client, staff):
    store, order_id, sku = await shipped(quantity=3)
    rid = (await request(client, staff, order_id, sku, 3, refundAmount="12.50"))["data"]["id"]
    await step(client, staff, rid, "receive")
    await step(client, staff, rid, "inspect", lines=[{"lineNo": 1, "goodQuantity": 2}])
    await step(client, staff, rid, "restock")
    body = {"preset": "TODAY", "gmtOffset": "GMT+07:00", "warehouseId": store.place.warehouse_id}
    summary = (await client.post("/cms/after-sales/day/search", headers=staff, json=body)).json()["data"]
    assert len(summary["rows"]) == 1
    row = summary["rows"][0]
    assert (row["requested"], row["received"], row["restocked"], row["defective"], row["rejected"]) == (1, 1, 2, 1, 0)
    assert row["refundAmount"] == "12.50" and row["currency"] == "IDR" and row["merchantEmail"] == store.email
    totals = summary["totals"]
    assert (totals["requested"], totals["restocked"]) == (1, 2)
    assert totals["refunds"] == [{"currency": "IDR", "amount": "12.50"}]
    async with transaction() as db:  # the same figures counted from the returns themselves
        counted = await db.scalar(select(func.count()).select_from(ReturnOrder).where(
            ReturnOrder.warehouse_id == store.place.warehouse_id))
    assert counted == row["requested"]
    reply = await client.post("/cms/after-sales/day/export", headers=staff, json=body)
    assert reply.status_code == 200
    rows = list(openpyxl.load_workbook(io.BytesIO(reply.content)).active.iter_rows(values_only=True))
    assert len(rows) == 2 and "Refund amount" in rows[0] and "Currency" in rows[0]
    assert rows[1][rows[0].index("Currency")] == "IDR"
    wide = await client.post("/cms/after-sales/day/search", headers=staff,
                             json={"days": ["2020-01-01", "2026-01-01"]})
    assert wide.status_code == 422 and wide.json()["data"]["errors"][0]["field"] == "days"


async def test_refunds_are_kept_and_summed_in_each_returned_orders_currency(client, staff):
    """Two merchants, one selling in IDR and one in PHP: each return carries its order's currency, the day summary
    has a row per merchant in its currency, and the totals add the counts of every row but the refunds only within
    one currency."""
    user = await create_user(*ALL)
    async with transaction() as db:  # a data authority that sees exactly these two merchants
        db.add(DataScope(user_id=user.id, scope_type="OWN", values=[]))
    own = {"Authorization": f"Bearer {await token_for(user)}"}
    made = {}
    for country, refund in (("ID", "2033000.00"), ("PH", "1250.00")):
        store, order_id, sku = await shipped(quantity=2, country=country)
        async with transaction() as db:
            await db.execute(update(Merchant).where(Merchant.id == store.merchant_id).values(sales_id=user.id))
            currency = await db.scalar(select(Order.currency).where(Order.id == order_id))
        created = (await request(client, staff, order_id, sku, 2, refundAmount=refund))["data"]
        assert created["currency"] == currency
        await step(client, staff, created["id"], "receive")
        await step(client, staff, created["id"], "inspect", lines=[{"lineNo": 1, "goodQuantity": 1}])
        await step(client, staff, created["id"], "restock")
        made[currency] = (store, created, refund)
    assert sorted(made) == ["IDR", "PHP"]
    store, created, _ = made["PHP"]
    detail = (await client.get(f"/cms/after-sales/return/detail/{created['id']}", headers=staff)).json()["data"]
    assert (detail["currency"], detail["refundAmount"]) == ("PHP", "1250.00")
    assert [r["currency"] for r in await _search(client, staff, returnNo=created["returnNo"])] == ["PHP"]
    exported = await client.post("/cms/after-sales/return/export", headers=staff,
                                 json={"returnNo": created["returnNo"]})
    assert exported.status_code == 200, exported.text
    sheet = list(openpyxl.load_workbook(io.BytesIO(exported.content)).active.iter_rows(values_only=True))
    assert sheet[1][sheet[0].index("Currency")] == "PHP"

    reply = await client.post("/cms/after-sales/day/search", headers=own, json={"preset": "TODAY"})
    assert reply.status_code == 200, reply.text
    summary = reply.json()["data"]
    shown = {(r["merchantEmail"], r["currency"], r["refundAmount"]) for r in summary["rows"]}
    assert shown == {(s.email, currency, refund) for currency, (s, _, refund) in made.items()}
    totals = summary["totals"]
    assert [totals[name] for name in ("requested", "received", "restocked", "defective", "rejected")] == \
        [2, 2, 2, 2, 0]
    assert totals["refunds"] == [{"currency": "IDR", "amount": "2033000.00"}, {"currency": "PHP", "amount": "1250.00"}]


async def test_a_step_beyond_the_sla_flags_the_return_overdue(client, staff):
    store, order_id, sku = await shipped(quantity=1)
    sla = await client.post("/cms/after-sales/sla/add", headers=staff,
                            json={"warehouseId": store.place.warehouse_id, "slaHours": 2})
    assert sla.status_code == 200, sla.text
    again = await client.post("/cms/after-sales/sla/add", headers=staff,
                              json={"warehouseId": store.place.warehouse_id, "slaHours": 3})
    assert again.status_code == 409
    rid = (await request(client, staff, order_id, sku, 1))["data"]["id"]
    listed = await _search(client, staff, warehouseId=store.place.warehouse_id, overdue=True)
    assert listed == []
    async with transaction() as db:  # requested three hours ago: the receipt is late
        await db.execute(update(ReturnOrder).where(ReturnOrder.id == rid).values(
            requested_at=ReturnOrder.requested_at - timedelta(hours=3), due_at=ReturnOrder.due_at - timedelta(hours=3)))
    assert [r["id"] for r in await _search(client, staff, warehouseId=store.place.warehouse_id, overdue=True)] == [rid]
    received = (await step(client, staff, rid, "receive"))["data"]
    assert received["lateSteps"] == 1 and received["overdue"] is True
    assert float(received["hoursToReceive"]) >= 3


async def _search(client: Any, headers: dict[str, str], **filters: Any) -> list[dict[str, Any]]:
    reply = await client.post("/cms/after-sales/return/search", headers=headers, json=filters)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]["items"]  # type: ignore[no-any-return]  # JSON


async def test_returns_are_seen_and_worked_only_within_the_merchants_data_authority(client, staff):
    store, order_id, sku = await shipped(quantity=1)
    rid = (await request(client, staff, order_id, sku, 1))["data"]["id"]
    user = await create_user(*ALL)
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["PH"]))
    scoped = {"Authorization": f"Bearer {await token_for(user)}"}
    assert await _search(client, scoped, warehouseId=store.place.warehouse_id) == []
    assert (await client.get(f"/cms/after-sales/return/detail/{rid}", headers=scoped)).status_code == 404
    assert (await step(client, scoped, rid, "receive", 404))["code"] == "NOT_FOUND"
    assert (await request(client, scoped, order_id, sku, 1, 404))["code"] == "NOT_FOUND"
    summary = (await client.post("/cms/after-sales/day/search", headers=scoped,
                                 json={"preset": "TODAY", "warehouseId": store.place.warehouse_id})).json()["data"]
    assert summary["rows"] == []
