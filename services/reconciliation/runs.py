"""Reconciliation runs (docs/reconciliation.md): the start from the console, and the flow's writes
(workflows/reconciliation.py, through activities/reconciliation.py).

A start records the run in the same transaction that replaces the live run of the same merchant, period and shop
(a PostgreSQL unique index keeps one; a running one is refused), then starts its flow. The flow pulls each
connected shop's settlement lines of the window through its channel adapter, a page an activity (stored with ON
CONFLICT on (shop, line id): a page fetched twice stores nothing twice), compares, and finishes the run.
"""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import delete, func, select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.common import SearchAttributePair, TypedSearchAttributes

from domain.db import transaction
from domain.enums import ShopConnectionStatus
from domain.enums.reconciliation import ReconciliationStage, ReconciliationStatus
from domain.errors import DomainError
from domain.flows import ended_unfinished
from domain.flows.reconciliation import (
    MERCHANT_ID,
    SHOP_ID,
    WORKFLOW,
    ReconcileFinish,
    ReconcilePlan,
    ReconcileStart,
    ReconcileTally,
    SettlementPageDone,
    SettlementPageIn,
    workflow_id,
)
from domain.models.merchants import Shop
from domain.models.reconciliation import ReconciliationRun, SettlementLine
from domain.rules.reconciliation import SETTLEMENT_GRACE_DAYS
from domain.settings import get_settings
from services.channels import ShopRef, Unreadable, adapter_for
from services.flows import flow_status, rpc_timeout
from services.reconciliation.compare import compare

PAGE_SIZE = 100
RESOLVED = text("""
SELECT shop_id, channel_order_no, kind, difference, resolved_at, resolved_by, resolution_note
FROM reconciliation_items WHERE run_id = :run AND resolved_at IS NOT NULL
""")


def window(period_from: date, period_to: date, now: datetime) -> tuple[datetime, datetime, datetime]:
    """(since, until, paid_until) in UTC: the period's days, and settlements up to the grace window after it."""
    since = datetime.combine(period_from, time(), UTC)
    until = datetime.combine(period_to + timedelta(days=1), time(), UTC)
    return since, until, min(until + timedelta(days=SETTLEMENT_GRACE_DAYS), max(now, since))


def _same(merchant_id: int, shop_id: int | None, period_from: date, period_to: date) -> tuple[Any, ...]:
    """The run of this merchant, period and shop (one at most, under a unique index)."""
    return (ReconciliationRun.merchant_id == merchant_id, ReconciliationRun.period_from == period_from,
            ReconciliationRun.period_to == period_to,
            ReconciliationRun.shop_id.is_(None) if shop_id is None else ReconciliationRun.shop_id == shop_id)


async def close_if_gone(client: Client, merchant_id: int, shop_id: int | None, period_from: date,
                        period_to: date) -> None:
    """The run of this merchant, period and shop, recorded RUNNING while its flow no longer runs (terminated in the
    Temporal Web UI), closed FAILED saying so: it would otherwise refuse every re-run. Temporal is asked with no
    transaction open."""
    async with transaction() as db:
        stale = (await db.execute(select(ReconciliationRun.workflow_id).where(
            *_same(merchant_id, shop_id, period_from, period_to),
            ReconciliationRun.status == ReconciliationStatus.RUNNING))).one_or_none()
    if stale is None:
        return
    status = await flow_status(client, stale.workflow_id)
    if status != WorkflowExecutionStatus.RUNNING:
        await close_lost(stale.workflow_id, status)


async def close_lost(workflow_id: str, status: WorkflowExecutionStatus | None) -> bool:
    """The run of this flow, while still recorded RUNNING, failed saying how its flow ended; whether it was."""
    return await _fail(ReconciliationRun.workflow_id == workflow_id, ended_unfinished(status))


async def _fail(which: Any, reason: str) -> bool:
    """The run `which` picks, while still RUNNING, ends FAILED with `reason` (a re-run replaces it); whether it did."""
    async with transaction() as db:
        closed = await db.scalar(update(ReconciliationRun).where(
            which, ReconciliationRun.status == ReconciliationStatus.RUNNING).values(
            status=ReconciliationStatus.FAILED, stage=ReconciliationStage.DONE, message=reason[:500],
            finished_at=datetime.now(UTC)).returning(ReconciliationRun.id))
    return closed is not None


async def create_run(db: AsyncSession, *, merchant_id: int, shop_id: int | None, period_from: date,
                     period_to: date, started_by: str) -> ReconciliationRun:
    """The new live run of this merchant, period and shop; the one it replaces (finished) goes with its items."""
    same = _same(merchant_id, shop_id, period_from, period_to)
    live = await db.scalar(select(ReconciliationRun).where(*same).with_for_update())
    if live is not None and live.status == ReconciliationStatus.RUNNING:
        raise DomainError("RECONCILIATION_RUNNING", status=409, field="periodFrom", run=live.id)
    carried: list[dict[str, Any]] = []
    if live is not None:
        carried = await resolutions_of(db, live)
        await db.execute(delete(ReconciliationRun).where(ReconciliationRun.id == live.id))
    run = ReconciliationRun(
        merchant_id=merchant_id, shop_id=shop_id, period_from=period_from, period_to=period_to,
        carried_resolutions=carried,
        status=ReconciliationStatus.RUNNING, stage=ReconciliationStage.FETCHING, started_by=started_by[:64],
        workflow_id=workflow_id(merchant_id, period_from, period_to, shop_id, uuid.uuid4().hex[:12]))
    db.add(run)
    await db.flush()
    return run


async def resolutions_of(db: AsyncSession, run: ReconciliationRun) -> list[dict[str, Any]]:
    """What a re-run must not lose: the notes on the replaced run's differences (or, when it never compared, the
    ones it carried itself), each kept for the same order, kind and difference (compare.CARRY)."""
    if run.status != ReconciliationStatus.SUCCEEDED:
        return run.carried_resolutions
    rows = await db.execute(RESOLVED, {"run": run.id})
    return [{**row._asdict(), "difference": str(row.difference), "resolved_at": row.resolved_at.isoformat()}
            for row in rows]


def search_attributes(merchant_id: int, shop_id: int | None) -> TypedSearchAttributes:
    merchant = SearchAttributePair(MERCHANT_ID, merchant_id)
    if shop_id is None:
        return TypedSearchAttributes([merchant])
    return TypedSearchAttributes([merchant, SearchAttributePair(SHOP_ID, [str(shop_id)])])


async def start_flow(client: Client, run: ReconciliationRun, what: str) -> None:
    await client.start_workflow(
        WORKFLOW, ReconcileStart(run_id=run.id), id=run.workflow_id, task_queue=get_settings().task_queue,
        static_summary=f"Reconcile {what}: {run.period_from} .. {run.period_to}"[:200],
        search_attributes=search_attributes(run.merchant_id, run.shop_id), rpc_timeout=rpc_timeout())


async def fail_start(run_id: int, reason: str) -> None:
    """A run whose flow Temporal would not take ends failed at once (a re-run replaces it)."""
    await _fail(ReconciliationRun.id == run_id, reason)


async def _run(db: AsyncSession, run_id: int, *, lock: bool = False) -> ReconciliationRun:
    run = await db.get(ReconciliationRun, run_id, with_for_update=lock)
    if run is None:
        raise LookupError(f"reconciliation run {run_id} is gone (replaced by a re-run)")
    return run


async def plan(start: ReconcileStart) -> ReconcilePlan:
    """The shops whose channels are asked (the merchant's connected ones, or the run's shop) and the window."""
    async with transaction() as db:
        run = await _run(db, start.run_id, lock=True)
        query = select(Shop.id).where(Shop.merchant_id == run.merchant_id,
                                      Shop.connection_status == ShopConnectionStatus.CONNECTED).order_by(Shop.id)
        if run.shop_id is not None:
            query = query.where(Shop.id == run.shop_id)
        shop_ids = list((await db.scalars(query)).all())
        run.shops_total = len(shop_ids)
        since, until, paid_until = window(run.period_from, run.period_to, datetime.now(UTC))
    return ReconcilePlan(shop_ids=shop_ids, since=since, until=until, paid_until=paid_until, page_size=PAGE_SIZE)


async def settlement_page(p: SettlementPageIn) -> SettlementPageDone:
    """One page of a shop's settlement lines, stored once per (shop, line id); the run's progress moves."""
    async with transaction() as db:
        run = await _run(db, p.run_id)
        shop = await db.get(Shop, p.shop_id)
        if shop is None:
            return SettlementPageDone(next_token=None)
        page = await adapter_for(shop.channel).fetch_settlements(
            ShopRef.of(shop), p.since, p.until, p.token, PAGE_SIZE)
        lines = [x for x in page.lines if not isinstance(x, Unreadable)]
        if lines:
            values = [{"shop_id": shop.id, "merchant_id": shop.merchant_id, "settlement_id": x.settlement_id,
                       "line_id": x.line_id, "channel_order_no": x.order_no, "amount": x.amount, "fees": x.fees,
                       "currency": x.currency, "paid_at": x.paid_at} for x in lines]
            statement = insert(SettlementLine).values(values)
            await db.execute(statement.on_conflict_do_update(
                index_elements=["shop_id", "line_id"],
                set_={name: statement.excluded[name] for name in
                      ("settlement_id", "channel_order_no", "amount", "fees", "currency", "paid_at")}))
        done = page.next_token is None
        await db.execute(update(ReconciliationRun).where(ReconciliationRun.id == run.id).values(
            pages=ReconciliationRun.pages + 1, lines_fetched=ReconciliationRun.lines_fetched + len(page.lines),
            shops_done=func.least(ReconciliationRun.shops_done + int(done), ReconciliationRun.shops_total),
            stage=ReconciliationStage.COMPARING if done and p.last_shop else ReconciliationRun.stage))
    return SettlementPageDone(next_token=page.next_token, fetched=len(page.lines),
                              unreadable=len(page.lines) - len(lines))


async def compare_run(start: ReconcileStart) -> ReconcileTally:
    """The run's items and totals written afresh."""
    async with transaction() as db:
        run = await _run(db, start.run_id, lock=True)
        since, until, paid_until = window(run.period_from, run.period_to, run.started_at)
        counts, expected, paid, currency = await compare(
            db, run_id=run.id, merchant_id=run.merchant_id, shop_id=run.shop_id, since=since, until=until,
            paid_until=min(paid_until, max(datetime.now(UTC), since)))
        run.stage = ReconciliationStage.COMPARING
        run.expected, run.paid, run.difference, run.currency = expected, paid, paid - expected, currency
        run.matched_count, run.short_paid_count = counts["MATCHED"], counts["SHORT_PAID"]
        run.over_paid_count, run.unpaid_count = counts["OVER_PAID"], counts["UNPAID"]
        run.unknown_order_count = counts["UNKNOWN_ORDER"]
        return tally(run)


async def finish(f: ReconcileFinish) -> ReconcileTally:
    async with transaction() as db:
        run = await db.get(ReconciliationRun, f.run_id, with_for_update=True)
        if run is None:
            return ReconcileTally(run_id=f.run_id, status=ReconciliationStatus.FAILED, message="replaced")
        if run.status == ReconciliationStatus.RUNNING:
            run.status = ReconciliationStatus.FAILED if f.failure else ReconciliationStatus.SUCCEEDED
            run.stage, run.finished_at = ReconciliationStage.DONE, datetime.now(UTC)
            unreadable = f"{f.unreadable} settlement lines unreadable" if f.unreadable else None
            message = f.failure or unreadable
            run.message = message[:500] if message else None
        return tally(run)


def tally(run: ReconciliationRun) -> ReconcileTally:
    return ReconcileTally(
        run_id=run.id, status=run.status, stage=run.stage, shops_done=run.shops_done, shops_total=run.shops_total,
        pages=run.pages, lines_fetched=run.lines_fetched, expected=run.expected, paid=run.paid,
        difference=run.difference, message=run.message,
        counts={"MATCHED": run.matched_count, "SHORT_PAID": run.short_paid_count, "OVER_PAID": run.over_paid_count,
                "UNPAID": run.unpaid_count, "UNKNOWN_ORDER": run.unknown_order_count})


async def compare_in(db: AsyncSession, run: ReconciliationRun, now: datetime) -> None:
    """Compare and finish a run in the caller's transaction with the settlements already stored (the demo data's
    runs, made before any worker is up)."""
    since, until, paid_until = window(run.period_from, run.period_to, now)
    counts, expected, paid, currency = await compare(
        db, run_id=run.id, merchant_id=run.merchant_id, shop_id=run.shop_id, since=since, until=until,
        paid_until=paid_until)
    run.expected, run.paid, run.difference, run.currency = expected, paid, paid - expected, currency
    run.matched_count, run.short_paid_count = counts["MATCHED"], counts["SHORT_PAID"]
    run.over_paid_count, run.unpaid_count = counts["OVER_PAID"], counts["UNPAID"]
    run.unknown_order_count = counts["UNKNOWN_ORDER"]
    run.status, run.stage, run.finished_at = ReconciliationStatus.SUCCEEDED, ReconciliationStage.DONE, now
