"""The second confirmation and the decision of a subscription request, as Workflow Updates of its flow: a refusal
of the flow, or of an Update that comes too late, as a translated error."""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import select
from temporalio.client import Client, WorkflowUpdateFailedError, WorkflowUpdateRPCTimeoutOrCancelledError
from temporalio.exceptions import ApplicationError
from temporalio.service import RPCError, RPCStatusCode

from api.flows import flow_refusal, watched
from domain.db import transaction
from domain.enums import SubscriptionRequestState
from domain.errors import DomainError
from domain.flows import subscriptions as m
from domain.models.subscriptions import SubscriptionRequest

log = logging.getLogger("omp.subscriptions")


REFUSAL_STATUS = {"SUBSCRIPTION_CHANGE_FAILED": 503, "NO_PERMISSION": 403}


def refused(exc: ApplicationError) -> DomainError:
    """A refusal of the request's flow as a translated error (api.flows.flow_refusal)."""
    return flow_refusal(exc, "SUBSCRIPTION_NOT_AWAITING", REFUSAL_STATUS, {"state": "SubscriptionRequestState"})


def ensure_state(row: SubscriptionRequest, wanted: SubscriptionRequestState) -> None:
    """The step needs the request in this state; a closed request's flow has ended, so the row answers."""
    if row.state != wanted:
        raise refused(ApplicationError("", {"state": row.state}, type="SUBSCRIPTION_NOT_AWAITING"))


async def run_update(client: Client, row: SubscriptionRequest, update: str, command: Any) -> m.RequestView:
    """The Update `update` of the request's flow, which `row` (as the call read it) says awaits it."""
    handle = client.get_workflow_handle(row.workflow_id)
    try:
        async with watched():
            view: m.RequestView = await handle.execute_update(update, command, result_type=m.RequestView)
            return view
    except WorkflowUpdateFailedError as exc:
        if isinstance(exc.cause, ApplicationError):
            raise refused(exc.cause) from None
        raise
    except RPCError as exc:
        if exc.status != RPCStatusCode.NOT_FOUND:
            raise timed_out(row, exc) from exc
        raise await flow_closed(row) from None
    except WorkflowUpdateRPCTimeoutOrCancelledError as exc:
        raise timed_out(row, exc) from exc


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
