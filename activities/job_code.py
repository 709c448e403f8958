"""The code of each job of the catalogue (domain/rules/jobs.py JOBS): one function a key, given the checked
parameters, returning a short line for the task record. A key without code here is refused by a unit test."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.exc import SQLAlchemyError
from temporalio import activity

from domain import outbound
from domain.db import transaction
from domain.enums import MerchantPackageState, OrderStatus
from domain.flows.plans import PlanExpiry
from domain.models.merchants import Merchant
from domain.rules import order_stats as order_stats_rules
from domain.rules.interception import LineStock
from services import lost_flows, notices, plans, schedule_sync
from services.deployments import store as deploy_store
from services.jobs import purges
from services.orders import auto as order_auto
from services.orders import counts as order_counts
from services.orders import stats as order_stats
from services.tickets import flow as ticket_flow
from services.wms_orders import counts as wms_counts

AUTO_PAGE = 200  # orders the auto-processing reads at a time
log = logging.getLogger("omp.orders")


async def ticket_reconcile(p: dict[str, Any]) -> str:
    started = await ticket_flow.reconcile(activity.client(), timedelta(seconds=p["olderThanSeconds"]))
    restarted = await ticket_flow.reconcile_lost(activity.client(), datetime.now(UTC) - ticket_flow.LOST_WITHIN)
    return f"{started} ticket flows started, {restarted} restarted"


async def notice_reconcile(p: dict[str, Any]) -> str:
    started = await notices.reconcile(activity.client(), timedelta(seconds=p["olderThanSeconds"]))
    return f"{started} notice flows started"


async def schedules_reconcile(_: dict[str, Any]) -> str:
    return await schedule_sync.reconcile(activity.client())


async def operation_log_purge(p: dict[str, Any]) -> str:
    removed = await purges.operation_log(p["keepDays"], activity.heartbeat)
    return f"{removed} operation log rows older than {p['keepDays']} days removed"


async def task_record_purge(p: dict[str, Any]) -> str:
    removed = await purges.task_records(p["keepDays"], activity.heartbeat)
    return f"{removed} task records older than {p['keepDays']} days removed"


async def plan_expiry_sweep(p: dict[str, Any]) -> str:
    """Plans whose end has passed but were not expired (their flow was lost or late): expired now, as the plan
    flow would have done (services/plans.py expire, safe to run twice)."""
    now = datetime.now(UTC)
    async with transaction() as db:
        due = (await db.execute(select(Merchant.id, Merchant.expire_at).where(
            Merchant.expire_at <= now, Merchant.package_state != MerchantPackageState.EXPIRED)
            .order_by(Merchant.expire_at).limit(p["limit"]))).all()
    expired = 0
    for merchant_id, expire_at in due:
        result = await plans.expire(PlanExpiry(merchant_id=merchant_id, expire_at=expire_at, at=now))
        expired += result.expired
    return f"{expired} of {len(due)} overdue plans expired"


async def deploy_review_expiry_sweep(p: dict[str, Any]) -> str:
    """Unreviewed deploy tasks past their review deadline whose `deploy-review` flow never ran or was lost:
    expired now through the flow's own guarded step (services/deployments/store.py expire_overdue)."""
    expired, due = await deploy_store.expire_overdue(p["limit"])
    return f"{expired} of {due} overdue deploy reviews expired"


async def lost_flows_sweep(p: dict[str, Any]) -> str:
    """Records of flows ended from outside (terminated in the Temporal Web UI) closed as their failure would."""
    closed = await lost_flows.sweep(activity.client(), datetime.now(UTC) - timedelta(hours=p["withinHours"]))
    return f"{closed} records of flows ended from outside closed"


async def console_ping(p: dict[str, Any]) -> str:
    """A round trip through the worker and the database: the smallest job, and the one the benchmark fires."""
    async with transaction() as db:
        await db.execute(text("select 1"))
    return f"pong {p.get('note') or ''}".strip()


async def http_probe(p: dict[str, Any]) -> str:
    """GET a URL; anything but a 2xx or 3xx answer fails the run (and so alarms the task's people). Where the
    URL leads is checked again now (a name may resolve elsewhere than when the task was saved), and the call goes
    to the very addresses checked (domain/outbound.py)."""
    status = await outbound.get_status(p["url"], "params.url", p["timeoutSeconds"])
    if status >= 400:
        raise RuntimeError(f"{p['url']} answered {status}")
    return f"{p['url']} answered {status}"


async def order_stats_rollup(_: dict[str, Any]) -> str:
    lo, hi = order_stats_rules.scheduled_hours(datetime.now(UTC))
    async with transaction() as db:
        rolled = await order_stats.roll(db, lo, hi)
    return f"{rolled} orders rolled into the hours from {lo:%Y-%m-%d %H:00} to {hi:%H:00} UTC"


async def order_counts_fold(_: dict[str, Any]) -> str:
    """The channel orders' and the WMS orders' tab counts, each fold in its own transaction (and lock)."""
    async with transaction() as db:
        folded = await order_counts.fold(db)
    async with transaction() as db:
        wms = await wms_counts.fold(db)
    return f"{folded} order and {wms} WMS order tab count rows folded"


async def order_partitions_add(p: dict[str, Any]) -> str:
    async with transaction() as db:
        before, after = await order_stats.add_months_ahead(db, p["monthsAhead"])
    return f"{after - before} order month partitions added ({after} in all, {p['monthsAhead']} months ahead)"


async def orders_auto_process(p: dict[str, Any]) -> str:
    """The order settings' own steps (services/orders/auto.py): up to `limit` due orders, each in its own
    transaction, so one refused, locked or failing order never holds back the others."""
    now = datetime.now(UTC)
    settled: Counter[str] = Counter()
    after = None
    while sum(settled.values()) < p["limit"]:
        async with transaction() as db:
            page = await order_auto.due(db, now, after, min(AUTO_PAGE, p["limit"] - sum(settled.values())))
        for order in page:
            try:
                async with transaction() as db:
                    status = await order_auto.settle(db, order)
            except SQLAlchemyError:  # this order's data; the others go on, and the next run tries it again
                log.exception("order %s could not be auto-processed", order.id)
                status = "failed"
            settled[status or "skipped"] += 1
        if len(page) < AUTO_PAGE:
            break
        after = page[-1].key
    return (f"{settled[OrderStatus.READY]} orders accepted, {settled[OrderStatus.ABNORMAL]} held as abnormal, "
            f"{settled[OrderStatus.CANCELLED]} unpaid cancelled, {settled[LineStock.RESERVED]} reserved before "
            f"acceptance, {settled[LineStock.SHORT]} short of stock, {settled['skipped']} skipped, "
            f"{settled['failed']} failed")


CODE: dict[str, Callable[[dict[str, Any]], Awaitable[str]]] = {
    "ticketFlows.reconcile": ticket_reconcile,
    "notices.reconcile": notice_reconcile,
    "schedules.reconcile": schedules_reconcile,
    "operationLog.purge": operation_log_purge,
    "taskRecords.purge": task_record_purge,
    "plans.expireSweep": plan_expiry_sweep,
    "deployReviews.expireSweep": deploy_review_expiry_sweep,
    "lostFlows.sweep": lost_flows_sweep,
    "console.ping": console_ping,
    "http.probe": http_probe,
    "orderStats.rollup": order_stats_rollup,
    "orderCounts.fold": order_counts_fold,
    "orderPartitions.addAhead": order_partitions_add,
    "orders.autoProcess": orders_auto_process,
}
