"""Order statistics (SPEC §9 order statistics every 60 minutes, GMT+01..+12, presets): an hour's buckets equal
its orders, a re-roll replaces them, a day in any offset sums 24 UTC hours shifted, the read's validation and
data authority, a backfill from the scheduled tasks' rollup row run by its flow with progress, and the
maintenance jobs (tab count fold, partitions ahead) listed as built-in tasks."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import func, select, text

from activities import job_code
from domain.db import transaction
from domain.flows.order_stats import Progress
from domain.models.data_authority import DataScope
from domain.models.jobs import ScheduledJob
from domain.models.order_stats import OrderStat, OrderStatsBackfill
from domain.models.orders import Order, OrderCount, OrderCountDelta
from domain.rules import order_stats as rules
from services.orders import counts as order_counts
from services.orders import stats
from tests.integration.order_support import channel_order, insert_shop, upsert
from tests.integration.people import bearer, create_user, token_for

H = datetime(2026, 3, 10, 16, 0, tzinfo=UTC)  # an hour no other test writes orders in


@pytest.fixture
async def reader(login_as):
    return await login_as("order-list")


async def buckets(merchant_id: int, lo: datetime, hi: datetime) -> dict[tuple[Any, ...], tuple[int, Decimal]]:
    async with transaction() as db:
        rows = (await db.execute(select(OrderStat).where(OrderStat.merchant_id == merchant_id, OrderStat.hour >= lo,
                                                         OrderStat.hour < hi))).scalars().all()
    return {(r.hour, r.channel, r.country, r.status, r.currency): (r.orders, r.gmv) for r in rows}


async def from_orders(merchant_id: int, lo: datetime, hi: datetime) -> dict[tuple[Any, ...], tuple[int, Decimal]]:
    hour = func.date_trunc("hour", Order.ordered_at, "UTC")
    keys = (hour, Order.channel, Order.country, Order.status, Order.currency)
    async with transaction() as db:
        rows = (await db.execute(select(*keys, func.count(), func.sum(Order.total)).where(
            Order.merchant_id == merchant_id, Order.ordered_at >= lo, Order.ordered_at < hi).group_by(*keys))).all()
    return {tuple(r[:5]): (r[5], r[6]) for r in rows}


async def roll(lo: datetime, hi: datetime) -> int:
    async with transaction() as db:
        return await stats.roll(db, lo, hi)


async def test_an_hours_buckets_equal_its_orders_and_a_reroll_replaces_them():
    shop = await insert_shop()
    numbers = [channel_order(ordered_at=H + timedelta(minutes=7 * i)) for i in range(6)]
    for order in numbers:
        await upsert(shop, order)
    await upsert(shop, channel_order(ordered_at=H - timedelta(minutes=1)))  # the hour before: not in this roll
    await roll(H, H + rules.HOUR)
    first = await buckets(shop.merchant_id, H - rules.HOUR, H + rules.HOUR)
    assert first == await from_orders(shop.merchant_id, H, H + rules.HOUR)
    assert sum(n for n, _ in first.values()) == 6
    cancelled = numbers[0].model_copy(update={"cancelled": True})  # the channel cancels one, a new one arrives
    await upsert(shop, cancelled)
    await upsert(shop, channel_order(ordered_at=H + timedelta(minutes=59)))
    assert await buckets(shop.merchant_id, H, H + rules.HOUR) == first  # unchanged until rolled again
    await roll(H, H + rules.HOUR)
    again = await buckets(shop.merchant_id, H, H + rules.HOUR)
    assert again == await from_orders(shop.merchant_id, H, H + rules.HOUR)
    by_status = Counter({key[3]: n for key, (n, _) in again.items()})
    assert by_status == Counter({"PENDING": 6, "CANCELLED": 1})
    await roll(H, H + rules.HOUR)  # a re-run of the same hour writes the same buckets, never twice
    assert await buckets(shop.merchant_id, H, H + rules.HOUR) == again


async def test_a_day_in_a_gmt_offset_sums_24_utc_hours_shifted(client, reader):
    shop = await insert_shop()
    late = datetime(2026, 3, 20, 23, 30, tzinfo=UTC)  # 21 Mar at GMT+01 and at GMT+08
    evening = datetime(2026, 3, 20, 16, 30, tzinfo=UTC)  # 20 Mar at GMT+01, 21 Mar 00:30 at GMT+08
    for at in (late, evening):
        await upsert(shop, channel_order(ordered_at=at))
    await roll(datetime(2026, 3, 20, tzinfo=UTC), datetime(2026, 3, 21, tzinfo=UTC))

    async def read(**params: Any) -> dict[str, Any]:
        reply = await client.get("/cms/order-stats", headers=reader, params={"merchantId": shop.merchant_id,
                                                                             **params})
        assert reply.status_code == 200, reply.text
        return reply.json()["data"]

    day = {"start": "2026-03-21", "end": "2026-03-21"}
    china, europe = await read(**day, gmtOffset="GMT+08:00"), await read(**day, gmtOffset="GMT+01:00")
    assert [t["orders"] for t in china["totals"]] == [2] and [t["orders"] for t in europe["totals"]] == [1]
    assert china["startAt"].startswith("2026-03-20T16:00")
    total = Decimal(china["totals"][0]["gmv"])
    assert Decimal(china["totals"][0]["atv"]) == (total / 2).quantize(Decimal("0.01"))
    days = await read(start="2026-03-20", end="2026-03-21", gmtOffset="GMT+01:00", groupBy=["DAY", "STATUS"])
    assert [(g["day"], g["status"], g["orders"]) for g in days["groups"]] == [
        ("2026-03-20", "PENDING", 1), ("2026-03-21", "PENDING", 1)]
    twelve = await read(start="2026-03-21", end="2026-03-21", gmtOffset="GMT+12:00", groupBy=["CHANNEL"])
    # the 21st at GMT+12 starts at 12:00 UTC on the 20th: both orders are in it
    assert [(g["channel"], g["orders"]) for g in twelve["groups"]] == [("SHOPEE_ID", 2)]


@pytest.mark.parametrize(("params", "field"), [
    ({"groupBy": ["DAY", "STATUS", "CHANNEL", "COUNTRY"]}, "groupBy"),
    ({"start": "2026-03-01"}, "end"),
    ({"end": "2026-03-01"}, "start"),
    ({"gmtOffset": "GMT+13:00"}, "gmtOffset"),
    ({"gmtOffset": "GMT-03:00"}, "gmtOffset"),
    ({"start": "2026-03-02", "end": "2026-03-01"}, "orderedAt"),
    ({"start": "2024-01-01", "end": "2026-03-01"}, "orderedAt"),
    ({"groupBy": ["WEEKDAY"]}, "groupBy"),
    ({"merchantId": "x"}, "merchantId"),
])
async def test_a_refused_read_names_the_field(client, reader, params, field):
    reply = await client.get("/cms/order-stats", headers=reader, params=params)
    assert reply.status_code == 422, reply.text
    assert field in {e["field"].split(".")[0].split("[")[0] for e in reply.json()["data"]["errors"]}, reply.text


async def test_the_read_needs_the_order_list_and_follows_the_data_authority(client, reader, login_as):
    shop = await insert_shop(country="MY")
    await upsert(shop, channel_order(ordered_at=H + timedelta(minutes=3)))
    await roll(H, H + rules.HOUR)
    params = {"start": "2026-03-10", "end": "2026-03-11", "merchantId": shop.merchant_id}
    assert (await client.get("/cms/order-stats", headers=await login_as("task-log"), params=params)).status_code == 403
    user = await create_user("order-list", country="ID")
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    scoped = (await client.get("/cms/order-stats", headers=bearer(await token_for(user)), params=params)).json()
    assert scoped["data"]["totals"] == []
    seen = (await client.get("/cms/order-stats", headers=reader, params=params)).json()["data"]
    assert [t["orders"] for t in seen["totals"]] == [1]


async def test_the_maintenance_jobs_are_built_in_tasks():
    async with transaction() as db:
        found = {(j.handler, j.method): j for j in (await db.scalars(
            select(ScheduledJob).where(ScheduledJob.builtin, ScheduledJob.handler.in_(
                ["orderStats", "orderCounts", "orderPartitions"])))).all()}
    assert set(found) == {("orderStats", "rollup"), ("orderCounts", "fold"), ("orderPartitions", "addAhead")}
    assert found[("orderStats", "rollup")].cron == "5 * * * *"
    assert found[("orderPartitions", "addAhead")].params == {"monthsAhead": 3}


async def test_the_fold_moves_every_delta_and_the_counts_stay_whole():
    shop = await insert_shop()
    await upsert(shop, channel_order(ordered_at=H + timedelta(minutes=9)))
    said = await job_code.CODE["orderCounts.fold"]({})
    assert said.endswith("tab count rows folded")
    async with transaction() as db:
        left = await db.scalar(select(func.count()).select_from(OrderCountDelta)
                               .where(OrderCountDelta.merchant_id == shop.merchant_id))
    assert left == 0


async def test_a_bucket_whose_folded_changes_sum_below_zero_falls_to_zero():
    """An order folded as pending, then cancelled: the next fold brings pending to 0, whichever level and grain."""
    shop = await insert_shop()
    order_id, _ = await upsert(shop, channel_order(ordered_at=H + timedelta(minutes=21)))
    async with transaction() as db:
        await order_counts.fold(db)
    async with transaction() as db:
        await db.execute(text("UPDATE orders SET status = 'CANCELLED' WHERE id = :id"), {"id": order_id})
    async with transaction() as db:
        assert await order_counts.fold(db) > 0
        rows = (await db.execute(select(OrderCount.status, OrderCount.grain, OrderCount.n)
                                 .where(OrderCount.shop_id == shop.id))).all()
    assert sorted(rows) == [("CANCELLED", "D", 1), ("CANCELLED", "H", 1), ("PENDING", "D", 0), ("PENDING", "H", 0)]


async def test_partitions_are_kept_three_months_ahead():
    said = await job_code.CODE["orderPartitions.addAhead"]({"monthsAhead": 3})
    assert "months ahead" in said
    ahead = date.today().replace(day=1)
    for _ in range(3):
        ahead = (ahead + timedelta(days=32)).replace(day=1)
    async with transaction() as db:
        exists = await db.scalar(text("SELECT to_regclass(:name) IS NOT NULL"), {"name": f"orders_{ahead:%Y%m}"})
    assert exists


async def test_the_scheduled_roll_covers_the_previous_and_the_current_hour():
    now = datetime(2026, 3, 10, 17, 25, tzinfo=UTC)
    assert rules.scheduled_hours(now) == (H, H + 2 * rules.HOUR)


def test_a_backfill_range_is_whole_hours_in_the_past():
    now = datetime(2026, 3, 10, 17, 25, tzinfo=UTC)
    lo, hi, hours = rules.backfill_range(H + timedelta(minutes=20), now + timedelta(hours=5), now)
    assert (lo, hi, hours) == (H, H + 2 * rules.HOUR, 2)
    day = 24 * rules.HOUR
    assert rules.batches(H, H + 50 * rules.HOUR) == [(H, H + day), (H + day, H + 2 * day),
                                                   (H + 2 * day, H + 50 * rules.HOUR)]


async def test_a_backfill_from_the_rollup_task_rolls_its_hours_with_progress(client, login_as, own_flows, monkeypatch):
    monkeypatch.setattr(rules, "BATCH_HOURS", 1)
    shop = await insert_shop()
    start = datetime(2026, 3, 12, 5, 0, tzinfo=UTC)
    for i in range(9):
        await upsert(shop, channel_order(ordered_at=start + timedelta(minutes=20 * i)))  # 3 hours, 3 each
    operator = await login_as("task-schedule", "job#run")
    async with transaction() as db:
        job_id = await db.scalar(select(ScheduledJob.id).where(ScheduledJob.builtin,
                                                               ScheduledJob.handler == "orderStats"))
    body = {"startAt": start.isoformat(), "endAt": (start + timedelta(hours=2, minutes=30)).isoformat()}
    reversed_ = await client.post(f"/cms/job/{job_id}/backfill", headers=operator,
                                  json={"startAt": body["endAt"], "endAt": body["startAt"]})
    assert reversed_.status_code == 422
    reply = await client.post(f"/cms/job/{job_id}/backfill", headers=operator, json=body)
    assert reply.status_code == 200, reply.text
    started = reply.json()["data"]
    assert (started["hours"], started["state"]) == (3, "RUNNING")
    handle = own_flows.client.get_workflow_handle(started["workflowId"], result_type=Progress)
    progress = await handle.result()
    assert progress.state == "COMPLETED"
    assert (progress.done, progress.hours, progress.orders) == (3, 3, 9)
    seen = (await client.get(f"/cms/order-stats/backfill/{started['id']}", headers=operator)).json()["data"]
    assert (seen["state"], seen["done"], seen["hours"], seen["finishedAt"] is not None) == ("COMPLETED", 3, 3, True)
    assert await buckets(shop.merchant_id, start, start + 3 * rules.HOUR) == await from_orders(
        shop.merchant_id, start, start + 3 * rules.HOUR)
    async with transaction() as db:
        row = await db.get(OrderStatsBackfill, started["id"])
    assert row is not None and row.workflow_id == f"order-stats-backfill-{row.id}"
    missing = await client.get("/cms/order-stats/backfill/999999999", headers=operator)
    assert missing.status_code == 404
