"""The order list, detail and actions through the API (SPEC §3 order display and tabs, §9 presets, GMT offsets
and the past-90-days view): tab counts from the maintained counts equal the rows, every transition and refusal
(named by the state the order is in), and the merchant's data authority."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.dialects import postgresql

from api.resource.page import PlainPage
from api.routers.orders import orders
from domain.db import transaction
from domain.models.data_authority import DataScope
from domain.models.orders import Order
from services.orders.counts import fold
from tests.integration.order_support import channel_order, insert_shop, upsert
from tests.integration.people import bearer, create_user, token_for
from tests.integration.test_stock_search_plans import ADMIN

ORDERS = ("order-list", "order-detail", "order#export", "order#accept", "order#ship", "order#complete",
          "order#cancel", "order#hold", "order#release")
TABS = {"ALL", "PENDING", "SHIPPING", "COMPLETED", "ABNORMAL", "CANCELLED"}


@pytest.fixture
async def staff(login_as):
    return await login_as(*ORDERS)


async def search(client, headers, **body: Any) -> dict[str, Any]:
    reply = await client.post("/cms/order/search", headers=headers, json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def act(client, headers, action: str, order_id: int, status: int = 200, **body: Any) -> dict[str, Any]:
    reply = await client.post(f"/cms/order/{action}", headers=headers, json={"id": order_id, **body})
    assert reply.status_code == status, reply.text
    return reply.json()


async def test_every_transition_and_the_timeline(client, staff):
    shop = await insert_shop()
    order_id, _ = await upsert(shop, channel_order())
    steps = [("accept", "READY"), ("ship", "SHIPPING"), ("complete", "COMPLETED")]
    for action, status in steps:
        assert (await act(client, staff, action, order_id))["data"]["status"] == status
    other, _ = await upsert(shop, channel_order())
    held = (await act(client, staff, "hold", other, cause="SYNC_DELAY", note="waiting"))["data"]
    assert (held["status"], held["cause"]) == ("ABNORMAL", "SYNC_DELAY")
    released = (await act(client, staff, "release", other))["data"]  # resumed: accepted again, its stock reserved
    assert (released["status"], released["cause"]) == ("READY", None)
    await act(client, staff, "hold", other, cause="OUT_OF_STOCK")
    cancelled = (await act(client, staff, "cancel", other))["data"]
    assert cancelled["status"] == "CANCELLED" and cancelled["actions"] == []
    kinds = [(e["kind"], e["fromStatus"], e["toStatus"]) for e in cancelled["timeline"]]
    assert kinds == [("CREATED", None, "PENDING"), ("HOLD", "PENDING", "ABNORMAL"), ("RELEASE", "ABNORMAL", "PENDING"),
                     ("ACCEPT", "PENDING", "READY"), ("HOLD", "READY", "ABNORMAL"),
                     ("CANCEL", "ABNORMAL", "CANCELLED")]
    assert cancelled["timeline"][1]["note"] == "waiting"
    detail = (await client.get(f"/cms/order/{order_id}/details", headers=staff)).json()["data"]
    assert [(line["sku"], line["quantity"]) for line in detail["lines"]] == [("SKU-A", 2), ("SKU-B", 1)]
    assert (detail["buyerName"], detail["courier"], detail["shippingFee"]) == ("Budi", "JNE", "9000.00")


@pytest.mark.parametrize(("reach", "action", "current"), [
    ([], "ship", "PENDING"), ([], "complete", "PENDING"), ([], "release", "PENDING"),
    (["accept"], "accept", "READY"), (["accept"], "complete", "READY"), (["accept"], "release", "READY"),
    (["accept", "ship"], "cancel", "SHIPPING"), (["accept", "ship"], "hold", "SHIPPING"),
    (["accept", "ship"], "ship", "SHIPPING"), (["accept", "ship", "complete"], "cancel", "COMPLETED"),
    (["cancel"], "accept", "CANCELLED"), (["cancel"], "release", "CANCELLED"), (["cancel"], "cancel", "CANCELLED"),
])
async def test_a_refused_transition_names_the_state(client, staff, reach, action, current):
    shop = await insert_shop()
    order_id, _ = await upsert(shop, channel_order())
    for step in reach:
        await act(client, staff, step, order_id)
    refused = await act(client, staff, action, order_id, 409, **({"cause": "SYNC_DELAY"} if action == "hold" else {}))
    assert refused["code"] == "ORDER_ILLEGAL_TRANSITION"
    assert current in refused["message"]
    detail = (await client.get(f"/cms/order/{order_id}/details", headers=staff)).json()["data"]
    assert detail["status"] == current and len(detail["timeline"]) == len(reach) + 1


async def test_a_hold_names_a_cause_an_operator_may_give(client, staff):
    shop = await insert_shop()
    order_id, _ = await upsert(shop, channel_order())
    missing = await act(client, staff, "hold", order_id, 422)
    assert missing["data"]["errors"][0]["field"] == "cause"
    rule_only = await act(client, staff, "hold", order_id, 422, cause="INTERCEPTED")
    assert rule_only["data"]["errors"][0]["rule"] == "order_cause_not_manual"
    unknown = await act(client, staff, "hold", order_id, 422, cause="BECAUSE")
    assert unknown["data"]["errors"][0]["field"] == "cause"


async def test_the_actions_need_their_permissions(client, login_as):
    shop = await insert_shop()
    order_id, _ = await upsert(shop, channel_order())
    viewer = await login_as("order-list")
    assert (await client.post("/cms/order/cancel", headers=viewer, json={"id": order_id})).status_code == 403


async def test_tab_counts_equal_the_rows_after_inserts_and_transitions(client, staff):
    shop = await insert_shop()
    ids = [(await upsert(shop, channel_order(ordered_at=datetime.now(UTC) - timedelta(days=i, hours=i))))[0]
           for i in range(12)]
    for order_id in ids[:6]:
        await act(client, staff, "accept", order_id)
    for order_id in ids[:3]:
        await act(client, staff, "ship", order_id)
    await act(client, staff, "complete", ids[0])
    await act(client, staff, "cancel", ids[6])
    await act(client, staff, "hold", ids[7], cause="ORDER_PULL_DELAY")
    async def counted() -> dict[str, int]:
        async with transaction() as db:
            rows = (await db.execute(select(Order.status, func.count()).where(Order.merchant_id == shop.merchant_id)
                                     .group_by(Order.status))).all()
        by = Counter({status: n for status, n in rows})
        return {"ALL": sum(by.values()), "PENDING": by["PENDING"] + by["READY"], "SHIPPING": by["SHIPPING"],
                "COMPLETED": by["COMPLETED"], "ABNORMAL": by["ABNORMAL"], "CANCELLED": by["CANCELLED"]}
    expected = await counted()
    assert expected == {"ALL": 12, "PENDING": 7, "SHIPPING": 2, "COMPLETED": 1, "ABNORMAL": 1, "CANCELLED": 1}
    found = await search(client, staff, merchantId=shop.merchant_id)
    assert found["tabs"] == expected and found["total"] == 12
    async with transaction() as db:
        await fold(db)
    assert (await search(client, staff, merchantId=shop.merchant_id))["tabs"] == expected
    assert (await search(client, staff, shopId=shop.id, orderTab="PENDING"))["total"] == 7
    await act(client, staff, "release", ids[7])
    after = await search(client, staff, merchantId=shop.merchant_id, orderTab="ABNORMAL")
    assert (after["tabs"]["ABNORMAL"], after["tabs"]["PENDING"], after["total"]) == (0, 8, 0)
    everything = await search(client, staff)
    async with transaction() as db:
        total = (await db.execute(select(func.count()).select_from(Order))).scalar_one()
    assert everything["tabs"]["ALL"] == total


async def test_a_day_is_read_in_the_chosen_gmt_offset(client, staff):
    shop = await insert_shop()
    late = datetime(2026, 11, 20, 23, 30, tzinfo=UTC)  # 21 Nov at GMT+01 and at GMT+08
    evening = datetime(2026, 11, 20, 16, 30, tzinfo=UTC)  # 20 Nov at GMT+01, 21 Nov 00:30 at GMT+08
    for at in (late, evening):
        await upsert(shop, channel_order(ordered_at=at))
    day = {"start": "2026-11-21", "end": "2026-11-21"}
    china = await search(client, staff, merchantId=shop.merchant_id, orderedAt={**day, "gmtOffset": "GMT+08:00"})
    europe = await search(client, staff, merchantId=shop.merchant_id, orderedOn=["2026-11-21", "2026-11-21"],
                          gmtOffset="GMT+01:00")  # as the address carries it
    default = await search(client, staff, merchantId=shop.merchant_id, orderedAt=day)
    assert (china["total"], china["tabs"]["ALL"]) == (2, 2)
    assert (europe["total"], europe["tabs"]["ALL"]) == (1, 1)
    assert default["total"] == 2
    week = await search(client, staff, merchantId=shop.merchant_id,
                        orderedAt={"start": "2026-11-01", "end": "2026-11-30", "gmtOffset": "GMT+12:00"})
    assert (week["total"], week["tabs"]["ALL"]) == (2, 2)
    reversed_ = await client.post("/cms/order/search", headers=staff, json={
        "orderedAt": {"start": "2026-11-22", "end": "2026-11-21"}})
    assert reversed_.status_code == 422


async def test_presets_and_the_past_90_days(client, staff):
    shop = await insert_shop()
    now = datetime.now(UTC)
    for days in (0, 40, 100, 400):
        await upsert(shop, channel_order(ordered_at=now - timedelta(days=days, minutes=5)))
    mine = {"merchantId": shop.merchant_id}
    recent = await search(client, staff, **mine, recent=True)
    assert (recent["total"], recent["tabs"]["ALL"]) == (2, 2)
    year = await search(client, staff, **mine, orderedAt={"preset": "YEAR", "gmtOffset": "GMT+07:00"})
    assert year["total"] == year["tabs"]["ALL"]
    today = await search(client, staff, **mine, preset="TODAY", gmtOffset="GMT+12:00")
    assert today["total"] == today["tabs"]["ALL"]
    assert (await search(client, staff, **mine))["tabs"]["ALL"] == 4


async def test_the_past_90_days_touch_only_recent_partitions():
    plain = PlainPage.of(orders)
    assert plain is not None
    statement = plain.statement(orders.filters.model_validate({"recent": True}), ADMIN)
    sql = str(statement.compile(dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True}))  # type: ignore[no-untyped-call]
    async with transaction() as db:
        plan = "\n".join(row[0] for row in await db.execute(text("EXPLAIN " + sql.replace("%%", "%"))))
    old = (datetime.now(UTC) - timedelta(days=200)).strftime("orders_%Y%m")
    assert "orders_" in plan and old not in plan, plan
    assert "orders_202501" not in plan, plan


async def test_order_numbers_find_their_orders_with_their_counts(client, staff):
    shop = await insert_shop()
    first, second = channel_order(), channel_order()
    one, _ = await upsert(shop, first)
    await upsert(shop, second)
    await act(client, staff, "cancel", one)
    found = await search(client, staff, orderNo=f"{first.channel_order_no}, {second.channel_order_no}")
    assert found["total"] == 2
    assert (found["tabs"]["ALL"], found["tabs"]["CANCELLED"], found["tabs"]["PENDING"]) == (2, 1, 1)
    only = await search(client, staff, orderNo=[first.channel_order_no], orderTab="CANCELLED")
    assert [row["id"] for row in only["items"]] == [one]
    bad = await client.post("/cms/order/search", headers=staff, json={"orderNo": "no spaces%"})
    assert bad.status_code == 422


async def test_orders_follow_the_data_authority_of_their_merchant(client, staff):
    shop = await insert_shop(country="MY")
    order = channel_order()
    order_id, _ = await upsert(shop, order)
    user = await create_user(*ORDERS, country="ID")
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    scoped = bearer(await token_for(user))
    found = await search(client, scoped, orderNo=order.channel_order_no)
    assert (found["total"], found["tabs"]["ALL"]) == (0, 0)
    assert (await search(client, scoped, merchantId=shop.merchant_id))["tabs"]["ALL"] == 0
    assert (await client.get(f"/cms/order/{order_id}/details", headers=scoped)).status_code == 404
    assert (await client.post("/cms/order/cancel", headers=scoped, json={"id": order_id})).status_code == 404
    assert (await search(client, staff, orderNo=order.channel_order_no))["total"] == 1


async def test_the_export_is_a_workbook_of_the_filtered_orders(client, staff):
    shop = await insert_shop()
    await upsert(shop, channel_order())
    reply = await client.post("/cms/order/export", headers=staff, json={"merchantId": shop.merchant_id})
    assert reply.status_code == 200
    assert reply.content[:2] == b"PK"
