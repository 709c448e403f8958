"""Retrying a subscription request from the console (docs/subscriptions.md, retry): a failed request is applied
again with the approval it had, a live request whose flow stopped (terminated, lost) gets a new run that waits
again until its deadline. The workflow id stays the request's key, so two retries at once share one run."""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client, WorkflowFailureError
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.service import RPCError, RPCStatusCode

from api.deps import Principal
from api.flows import watched
from domain import audit
from domain.db import transaction
from domain.enums import SubscriptionRequestState
from domain.errors import DomainError
from domain.flows import subscriptions as m
from domain.i18n import t
from domain.models.subscriptions import SubscriptionRequest
from domain.models.users import User
from domain.settings import get_settings

log = logging.getLogger("omp.subscriptions")
R = SubscriptionRequestState
# How long the call waits for a retried apply before answering with the request as it stands (the run goes on).
APPLY_WAIT_SECONDS = 30.0


async def flow_runs(client: Client, workflow_id: str) -> bool:
    """Whether a run of the request's flow is running (a live request has one unless it was stopped or lost)."""
    try:
        async with watched():
            described = await client.get_workflow_handle(workflow_id).describe()
    except RPCError as exc:
        if exc.status == RPCStatusCode.NOT_FOUND:
            return False
        raise
    return described.status is not None and described.status.name == "RUNNING"


async def stuck(client: Client, row: SubscriptionRequest) -> bool:
    """A live request whose flow does not run: nothing would ever confirm, decide or expire it."""
    return row.state in m.LIVE and not await flow_runs(client, row.workflow_id)


async def ensure_retryable(db: AsyncSession, client: Client, row: SubscriptionRequest) -> None:
    """Failed or stuck, and for a failed one, no later request of the same key under way or applied (its flow
    holds the workflow id, its record the receipt)."""
    if row.state == R.FAILED:
        later = await db.scalar(select(SubscriptionRequest.id).where(
            SubscriptionRequest.workflow_id == row.workflow_id, SubscriptionRequest.id != row.id,
            SubscriptionRequest.state.in_((*m.LIVE, R.APPLIED))))
        if later is not None:
            raise DomainError("SUBSCRIPTION_RETRY_SUPERSEDED", status=409, other=f"#{later}")
    elif not await stuck(client, row):
        raise DomainError("SUBSCRIPTION_NOT_RETRYABLE", status=409, data={"state": row.state},
                          state=t(f"enums.SubscriptionRequestState.{row.state}"))


async def resume_of(db: AsyncSession, row: SubscriptionRequest, transaction_id: str) -> m.RequestStart:
    requester = await db.scalar(select(User.username).where(User.id == row.requested_by)) or ""
    approver = await db.scalar(select(User.username).where(User.id == row.approver_id)) if row.approver_id else None
    return m.RequestStart(
        request_id=row.id, workflow_id=row.workflow_id, requested_by=row.requested_by, requester_name=requester,
        draft=m.Draft.model_validate(row.payload), console_url=get_settings().console_web, local_steps=True,
        resume=m.Resume(state=row.state, deadline_at=row.deadline_at if row.state in m.LIVE else None,
                        approver_id=row.approver_id, approver_name=approver or "", transaction_id=transaction_id))


async def restart(client: Client, start: m.RequestStart, user: Principal) -> None:
    """A new run under the request's key, or the one a retry at the same moment started (USE_EXISTING); then
    the retry is audited. A failed request's run applies it at once: the call waits for that, within bounds."""
    async with watched():
        handle = await client.start_workflow(
            m.WORKFLOW, start, result_type=m.RequestView, id=start.workflow_id, task_queue=get_settings().task_queue,
            id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
            search_attributes=m.search_attributes(start, start.state),
            static_summary=m.flow_summary(start), static_details=m.flow_details(start))
    async with transaction() as db:
        await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="SubscriptionRequest",
                                  entity_id=start.request_id, action="retry", before=None,
                                  after={"state": start.state, "workflowId": start.workflow_id})
    if start.state != R.FAILED:
        return
    try:  # not `watched`: a long apply is no Temporal outage
        view: m.RequestView = await asyncio.wait_for(handle.result(), timeout=APPLY_WAIT_SECONDS)
    except TimeoutError:
        log.info("request %s: its retried apply goes on after the reply", start.request_id)
        return
    except WorkflowFailureError as exc:  # an outage outlasted the apply's attempts: the request stays failed
        log.warning("request %s: the retried apply was not written: %s", start.request_id, exc.cause or exc)
        raise DomainError("SUBSCRIPTION_CHANGE_FAILED", status=503) from exc
    if view.state == R.FAILED:
        raise DomainError("SUBSCRIPTION_APPLY_FAILED", status=409, reason=view.reason or "DATA_REFUSED")
