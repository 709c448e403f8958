"""Stock reconciliation: prove, per sku x warehouse, that the balance equals the sum of its change records, and per
sku x shelf, that the shelf's stock equals the sum of the movements that named the shelf; write the run's result
and every drifted pair, and on drift notify (console and mail) everyone who may repair. Run by
the `stock-reconcile` Schedule (workflows/stock.py, its contract domain/flows/stock.py), never by the API.

One statement does the proof: the ledger summed per pair, full-joined with the balances (a pair on one side only
counts too), and the same per shelf against shelf_stock, the drifted pairs inserted straight into stock_drifts. On
millions of records this is two scans of stock_changes; the result row's key (the run's workflow and run id) is
unique, so a retried run writes once."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select, text
from temporalio import activity
from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleIntervalSpec,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleSpec,
)
from temporalio.common import SearchAttributePair, TypedSearchAttributes

from domain.db import transaction
from domain.enums import StockReconcileStatus
from domain.flows.jobs import TASK_NAME  # every scheduled run carries its schedule's id
from domain.flows.stock import SCHEDULE_ID, WORKFLOW, ReconcileResult
from domain.models.authorities import Authority, holders
from domain.models.users import User
from domain.settings import get_settings
from services import notifications, schedules

REPAIR = "stock#repair"  # who may repair is who is told about drift
SCREEN = "/operation/ginee-oms/stock/reconciliation"


# Every balance against the sum of its change records (all five buckets), and every shelf's stock against the units
# the movements naming it put on or took off (the view stock_shelf_units), the drifts of the run written as found.
PROOF = text("""
    WITH ledger AS (
        SELECT warehouse_id, sku, sum(change_on_hand) AS on_hand, sum(change_spare) AS spare,
               sum(change_locked) AS locked, sum(change_promotion) AS promotion, sum(change_transit) AS transit
        FROM stock_changes GROUP BY warehouse_id, sku),
    pairs AS (
        SELECT coalesce(b.warehouse_id, l.warehouse_id) AS warehouse_id, coalesce(b.sku, l.sku) AS sku,
               coalesce(b.on_hand, 0) AS b_on_hand, coalesce(b.spare, 0) AS b_spare,
               coalesce(b.locked, 0) AS b_locked, coalesce(b.promotion, 0) AS b_promotion,
               coalesce(b.transit, 0) AS b_transit,
               coalesce(l.on_hand, 0) AS l_on_hand, coalesce(l.spare, 0) AS l_spare,
               coalesce(l.locked, 0) AS l_locked, coalesce(l.promotion, 0) AS l_promotion,
               coalesce(l.transit, 0) AS l_transit
        FROM stock_balances b FULL JOIN ledger l ON l.warehouse_id = b.warehouse_id AND l.sku = b.sku),
    drifts AS (
        INSERT INTO stock_drifts (reconciliation_id, warehouse_id, sku, balance, ledger)
        SELECT :run, warehouse_id, sku,
               jsonb_build_object('on_hand', b_on_hand, 'spare', b_spare, 'locked', b_locked,
                                  'promotion', b_promotion, 'transit', b_transit),
               jsonb_build_object('on_hand', l_on_hand, 'spare', l_spare, 'locked', l_locked,
                                  'promotion', l_promotion, 'transit', l_transit)
        FROM pairs
        WHERE b_on_hand <> l_on_hand OR b_spare <> l_spare OR b_locked <> l_locked OR b_promotion <> l_promotion
              OR b_transit <> l_transit
        RETURNING 1),
    shelf_ledger AS (SELECT warehouse_id, shelf_id, sku, sum(units) AS units FROM stock_shelf_units
                     GROUP BY warehouse_id, shelf_id, sku),
    shelf_pairs AS (
        SELECT coalesce(s.warehouse_id, l.warehouse_id) AS warehouse_id,
               coalesce(s.shelf_id, l.shelf_id) AS shelf_id, coalesce(s.sku, l.sku) AS sku,
               coalesce(s.quantity, 0) AS stored, coalesce(l.units, 0) AS ledger
        FROM shelf_stock s FULL JOIN shelf_ledger l ON l.shelf_id = s.shelf_id AND l.sku = s.sku),
    shelf_drifts AS (
        INSERT INTO stock_drifts (reconciliation_id, warehouse_id, sku, shelf_id, balance, ledger)
        SELECT :run, warehouse_id, sku, shelf_id, jsonb_build_object('shelf', stored),
               jsonb_build_object('shelf', ledger) FROM shelf_pairs WHERE stored <> ledger
        RETURNING 1)
    SELECT (SELECT count(*) FROM pairs) + (SELECT count(*) FROM shelf_pairs),
           (SELECT count(*) FROM drifts) + (SELECT count(*) FROM shelf_drifts)""")



async def prove(key: str) -> ReconcileResult:
    """One run, once per key: the result row and the drifted pairs commit together."""
    async with transaction() as db:
        run_id = (await db.execute(text(
            "INSERT INTO stock_reconciliations (key, status, checked, drifted) VALUES (:key, 'OK', 0, 0) "
            "ON CONFLICT (key) DO NOTHING RETURNING id"), {"key": key})).scalar()
        if run_id is None:  # a retry of a run that finished: its result as written
            row = (await db.execute(text("SELECT id, checked, drifted FROM stock_reconciliations WHERE key = :key"),
                                    {"key": key})).one()
            return ReconcileResult(reconciliation_id=row.id, checked=row.checked, drifted=row.drifted)
        checked, drifted = (await db.execute(PROOF, {"run": run_id})).one()
        status = StockReconcileStatus.DRIFT if drifted else StockReconcileStatus.OK
        await db.execute(text("UPDATE stock_reconciliations SET checked = :c, drifted = :d, status = :s, "
                              "finished_at = clock_timestamp() WHERE id = :id"),
                         {"c": checked, "d": drifted, "s": status.value, "id": run_id})
    return ReconcileResult(reconciliation_id=run_id, checked=checked, drifted=drifted)


async def repairers() -> list[int]:
    async with transaction() as db:
        held = holders(select(Authority.id).where(Authority.identifier == REPAIR))
        return list((await db.scalars(select(User.id).where(User.id.in_(select(held.c.user_id)))
                                      .order_by(User.id))).all())


@activity.defn
async def reconcile_stock(key: str) -> ReconcileResult:
    result = await prove(key)
    if result.drifted:
        result.notified = await notifications.deliver(
            f"stock-drift-{result.reconciliation_id}", "STOCK_DRIFT",
            {"drifted": result.drifted, "checked": result.checked, "run": result.reconciliation_id},
            f"{SCREEN}?reconciliationId={result.reconciliation_id}", await repairers())
    return result


def schedule() -> Schedule:
    return Schedule(
        action=ScheduleActionStartWorkflow(
            WORKFLOW, id=SCHEDULE_ID, task_queue=get_settings().task_queue,
            typed_search_attributes=TypedSearchAttributes([SearchAttributePair(TASK_NAME, SCHEDULE_ID)]),
            static_summary="Scheduled: prove every stock balance equals the sum of its change records"),
        spec=ScheduleSpec(intervals=[ScheduleIntervalSpec(every=timedelta(
            minutes=get_settings().stock_reconcile_minutes))]),
        policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP))


async def ensure_stock_reconcile_schedule(client: Client) -> None:
    """At the worker's start: the schedule exists with this release's definition."""
    await schedules.put(client, SCHEDULE_ID, schedule())
