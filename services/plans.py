"""The plan flow as client calls (docs/plans.md): the renewal a subscription sends the merchant's plan flow, and
the flow started when none runs. Used by the subscription flow's apply step, the plan routes and the demo data."""

from __future__ import annotations

from datetime import datetime, timedelta

from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy

from domain.flows import plans as m
from domain.rules import plans as rules
from domain.settings import get_settings


async def signal_renewal(client: Client, renewal: m.PlanRenewal) -> None:
    """Signal-with-start: the merchant's plan flow hears of its new end, and starts if none runs (first
    subscription, or the flow of an expired plan has ended)."""
    start = m.start_of(renewal, get_settings().console_web)
    await client.start_workflow(
        m.WORKFLOW, start, id=m.workflow_id(renewal.merchant_id), task_queue=get_settings().task_queue,
        start_signal=m.SIGNAL, start_signal_args=[renewal], search_attributes=m.search_attributes(start.state),
        static_summary=m.flow_summary(renewal.merchant_id))


async def ensure_plan_flow(client: Client, renewal: m.PlanRenewal, at: datetime) -> None:
    """The merchant's plan flow started if none runs, else left alone: a running flow reads the plan's end from
    the merchant row when its next timer fires, so a renewal need not be signalled (no event, no workflow task
    on the flow). A new flow starts delayed until its first event (the 30-day reminder): it costs no workflow
    task nor timer before then (a signal ends the delay, as for any delayed start). `at`: now, by the clock of
    the flow that applied the renewal."""
    start = m.start_of(renewal, get_settings().console_web)
    first = rules.next_event(renewal.expire_at, [], None)
    delay = first[0] - at if first else timedelta(0)
    await client.start_workflow(
        m.WORKFLOW, start, id=m.workflow_id(renewal.merchant_id), task_queue=get_settings().task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
        start_delay=delay if delay > timedelta(0) else None, search_attributes=m.search_attributes(start.state),
        static_summary=m.flow_summary(renewal.merchant_id))
