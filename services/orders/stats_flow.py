"""The order statistics backfill as a client call: its progress row committed first, then its flow
`order-stats-backfill-{id}` started (a start Temporal refuses marks the row FAILED, so no row waits forever)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import update
from temporalio.client import Client, WorkflowExecutionStatus

from domain.db import transaction
from domain.enums import OrderStatsBackfillState
from domain.flows import ended_unfinished
from domain.flows import order_stats as m
from domain.models.order_stats import OrderStatsBackfill
from domain.rules import order_stats as rules
from domain.settings import get_settings
from services.flows import watched
from services.orders import stats


async def start_backfill(client: Client, lo: datetime, hi: datetime, hours: int,
                         user_id: int | None) -> OrderStatsBackfill:
    async with transaction() as db:
        row = await stats.begin_backfill(db, lo, hi, hours, m.WORKFLOW_PREFIX, user_id)
    try:
        async with watched():
            await client.start_workflow(
                m.WORKFLOW, m.BackfillStart(backfill_id=row.id, start_at=lo, end_at=hi, batch_hours=rules.BATCH_HOURS),
                id=row.workflow_id,
                task_queue=get_settings().task_queue, search_attributes=m.attributes(),
                static_summary=f"Order statistics backfill {lo:%Y-%m-%d %H:00} to {hi:%Y-%m-%d %H:00} UTC")
    except BaseException as exc:
        async with transaction() as db:
            await stats.finish_backfill(db, row.id, OrderStatsBackfillState.FAILED, datetime.now(UTC),
                                        str(exc)[:2000] or type(exc).__name__)
        raise
    return row


async def close_lost_backfill(workflow_id: str, status: WorkflowExecutionStatus | None) -> bool:
    """The backfill of this flow, while still RUNNING, failed saying how its flow ended (terminated in the Temporal
    Web UI); whether it was."""
    async with transaction() as db:
        closed = await db.scalar(update(OrderStatsBackfill).where(
            OrderStatsBackfill.workflow_id == workflow_id, OrderStatsBackfill.state == OrderStatsBackfillState.RUNNING)
            .values(state=OrderStatsBackfillState.FAILED, finished_at=datetime.now(UTC),
                    error=ended_unfinished(status)).returning(OrderStatsBackfill.id))
    return closed is not None
