"""Records of flows ended from outside: a flow terminated or cancelled in the Temporal Web UI, timed out, or
failed before its last step leaves its record running (a sync run or a reconciliation RUNNING, an export or a
stock sync PROCESSING, a statistics backfill RUNNING) with nothing left to finish it. The built-in task "Lost
flow sweep" lists the flows of those kinds that closed so lately and closes each one's record as its own failure
would, saying how its flow ended; a record whose flow runs again (a retried export: a new run under the same id)
is left to that run. Ticket flows are started again instead (services/tickets/flow.py reconcile_lost), deploy
runs are failed by their queue, shelf merges offer a retry when their flow is gone, and a task's record is closed
by its next run."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from functools import partial

from temporalio.client import Client, WorkflowExecutionStatus

from domain.flows import exports as export_flow
from domain.flows import goods_sync as goods_flow
from domain.flows import order_stats as stats_flow
from domain.flows import order_sync as order_flow
from domain.flows import reconciliation as reconciliation_flow
from domain.flows import stock_sync as stock_sync_flow
from domain.models.goods_sync import ProductSyncRun
from domain.models.order_sync import OrderSyncRun
from services import exports, order_sync, stock_sync
from services.flows import flow_status, rpc_timeout
from services.orders.stats_flow import close_lost_backfill
from services.reconciliation import runs as reconciliation

# The flow's record closed as failed, saying how the flow ended; whether it was still open.
Close = Callable[[str, WorkflowExecutionStatus | None], Awaitable[bool]]
CLOSERS: dict[str, Close] = {
    goods_flow.WORKFLOW: partial(order_sync.close_lost, ProductSyncRun),
    order_flow.WORKFLOW: partial(order_sync.close_lost, OrderSyncRun),
    reconciliation_flow.WORKFLOW: reconciliation.close_lost,
    export_flow.WORKFLOW: exports.close_lost,
    stats_flow.WORKFLOW: close_lost_backfill,
    stock_sync_flow.WORKFLOW: stock_sync.close_lost,
}
# Flows whose id a retry uses again (a new run): their record may be a later run's, so the flow is asked first.
REUSED_IDS = {export_flow.WORKFLOW}
# How a flow ends without its last step, as the visibility store names it.
LOST = ("Terminated", "Canceled", "TimedOut", "Failed")


def query(since: datetime) -> str:
    kinds = " OR ".join(f"WorkflowType = '{kind}'" for kind in CLOSERS)
    ends = " OR ".join(f"ExecutionStatus = '{status}'" for status in LOST)
    return f"({kinds}) AND ({ends}) AND CloseTime > '{since.astimezone(UTC).isoformat().replace('+00:00', 'Z')}'"


async def sweep(client: Client, since: datetime, limit: int = 1000) -> int:
    """The records of the flows that closed without finishing them since `since`, closed; how many."""
    closed = 0
    async for execution in client.list_workflows(query(since), limit=limit, rpc_timeout=rpc_timeout()):
        if execution.workflow_type in REUSED_IDS and \
                await flow_status(client, execution.id) == WorkflowExecutionStatus.RUNNING:
            continue  # run again since (a retried export): the record is that run's
        closed += await CLOSERS[execution.workflow_type](execution.id, execution.status)
    return closed
