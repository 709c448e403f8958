"""How long a shelf merge really takes (docs/shelf_merges.md): the list and the page show the current run's start,
finish and so its duration; a running merge's time left comes from a measured rate (its own run's once it has
processed a batch, else the warehouse's recent merges'), never from a fixed "3 to 5 minutes"."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from domain.db import transaction
from domain.models.shelf_merges import ShelfMerge, ShelfMergeItem
from tests.integration.shelf_merge_support import MERGER, Site, site
from tests.integration.ticket_support import staff


@pytest.fixture
async def flows(time_skipping_env: Any, app: Any) -> AsyncIterator[Any]:
    """A Temporal the routes can reach (no worker: the merges here are rows with their items, no flow runs)."""
    previous, app.state.flows._client = app.state.flows._client, time_skipping_env.client
    yield time_skipping_env
    app.state.flows._client = previous


async def merge_row(place: Site, state: str, start: datetime, processed: list[float], pending: int = 0,
                    finished_after: float | None = None, retried_after: float | None = None,
                    earlier: int = 0) -> int:
    """A merge of `place` whose items were processed `processed` seconds after `start` (plus `earlier` items of a
    run before a retry, at `start`), `pending` still to move."""
    def later(seconds: float | None) -> datetime | None:
        return None if seconds is None else start + timedelta(seconds=seconds)

    async with transaction() as db:
        merge = ShelfMerge(warehouse_id=place.warehouse_id, source_shelf_ids=[place.shelves["A1"]],
                           target_shelf_id=place.shelves["B1"], state=state, total=earlier + len(processed) + pending,
                           moved=earlier + len(processed), skipped=0, batches=1, attempt=2 if retried_after else 1,
                           started_at=start, created_at=start,
                           retried_at=later(retried_after), finished_at=later(finished_after))
        db.add(merge)
        await db.flush()
        times = [0.0] * earlier + processed + [None] * pending
        for n, after in enumerate(times):
            db.add(ShelfMergeItem(merge_id=merge.id, shelf_id=place.shelves["A1"], sku=f"SKU-{n:04d}", planned=1,
                                  quantity=None if after is None else 1, batch=None if after is None else 1,
                                  state="PENDING" if after is None else "MOVED",
                                  moved_at=later(after)))
        return merge.id


async def view(client: Any, who: Any, merge_id: int) -> dict[str, Any]:
    reply = await client.get(f"/cms/shelf-merge/{merge_id}/view", headers=who.headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def test_a_running_merge_estimates_its_time_left_from_its_own_measured_rate(client, flows):
    place, who = await site({}), await staff(*MERGER)
    start = datetime.now(UTC) - timedelta(seconds=70)
    # 50 SKUs (a batch) in 50 s: one a second, 25 left
    running = await merge_row(place, "RUNNING", start, [n + 1.0 for n in range(50)], pending=25)
    data = await view(client, who, running)
    assert data["rate"] == {"itemsPerMinute": 60.0, "items": 50, "seconds": 50.0, "basis": "run"}
    assert data["estimate"]["remainingSeconds"] == 25 and data["estimate"]["rate"]["basis"] == "run"
    assert data["startedAt"] is not None and data["finishedAt"] is None


async def test_before_a_batch_of_its_own_the_warehouse_recent_merges_give_the_rate(client, flows):
    place, who = await site({}), await staff(*MERGER)
    long_ago = datetime.now(UTC) - timedelta(hours=2)
    # finished: 60 SKUs in 120 s (30 a minute); the other one 30 SKUs in 60 s after a retry, whose earlier 40 SKUs
    # were another run's work and do not count
    await merge_row(place, "COMPLETED", long_ago, [2.0 * (n + 1) for n in range(60)], finished_after=120)
    await merge_row(place, "COMPLETED", long_ago, [600 + 2.0 * (n + 1) for n in range(30)], finished_after=660,
                    retried_after=600, earlier=40)
    running = await merge_row(place, "RUNNING", datetime.now(UTC) - timedelta(seconds=5), [1.0] * 3, pending=30)
    data = await view(client, who, running)
    assert data["rate"]["basis"] == "run" and data["rate"]["items"] == 3
    assert data["estimate"] == {"remainingSeconds": 60, "rate": {
        "itemsPerMinute": 30.0, "items": 90, "seconds": 180.0, "basis": "recent"}}
    dialog = await client.get(f"/cms/shelf-merge/throughput/{place.warehouse_id}", headers=who.headers)
    assert dialog.json()["data"] == {"itemsPerMinute": 30.0, "items": 90, "seconds": 180.0, "basis": "recent"}


async def test_with_nothing_measured_there_is_no_estimate_rather_than_a_guess(client, flows):
    place, who = await site({}), await staff(*MERGER)
    running = await merge_row(place, "RUNNING", datetime.now(UTC) - timedelta(seconds=5), [], pending=10)
    data = await view(client, who, running)
    assert (data["rate"], data["estimate"]) == (None, None)
    dialog = await client.get(f"/cms/shelf-merge/throughput/{place.warehouse_id}", headers=who.headers)
    assert (dialog.status_code, dialog.json()["data"]) == (200, None)


async def test_a_finished_merge_shows_its_run_and_its_rate_but_no_time_left(client, flows):
    place, who = await site({}), await staff(*MERGER)
    start = datetime.now(UTC) - timedelta(hours=1)
    done = await merge_row(place, "COMPLETED", start, [3.0 * (n + 1) for n in range(20)], finished_after=61,
                           retried_after=1, earlier=5)
    data = await view(client, who, done)
    assert data["estimate"] is None
    assert data["rate"] == {"itemsPerMinute": 20.0, "items": 20, "seconds": 60.0, "basis": "run"}
    listed = await client.post("/cms/shelf-merge/search", json={"id": done}, headers=who.headers)
    row = listed.json()["data"]["items"][0]
    ran = datetime.fromisoformat(row["finishedAt"]) - datetime.fromisoformat(row["retriedAt"])
    assert ran == timedelta(seconds=60)  # the list's duration: the current run, started -> finished
