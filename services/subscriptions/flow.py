"""The subscription request flow as client calls: its start from the dialog (and the request withdrawn when it could
not start), its Update (the decision, a refusal or an Update that comes too late as a translated error), and its
retry (docs/subscriptions.md, retry): a failed request is applied again with the approval it had, a live request
whose flow stopped (terminated, lost) gets a new run that waits again until its deadline. The workflow id stays
the request's key, so two retries at once share one run."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client, WorkflowFailureError, WorkflowHandle
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.exceptions import ApplicationError

from domain import audit
from domain.db import transaction
from domain.enums import SubscriptionRequestState
from domain.errors import DomainError
from domain.flows import subscriptions as m
from domain.i18n import t
from domain.models.subscriptions import SubscriptionRequest
from domain.models.users import User
from domain.settings import get_settings
from services.actors import Actor
from services.flows import flow_refusal, flow_runs, updating, watched

log = logging.getLogger("omp.subscriptions")
R = SubscriptionRequestState


# ---- the start -----------------------------------------------------------------------------------


def start_of(row: SubscriptionRequest, requester_name: str) -> m.RequestStart:
    return m.RequestStart(request_id=row.id, workflow_id=row.workflow_id, requested_by=row.requested_by,
                          requester_name=requester_name, draft=m.Draft.model_validate(row.payload),
                          console_url=get_settings().console_web, local_steps=True, deadline_at=row.deadline_at,
                          confirmed=row.state == R.AWAITING_APPROVAL)


async def start_flow(client: Client, start: m.RequestStart) -> None:
    """USE_EXISTING: a double submit joins the running flow; ALLOW_DUPLICATE: a key whose earlier request was
    refused or expired may run again.

    The run starts delayed until the deadline of the state it starts in: the Update it waits for (the
    confirmation, or the decision of a request its dialog confirmed) ends the delay and is the run's first
    workflow task, and a request nobody confirms or decides has its first task at the deadline, where it
    expires. A run waiting for its confirmation is running (the retry's `stuck` sees it) and costs no workflow
    task nor timer until then: one workflow task a request fewer (docs/decisions/subscription-requests.md)."""
    delay = start.deadline_at - datetime.now(UTC) if start.deadline_at else None
    async with watched():
        await started(client, start, delay if delay and delay > timedelta(0) else None)


async def started(client: Client, start: m.RequestStart,
                  delay: timedelta | None = None) -> WorkflowHandle[Any, m.RequestView]:
    """The request's run under its key, the one way this flow is started (the dialog's start and the retry):
    USE_EXISTING, so a start at the same moment joins the run; ALLOW_DUPLICATE, so a key whose earlier request
    was refused or expired may run again. The caller watches the call."""
    return await client.start_workflow(
        m.WORKFLOW, start, result_type=m.RequestView, id=start.workflow_id, task_queue=get_settings().task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING, id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
        start_delay=delay, search_attributes=m.search_attributes(start, start.state),
        static_summary=m.flow_summary(start), static_details=m.flow_details(start))


async def withdraw_unstarted(request_id: int) -> None:
    """A request whose flow could not start frees its receipt and serial at once."""
    async with transaction() as db:
        row = await db.get_one(SubscriptionRequest, request_id, with_for_update=True)
        if row.state in m.LIVE:  # created awaiting confirmation, or confirmed in the same call
            row.state, row.decided_at, row.reason = R.WITHDRAWN, datetime.now(UTC), "flow not started"


# ---- the decision ------------------------------------------------------------------------------------


REFUSAL_STATUS = {"SUBSCRIPTION_CHANGE_FAILED": 503, "NO_PERMISSION": 403}


def refused(exc: ApplicationError) -> DomainError:
    """A refusal of the request's flow as a translated error (services.flows.flow_refusal)."""
    return flow_refusal(exc, "SUBSCRIPTION_NOT_AWAITING", REFUSAL_STATUS, {"state": "SubscriptionRequestState"})


def ensure_state(row: SubscriptionRequest, wanted: SubscriptionRequestState) -> None:
    """The step needs the request in this state; a closed request's flow has ended, so the row answers."""
    if row.state != wanted:
        raise refused(ApplicationError("", {"state": row.state}, type="SUBSCRIPTION_NOT_AWAITING"))


async def run_update(client: Client, row: SubscriptionRequest, update: str, command: Any) -> m.RequestView:
    """The Update `update` (m.DECIDE) of the request's flow, which `row` (as the call read it) says awaits it."""
    return await updating(client.get_workflow_handle(row.workflow_id), update, command, m.RequestView,
                          refused=refused, unanswered=lambda exc: timed_out(row, exc),
                          not_found=lambda: flow_closed(row))


def timed_out(row: SubscriptionRequest, exc: BaseException) -> DomainError:
    log.warning("request %s flow did not answer: %s", row.id, exc)
    return DomainError("SUBSCRIPTION_FLOW_TIMEOUT", status=503)


async def flow_closed(row: SubscriptionRequest) -> DomainError:
    """The refusal of an Update sent to a flow that has ended since the call read its row: a decision taken
    meanwhile (of concurrent approvals, the others' flow closes as the first one applies it) is the row's new
    state; a row still waiting is a request whose flow stopped, which a retry starts again."""
    async with transaction() as db:
        state = await db.scalar(select(SubscriptionRequest.state).where(SubscriptionRequest.id == row.id))
    if state != row.state:
        return refused(ApplicationError("", {"state": state}, type="SUBSCRIPTION_NOT_AWAITING"))
    return DomainError("SUBSCRIPTION_FLOW_STOPPED", status=409)


# ---- the retry -----------------------------------------------------------------------------------


# How long the call waits for a retried apply before answering with the request as it stands (the run goes on).
APPLY_WAIT_SECONDS = 30.0


async def stuck(client: Client, row: SubscriptionRequest) -> bool:
    """A live request whose flow does not run: nothing would ever confirm, decide or expire it."""
    async with watched():
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


async def restart(client: Client, start: m.RequestStart, user: Actor) -> None:
    """A new run under the request's key, or the one a retry at the same moment started (USE_EXISTING); then
    the retry is audited. A failed request's run applies it at once: the call waits for that, within bounds."""
    async with watched():
        handle = await started(client, start)
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
