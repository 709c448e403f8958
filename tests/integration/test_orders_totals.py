"""The order list's page total comes from its tab counts (api/routers/orders.py `tab_total`, the kit's `Tallies`):
the page's statement counts nothing, and the total equals what the kit's capped count of the same filters finds,
for every filter the counts take, for order numbers (counted from their orders), past the last page, under a data
scope and at the cap."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
from sqlalchemy.dialects import postgresql

from api.resource import query as kit_query
from api.resource.page import PlainPage
from api.routers.orders import orders
from domain.db import plain_url, transaction
from domain.models.data_authority import DataScope
from services.orders.counts import fold
from tests.integration.order_support import channel_order, insert_shop, upsert
from tests.integration.people import bearer, create_user, token_for
from tests.integration.test_orders_api import ORDERS, act, search
from tests.integration.test_stock_search_plans import ADMIN

PLAIN = PlainPage.of(orders)


async def capped(body: dict[str, Any]) -> int:
    """The kit's capped count of the matches of `body`, as a super user (what the page counted before)."""
    assert PLAIN is not None
    async with transaction() as db:
        return int((await db.execute(PLAIN.count(orders.filters.model_validate(body), ADMIN))).scalar_one())


async def test_the_total_is_the_tab_count_and_equals_the_capped_count(client, login_as):
    staff = await login_as(*ORDERS)
    shop = await insert_shop()
    now = datetime.now(UTC)
    ids = [(await upsert(shop, channel_order(ordered_at=now - timedelta(days=d, hours=1))))[0]
           for d in (0, 0, 1, 3, 6, 20, 40, 95, 100)]
    for order_id in ids[:4]:
        await act(client, staff, "accept", order_id)
    await act(client, staff, "ship", ids[0])
    await act(client, staff, "cancel", ids[4])
    await act(client, staff, "hold", ids[5], cause="ORDER_PULL_DELAY")
    mine: dict[str, Any] = {"merchantId": shop.merchant_id}
    bodies: list[dict[str, Any]] = [
        mine, {"shopId": shop.id}, {**mine, "channel": [shop.channel]}, {**mine, "channel": ["LAZADA_ID"]},
        {**mine, "status": ["READY", "CANCELLED"]}, {**mine, "status": ["READY"], "orderTab": "PENDING"},
        {**mine, "recent": True}, {**mine, "preset": "WEEK", "gmtOffset": "GMT+07:00"},
        {**mine, "orderedAt": {"start": (now - timedelta(days=30)).date().isoformat(), "gmtOffset": "GMT+12:00"}},
        *({**mine, "orderTab": tab} for tab in ("ALL", "PENDING", "SHIPPING", "COMPLETED", "ABNORMAL", "CANCELLED")),
        {**mine, "pageSize": 2, "page": 3}, {**mine, "page": 7},  # the last page, and past it
    ]
    for folded in (False, True):  # from the deltas, then from the folded counts
        if folded:
            async with transaction() as db:
                await fold(db)
        for body in bodies:
            found = await search(client, staff, **body)
            assert found["total"] == await capped(body), body
            assert found["totalCapped"] is False
    assert (await search(client, staff, **mine))["total"] == 9
    assert [row["id"] for row in (await search(client, staff, **mine, pageSize=2, page=5))["items"]] == [ids[-1]]


async def test_order_numbers_get_their_total_from_their_orders(client, login_as):
    staff = await login_as(*ORDERS)
    here, there = await insert_shop(), await insert_shop(channel="TOKOPEDIA_ID")
    shared = channel_order()
    first, _ = await upsert(here, shared)
    await upsert(there, channel_order(shared.channel_order_no))  # unique per shop, not across shops
    await upsert(here, channel_order())  # not asked for
    await act(client, staff, "cancel", first)
    numbers = f"{shared.channel_order_no} {channel_order().channel_order_no}"
    for body in ({"orderNo": numbers}, {"orderNo": numbers, "orderTab": "CANCELLED"},
                 {"orderNo": numbers, "shopId": there.id}, {"orderNo": numbers, "channel": ["LAZADA_ID"]}):
        found = await search(client, staff, **body)
        assert found["total"] == await capped(body) == len(found["items"]), body
    assert (await search(client, staff, orderNo=numbers))["total"] == 2
    assert (await search(client, staff, orderNo=numbers, orderTab="CANCELLED"))["items"][0]["id"] == first
    user = await create_user(*ORDERS, country="ID")
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["MY"]))
    scoped = bearer(await token_for(user))
    for body in ({"orderNo": numbers}, {"merchantId": here.merchant_id}):
        assert (await search(client, scoped, **body))["total"] == 0, body


async def test_past_the_cap_the_total_says_so_as_the_count_did(client, login_as, monkeypatch):
    staff = await login_as(*ORDERS)
    shop = await insert_shop()
    for _ in range(3):
        await upsert(shop, channel_order())
    monkeypatch.setattr(kit_query, "COUNT_CAP", 2)
    for body in ({"merchantId": shop.merchant_id}, {"merchantId": shop.merchant_id, "page": 9}):
        found = await search(client, staff, **body)
        assert (found["total"], found["totalCapped"], found["tabs"]["ALL"]) == (2, True, 3), body


async def test_a_new_session_plans_without_trying_the_partitions_constraints():
    """Partition pruning reads the bounds; refuting every partition's CHECK constraints was most of a filtered
    page's planning (migration 0054)."""
    async with await psycopg.AsyncConnection.connect(plain_url()) as conn:
        assert (await (await conn.execute("SHOW constraint_exclusion")).fetchone()) == ("off",)


async def test_the_page_statement_counts_nothing_when_its_total_is_known():
    assert PLAIN is not None
    params = orders.filters.model_validate({"orderTab": "PENDING"})
    dialect = postgresql.dialect()
    counting, plain = (str(PLAIN.statement(params, ADMIN, counted).compile(dialect=dialect))
                       for counted in (True, False))
    assert "count(" in counting and "count(" not in plain
