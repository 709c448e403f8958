"""The shelf-merge flow on Temporal's time-skipping server with real PostgreSQL (docs/shelf_merges.md).

A shelf merge moves every SKU from the source shelves to the target in batches of movements (move_shelf),
reports progress through a query, can be cancelled (what was moved stays moved and is listed), and survives a
worker kill without moving anything twice. A movement of the merge is held mid-batch by another transaction's
row lock, as a picker's movement of the same shelf and SKU would hold it.
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections import Counter
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest
from temporalio.api.enums.v1 import EventType
from temporalio.worker import Worker

from domain.flows import shelf_merges as m
from domain.rules import shelf_merges as rules
from domain.settings import get_settings
from tests.integration.shelf_merge_support import (
    MERGER,
    Site,
    changes_of,
    held,
    merge_items,
    moved_count,
    on_hand,
    shelf_stock,
    site,
    skus,
    until_state,
    until_waiting,
)
from tests.integration.ticket_support import register_search_attributes, staff
from tests.integration.worker_process import spawn_worker
from worker.interceptors import ActivityFailures
from workflows.shelf_merges import ShelfMergeWorkflow


def merge_worker(client: Any) -> Worker:
    from activities import shelf_merges as a

    return Worker(client, task_queue=get_settings().task_queue, workflows=[ShelfMergeWorkflow],
                  activities=[a.plan_shelf_merge, a.move_shelf_merge_batch, a.finish_shelf_merge],
                  interceptors=[ActivityFailures()], graceful_shutdown_timeout=timedelta(seconds=1))


@pytest.fixture
async def flows(own_time_skipping_env: Any, app: Any, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Any]:
    """The API's Temporal client on this module's server; batches of 4 SKUs; a dead worker's batch is taken over
    3 s after its last heartbeat (the time-out passes on the wall clock: a started activity holds the clock)."""
    env = own_time_skipping_env
    await register_search_attributes(env.client)
    monkeypatch.setattr(rules, "BATCH_SIZE", 4)
    monkeypatch.setattr(m, "HEARTBEAT_SECONDS", 3)
    previous, app.state.flows._client = app.state.flows._client, env.client
    yield env
    app.state.flows._client = previous


async def start(client: Any, who: Any, place: Site, sources: list[str], target: str = "B1") -> dict[str, Any]:
    body = {"warehouseId": place.warehouse_id, "sourceShelfIds": [place.shelves[s] for s in sources],
            "targetShelfId": place.shelves[target]}
    reply = await client.post("/cms/shelf-merge/add", json=body, headers=who.headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def call(client: Any, who: Any, path: str, status: int = 200) -> dict[str, Any]:
    reply = await client.post(f"/cms/shelf-merge/{path}", json={}, headers=who.headers)
    assert reply.status_code == status, reply.text
    return reply.json()["data"]


def all_on(place: Site, target: str = "B1") -> dict[tuple[str, str], int]:
    """Every unit of the warehouse on the target shelf."""
    return {(target, sku): place.on_hand(sku) for sku in place.skus}


async def assert_each_sku_moved_once(merge_id: int, expected: int) -> None:
    changes = await changes_of(merge_id)
    assert len(changes) == expected
    assert Counter((c.shelf_id, c.sku) for c in changes).most_common(1)[0][1] == 1
    assert all(c.movement_type == "move_shelf" for c in changes)
    items = {(i.shelf_id, i.sku): i for i in await merge_items(merge_id)}
    assert all(items[(c.shelf_id, c.sku)].quantity == c.quantity and items[(c.shelf_id, c.sku)].change_id == c.id
               for c in changes)


async def test_a_worker_killed_mid_batch_is_taken_over_and_no_sku_moves_twice(client, flows):
    # 14 SKU-shelf items in batches of 4; SKU-001 also waits on the target, SKU-004 and SKU-005 are on two sources.
    place = await site({"A1": dict.fromkeys(skus(5), 3), "A2": dict.fromkeys(skus(8)[3:], 2),
                        "A3": dict.fromkeys(skus(12)[8:], 5), "B1": {"SKU-001": 7}})
    balances = await on_hand(place)
    who = await staff(*MERGER)
    first = await spawn_worker(flows.client.service_client.config.target_host, get_settings().task_queue)
    try:
        # The 7th item (A2's SKU-005, the 3rd of batch 2) waits behind another transaction's lock.
        async with held(place, "A2", "SKU-005") as holder:
            merge = await start(client, who, place, ["A1", "A2", "A3"])
            await until_waiting(holder)
            assert await moved_count(merge["id"]) == 6
            view = (await client.get(f"/cms/shelf-merge/{merge['id']}/view", headers=who.headers)).json()["data"]
            assert view["state"] == "RUNNING" and view["progress"]["total"] == 14
            assert view["workflowId"] == f"shelf-merge-{place.warehouse_id}-{merge['id']}"
            assert view["workflowUrl"].endswith(f"/workflows/shelf-merge-{place.warehouse_id}-{merge['id']}")
            os.killpg(first.pid, signal.SIGKILL)  # the worker dies in the middle of the batch
            await asyncio.to_thread(first.wait)
        async with merge_worker(flows.client):
            done = await until_state(merge["id"], "COMPLETED", "FAILED", timeout=120)
            handle = flows.client.get_workflow_handle_for(ShelfMergeWorkflow.run, view["workflowId"])
            progress = await handle.result()
        assert (done.state, done.total, done.moved, done.skipped) == ("COMPLETED", 14, 14, 0)
        # Batch 2's next attempt took the 4 items left PENDING after the 6 moved (7-10), batch 3 the last 4.
        assert (progress.total, progress.moved, progress.batch) == (14, 14, 3)
        # Balances unchanged, every unit on the target shelf, each SKU of each shelf moved once.
        assert await on_hand(place) == balances
        assert await shelf_stock(place) == all_on(place)
        await assert_each_sku_moved_once(merge["id"], 14)
        attempts = [e.activity_task_started_event_attributes.attempt async for e in handle.fetch_history_events()
                    if e.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED]
        assert max(attempts) >= 2  # the batch the dead worker held was run again
    finally:
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)


async def test_a_cancelled_merge_keeps_what_moved_and_a_retry_continues_with_the_rest(client, flows):
    place = await site({"A1": {sku: n for n, sku in enumerate(skus(6), start=1)}})
    balances = await on_hand(place)
    who = await staff(*MERGER)
    async with merge_worker(flows.client):
        async with held(place, "A1", "SKU-003") as holder:
            merge = await start(client, who, place, ["A1"])
            await until_waiting(holder)
            asked = await call(client, who, f"{merge['id']}/cancel")
            assert asked["cancelRequestedAt"] is not None and not asked["canCancel"]
            # The movement under way is abandoned while it waits: the cancel does not wait for the lock.
            cancelled = await until_state(merge["id"], "CANCELLED", "FAILED", "COMPLETED", timeout=60)
        assert (cancelled.state, cancelled.moved, cancelled.total) == ("CANCELLED", 2, 6)
        view = (await client.get(f"/cms/shelf-merge/{merge['id']}/view", headers=who.headers)).json()["data"]
        assert view["canRetry"] and not view["canCancel"] and view["progress"]["moved"] == 2
        listed = (await client.post("/cms/shelf-merge/item/search", headers=who.headers,
                                    json={"mergeId": merge["id"], "state": ["MOVED"]})).json()["data"]
        assert [(i["shelfCode"], i["sku"], i["quantity"]) for i in listed["items"]] == [
            ("A1", "SKU-001", 1), ("A1", "SKU-002", 2)]
        assert await shelf_stock(place) == {("B1", "SKU-001"): 1, ("B1", "SKU-002"): 2, ("A1", "SKU-003"): 3,
                                            ("A1", "SKU-004"): 4, ("A1", "SKU-005"): 5, ("A1", "SKU-006"): 6}
        assert await on_hand(place) == balances

        again = await call(client, who, f"{merge['id']}/retry")
        assert (again["state"], again["attempt"]) == ("RUNNING", 2)
        done = await until_state(merge["id"], "COMPLETED", "FAILED", timeout=60)
    assert (done.state, done.moved, done.total) == ("COMPLETED", 6, 6)
    assert await shelf_stock(place) == all_on(place)
    assert await on_hand(place) == balances
    await assert_each_sku_moved_once(merge["id"], 6)
