"""A write that names another business record by its id (the merchant of a new warehouse, the warehouse of a new
order, the store of a binding) finds it within the caller's data authority, and refuses one outside it exactly as
one that does not exist (docs/decisions/data-authority.md): same status, same code, same field and rule, and
nothing written. Before, such a reference was looked up unscoped, so a user scoped to Indonesia was told a
Philippine merchant's record existed (403 DATA_SCOPE_WRITE where a missing one is a 422), or which merchant a
Philippine warehouse belonged to (`stock_binding_other_merchant`, `stock_order_warehouse_not_merchants`), and a
merchant's modify, a scheduled task and a queue alert rule took any user id as their person and answered with that
user's real name."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy import func, select

from domain.db import transaction
from domain.models.data_authority import DataScope
from domain.models.jobs import ScheduledJob
from domain.models.queue_alerts import QueueAlertRule
from domain.models.stock_orders import StockOrder
from domain.models.stock_sync import StockBinding
from domain.models.warehouses import Warehouse, WarehouseArea, WmsProduct
from domain.models.whatsapp_groups import WhatsappGroup
from tests.conftest import unique
from tests.integration.people import bearer, create_user, token_for
from tests.integration.stock_sync_support import stocked_store

MISSING = 2_000_000_000  # an id no row has

PERMISSIONS = ("ginee-account", "account#edit",
               "warehouse-list", "warehouse#add", "product-library", "product#add", "location-management",
               "location#add", "outbound-inbound-order-query", "stock-order#add", "store-warehouse-binding",
               "stock-binding#add", "stock#move", "stock#repair", "task-schedule", "job#add", "alter-mq",
               "mq-alert#add", "shelf-merges", "shelf-merge#add")


@dataclass
class World:
    headers: dict[str, str]
    mine: Any  # a merchant of ID with a store and a warehouse (not bound to each other)
    theirs: Any  # the same of PH
    person: int  # a user of PH
    group: int  # a WhatsApp group of PH


@pytest.fixture(scope="module")
async def world() -> World:
    user = await create_user(*PERMISSIONS, prefix="scref", country="ID")
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    mine, theirs = await stocked_store("ID", bind=False), await stocked_store("PH", bind=False)
    person = await create_user(prefix="scrph", country="PH")
    async with transaction() as db:
        group = WhatsappGroup(name=unique("grp"), country="PH", link=f"https://chat.whatsapp.com/{unique('g')[:10]}Invite00")
        db.add(group)
        await db.flush()
    return World(bearer(await token_for(user)), mine, theirs, person.id, group.id)


def order(merchant_id: int, warehouse_id: int, **extra: Any) -> dict[str, Any]:
    return {"merchantId": merchant_id, "warehouseId": warehouse_id, "orderType": "PURCHASE_INBOUND",
            "lines": [{"sku": unique("SKU"), "quantity": 1}], **extra}


# path, and the body naming (merchant, warehouse, shop) ids: the out-of-scope call and the missing one differ in
# the one id under test only
Body = Callable[[World, Callable[[int], int]], dict[str, Any]]
CASES: dict[str, tuple[str, Body]] = {
    "warehouse's merchant": ("/cms/warehouse/add", lambda w, x: {
        "merchantId": x(w.theirs.merchant_id), "name": unique("House"), "code": unique("WH")}),
    "product's merchant": ("/cms/wms-product/add", lambda w, x: {
        "merchantId": x(w.theirs.merchant_id), "sku": unique("SKU"), "name": "Tea", "category": "1"}),
    "area's warehouse": ("/cms/warehouse-area/add", lambda w, x: {
        "warehouseId": x(w.theirs.place.warehouse_id), "code": unique("A"), "name": "Area"}),
    "order's merchant and warehouse": ("/cms/stock-order/add", lambda w, x: order(
        x(w.theirs.merchant_id), x(w.theirs.place.warehouse_id))),
    "order's warehouse": ("/cms/stock-order/add", lambda w, x: order(
        w.mine.merchant_id, x(w.theirs.place.warehouse_id))),
    "order's store": ("/cms/stock-order/add", lambda w, x: order(
        w.mine.merchant_id, w.mine.place.warehouse_id, orderType="SALES_OUTBOUND", shopId=x(w.theirs.shop_id),
        channelOrderNo=unique("CO"), channelOrderedAt="2026-11-01T00:00:00Z")),
    "binding's store and warehouse": ("/cms/stock-sync/binding/add", lambda w, x: {
        "shopId": x(w.theirs.shop_id), "warehouseId": x(w.theirs.place.warehouse_id)}),
    "binding's warehouse": ("/cms/stock-sync/binding/add", lambda w, x: {
        "shopId": w.mine.shop_id, "warehouseId": x(w.theirs.place.warehouse_id)}),
    "binding's store": ("/cms/stock-sync/binding/add", lambda w, x: {
        "shopId": x(w.theirs.shop_id), "warehouseId": w.mine.place.warehouse_id}),
    "merchant's sales person": ("/cms/merchant/modify", lambda w, x: {
        "id": w.mine.merchant_id, "salesId": x(w.person)}),
    "merchant's retention person": ("/cms/merchant/modify", lambda w, x: {
        "id": w.mine.merchant_id, "retentionId": x(w.person)}),
    "merchant's WhatsApp group": ("/cms/merchant/modify", lambda w, x: {
        "id": w.mine.merchant_id, "whatsappGroupId": x(w.group)}),
    "scheduled task's person in charge": ("/cms/job/add", lambda w, x: {
        "name": unique("Ping "), "handler": "console", "method": "ping", "cron": "0 3 * * *",
        "timeZone": "Asia/Jakarta", "params": {}, "emails": [], "pauseAfterFailures": 0, "ownerId": x(w.person)}),
    "queue alert's person in charge": ("/cms/queue-alert/rule/add", lambda w, x: {
        "taskQueue": unique("q"), "maxBacklog": 1, "ownerId": x(w.person)}),
    "repair's warehouse": ("/cms/stock/balance/repair", lambda w, x: {
        "warehouseId": x(w.theirs.place.warehouse_id), "sku": "ANY"}),
}


def shape(reply: Any) -> tuple[Any, ...]:
    """What a refusal tells: status, code, and each error's field and rule (not the id it echoes)."""
    body = reply.json()
    errors = (body.get("data") or {}).get("errors", []) if isinstance(body.get("data"), dict) else []
    return reply.status_code, body.get("code"), [(e.get("field"), e.get("rule")) for e in errors]


async def counts() -> tuple[int, ...]:
    async with transaction() as db:
        return tuple([await db.scalar(select(func.count()).select_from(m))
                      for m in (Warehouse, WmsProduct, WarehouseArea, StockOrder, StockBinding, ScheduledJob,
                                QueueAlertRule)])


@pytest.mark.parametrize("case", list(CASES))
async def test_a_record_outside_the_scope_is_refused_as_one_that_does_not_exist(client, world, case):
    path, body = CASES[case]
    before = await counts()
    outside = await client.post(path, headers={**world.headers, "Idempotency-Key": unique("k")},
                                json=body(world, lambda real: real))
    missing = await client.post(path, headers={**world.headers, "Idempotency-Key": unique("k")},
                                json=body(world, lambda _: MISSING))
    assert outside.status_code >= 400, outside.text
    assert shape(outside) == shape(missing), (outside.text, missing.text)
    assert await counts() == before


@pytest.fixture
async def flows(time_skipping_env: Any, app: Any) -> AsyncIterator[Any]:
    """A Temporal the shelf merge route can reach (no worker: no merge starts here)."""
    previous, app.state.flows._client = app.state.flows._client, time_skipping_env.client
    yield time_skipping_env
    app.state.flows._client = previous


async def test_a_shelf_outside_the_scope_is_not_named_in_a_shelf_merge(client, world, flows):
    """A shelf of a Philippine warehouse named as a source of a merge in one's own warehouse was refused as being
    of another warehouse, with its code; it is a shelf that does not exist, as for any id."""
    def merge(source: int) -> dict[str, Any]:
        return {"warehouseId": world.mine.place.warehouse_id, "sourceShelfIds": [source],
                "targetShelfId": world.mine.place.shelves[0]}

    outside = await client.post("/cms/shelf-merge/add", headers=world.headers,
                                json=merge(world.theirs.place.shelves[0]))
    missing = await client.post("/cms/shelf-merge/add", headers=world.headers, json=merge(MISSING))
    assert outside.status_code == 404, outside.text
    assert shape(outside) == shape(missing)
