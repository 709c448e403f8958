"""The shelf-merge API's refusals, permissions and lists (docs/shelf_merges.md). A refused start names the field
and the rule in the caller's language and starts nothing."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from typing import Any

import openpyxl
import pytest
from sqlalchemy import func, select

from domain.db import transaction
from domain.models.data_authority import DataScope
from domain.models.shelf_merges import ShelfMerge, ShelfMergeItem
from tests.integration.shelf_merge_support import MERGER, Site, site
from tests.integration.ticket_support import staff


@pytest.fixture
async def flows(time_skipping_env: Any, app: Any) -> AsyncIterator[Any]:
    """A Temporal the routes can reach (no worker: nothing here runs a merge)."""
    previous, app.state.flows._client = app.state.flows._client, time_skipping_env.client
    yield time_skipping_env
    app.state.flows._client = previous


def body(place: Site, sources: list[str], target: str, **more: Any) -> dict[str, Any]:
    return {"warehouseId": place.warehouse_id, "sourceShelfIds": [place.shelves[s] for s in sources],
            "targetShelfId": place.shelves[target], **more}


async def merges_of(place: Site) -> int:
    async with transaction() as db:
        return await db.scalar(select(func.count()).where(ShelfMerge.warehouse_id == place.warehouse_id)) or 0


async def insert_merge(place: Site, source: str, state: str) -> ShelfMerge:
    """A merge row with no flow behind it: one running (its shelves busy) or one that ended."""
    ended = state != "RUNNING"
    async with transaction() as db:
        row = ShelfMerge(warehouse_id=place.warehouse_id, source_shelf_ids=[place.shelves[source]],
                         target_shelf_id=place.shelves["B1"], state=state, total=int(ended), moved=int(ended),
                         skipped=0, batches=int(ended), attempt=1)
        db.add(row)
        await db.flush()
        return row


async def refused(client: Any, who: Any, payload: dict[str, Any], status: int, lang: str = "en") -> dict[str, Any]:
    reply = await client.post("/cms/shelf-merge/add", json=payload, headers={**who.headers, "Accept-Language": lang})
    assert reply.status_code == status, reply.text
    return reply.json()


async def test_no_merge_onto_one_of_its_source_shelves(client, flows):
    place, who = await site({"A1": {"SKU-1": 2}}), await staff(*MERGER)
    reply = await refused(client, who, body(place, ["A1", "A2"], "A2"), 422)
    assert reply["data"]["errors"][0]["field"] == "targetShelfId"
    assert reply["message"] == "Target shelf: A2 is one of the source shelves; pick another target"
    zh = await refused(client, who, body(place, ["A1", "A2"], "A2"), 422, lang="zh-CN")
    assert zh["message"] == "目标货架：A2 是源货架之一，请另选目标货架"
    assert await merges_of(place) == 0


async def test_every_shelf_is_in_the_merge_warehouse(client, flows):
    place, other, who = await site({}), await site({}), await staff(*MERGER)
    payload = body(place, ["A1"], "B1")
    payload["sourceShelfIds"].append(other.shelves["A2"])
    reply = await refused(client, who, payload, 422)
    assert reply["data"]["errors"][0]["field"] == "sourceShelfIds"
    assert reply["message"] == "Source shelves: A2 is not in this warehouse"
    payload = {**body(place, ["A1"], "B1"), "targetShelfId": other.shelves["B1"]}
    assert (await refused(client, who, payload, 422))["data"]["errors"][0]["field"] == "targetShelfId"
    assert await merges_of(place) == 0


async def test_a_merge_needs_a_source_shelf_and_known_shelves(client, flows):
    place, who = await site({}), await staff(*MERGER)
    reply = await refused(client, who, {**body(place, ["A1"], "B1"), "sourceShelfIds": []}, 422)
    assert reply["data"]["errors"][0]["field"] == "sourceShelfIds"
    await refused(client, who, {**body(place, ["A1"], "B1"), "targetShelfId": 2**62}, 404)
    assert await merges_of(place) == 0


async def test_a_shelf_of_a_running_merge_takes_part_in_no_other(client, flows):
    place, who = await site({"A1": {"SKU-1": 2}}), await staff(*MERGER)
    running = await insert_merge(place, "A3", "RUNNING")
    reply = await refused(client, who, body(place, ["A1", "A2"], "B1"), 409)
    assert reply["code"] == "SHELF_MERGE_SHELF_BUSY"
    assert reply["message"] == f"Shelves B1 are already being merged (merge #{running.id}); wait until it ends"
    assert await merges_of(place) == 1


async def test_starting_cancelling_and_reading_need_their_permissions(client, flows):
    place = await site({"A1": {"SKU-1": 2}})
    reader = await staff("shelf-merges", "shelf-merge-detail")
    await refused(client, reader, body(place, ["A1"], "B1"), 403)
    done = await insert_merge(place, "A1", "COMPLETED")
    assert (await client.post(f"/cms/shelf-merge/{done.id}/cancel", headers=reader.headers)).status_code == 403
    view = await client.get(f"/cms/shelf-merge/{done.id}/view", headers=reader.headers)
    assert view.status_code == 200 and view.json()["data"]["workflowUrl"] is None  # not an operator
    assert view.json()["data"]["progress"]["percent"] == 100
    merger = await staff(*MERGER)
    cancel = await client.post(f"/cms/shelf-merge/{done.id}/cancel", headers=merger.headers)
    assert (cancel.status_code, cancel.json()["code"]) == (409, "SHELF_MERGE_NOT_RUNNING")
    retry = await client.post(f"/cms/shelf-merge/{done.id}/retry", headers=merger.headers)
    assert (retry.status_code, retry.json()["code"]) == (409, "SHELF_MERGE_NOT_RETRYABLE")
    listed = await client.post("/cms/shelf-merge/search", json={"warehouseId": place.warehouse_id},
                               headers=reader.headers)
    assert [(r["id"], r["targetShelfCode"], r["sourceShelfCodes"]) for r in listed.json()["data"]["items"]] == [
        (done.id, "B1", ["A1"])]
    detail = (await client.get(f"/cms/shelf-merge/detail/{done.id}", headers=reader.headers)).json()["data"]
    assert (detail["warehouseName"], detail["sourceShelfCodes"], detail["state"]) == (
        listed.json()["data"]["items"][0]["warehouseName"], ["A1"], "COMPLETED")
    exporter = await staff("shelf-merges", "shelf-merge#export")
    export = await client.post("/cms/shelf-merge/export", json={"warehouseId": place.warehouse_id},
                               headers=exporter.headers)
    assert export.status_code == 200 and export.content[:2] == b"PK"


async def test_the_start_dialog_offers_the_shelves_with_what_is_on_them(client, flows):
    place, who = await site({"A1": {"SKU-1": 2, "SKU-2": 3}, "A2": {"SKU-1": 1}}), await staff(*MERGER)
    reply = await client.get(f"/cms/shelf-merge/shelves/{place.warehouse_id}", headers=who.headers)
    assert [(s["code"], s["skus"], s["quantity"]) for s in reply.json()["data"]] == [
        ("A1", 2, 5), ("A2", 1, 1), ("A3", 0, 0), ("B1", 0, 0)]


async def narrow(country: str) -> Any:
    """A merger whose data authority is the merchants of one country."""
    from tests.integration.people import bearer, create_user, token_for

    user = await create_user(*MERGER, "shelf-merge#export")
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=[country]))
    return bearer(await token_for(user))


async def test_merges_follow_the_data_authority_of_their_warehouses_merchant(client, flows):
    place = await site({"A1": {"SKU-1": 2}})  # a merchant of ID
    done = await insert_merge(place, "A1", "COMPLETED")
    running = await insert_merge(place, "A2", "RUNNING")
    async with transaction() as db:
        db.add(ShelfMergeItem(merge_id=done.id, shelf_id=place.shelves["A1"], sku="SKU-1", planned=2))
    outsider, insider = await narrow("PH"), await narrow("ID")

    async def seen(headers: dict[str, str]) -> tuple[Any, ...]:
        listed = await client.post("/cms/shelf-merge/search", json={"warehouseId": place.warehouse_id},
                                   headers=headers)
        items = await client.post("/cms/shelf-merge/item/search", json={"mergeId": done.id}, headers=headers)
        options = await client.get("/cms/shelf-merge/warehouses", headers=headers)
        return (sorted(r["id"] for r in listed.json()["data"]["items"]), items.json()["data"]["total"],
                place.warehouse_id in {w["id"] for w in options.json()["data"]},
                (await client.get(f"/cms/shelf-merge/detail/{done.id}", headers=headers)).status_code,
                (await client.get(f"/cms/shelf-merge/{done.id}/view", headers=headers)).status_code,
                (await client.get(f"/cms/shelf-merge/shelves/{place.warehouse_id}", headers=headers)).status_code)

    assert await seen(insider) == (sorted([done.id, running.id]), 1, True, 200, 200, 200)
    assert await seen(outsider) == ([], 0, False, 404, 404, 404)
    for action in ("cancel", "retry"):
        reply = await client.post(f"/cms/shelf-merge/{running.id}/{action}", headers=outsider)
        assert reply.status_code == 404, reply.text
    start = await client.post("/cms/shelf-merge/add", json=body(place, ["A1"], "B1"), headers=outsider)
    assert start.status_code == 422 and start.json()["data"]["errors"][0]["rule"] == "warehouse_missing"
    async with transaction() as db:
        assert (await db.get(ShelfMerge, running.id)).cancel_requested_at is None
    assert await merges_of(place) == 2
    export = await client.post("/cms/shelf-merge/export", json={"warehouseId": place.warehouse_id}, headers=outsider)
    assert openpyxl.load_workbook(io.BytesIO(export.content)).worksheets[0].max_row == 1  # the header alone
