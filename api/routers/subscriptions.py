"""Subscribe and gift requests (docs/subscriptions.md): the dialog, with its second confirmation, starts the request's
flow, the decision is its Workflow Update, the lists read the rows the flow keeps in step."""

from __future__ import annotations

import logging
from typing import Annotated, Any, cast

from fastapi import APIRouter, Request
from sqlalchemy import Select, func, select
from sqlalchemy.orm import aliased
from temporalio.service import RPCError

from api import subscription_ops as ops
from api.deps import Need, Principal, SessionDep, release
from api.envelope import Page, Reply, ok
from api.flows import temporal_client
from api.resource.query import apply_filters
from api.resource.scope import declares
from api.routers.merchants import LIST as MERCHANT_LIST
from api.routers.merchants import SPECIFIC as MERCHANT_SPECIFIC
from api.routers.merchants import through_merchant
from api.schemas.subscriptions import (
    DecideBody,
    RecordOut,
    RecordSearch,
    RequestOut,
    RequestQuoteOut,
    RequestSearch,
    SubmitBody,
)
from domain.context import transaction_id
from domain.enums import SubscriptionKind
from domain.errors import DomainError, Forbidden
from domain.flows import subscriptions as m
from domain.models.merchants import Merchant
from domain.models.subscriptions import Subscription, SubscriptionRequest
from domain.models.users import User
from domain.rules.subscriptions import Period
from services.subscriptions import flow, reads

log = logging.getLogger("omp.subscriptions")
router = APIRouter(prefix="/subscription", tags=["subscriptions"])
READERS = ("approvals", ops.APPROVE, ops.RETRY, ops.PERMISSION[SubscriptionKind.GIFT])  # besides account#subscribe;
# "approvals" is the menu of the approvals list and its detail page (/approval/:id), which read these routes
RECORD_SCOPE = through_merchant("Subscription", Subscription.merchant_id)
Requester, Approver = aliased(User), aliased(User)
LISTED = (select(SubscriptionRequest, Merchant.email, Requester.username, Approver.username, Subscription.id)
          .join(Merchant, Merchant.id == SubscriptionRequest.merchant_id)
          .join(Requester, Requester.id == SubscriptionRequest.requested_by)
          .outerjoin(Approver, Approver.id == SubscriptionRequest.approver_id)
          .outerjoin(Subscription, Subscription.request_id == SubscriptionRequest.id))


async def out(db: SessionDep, user: Principal, request_id: int, *, periods: bool = True,
              stuck: bool = False) -> dict[str, Any]:
    row, email, requester, approver, subscription_id = (await db.execute(
        LISTED.where(SubscriptionRequest.id == request_id).execution_options(populate_existing=True))).one()
    return await shape(db, user, row, email, requester, approver, subscription_id, periods=periods, stuck=stuck)


async def shape(db: SessionDep, user: Principal, row: SubscriptionRequest, email: str, requester: str,
                approver: str | None, subscription_id: int | None, *, periods: bool,
                stuck: bool = False, view: m.RequestView | None = None,
                spans: list[Period | None] | None = None) -> dict[str, Any]:
    """The reply of a request; `view`, an Update's answer, says where the flow took it (the row read before the
    Update is not read again: the flow wrote the same onto it before answering); `spans`, its periods when the
    call has them already (read in its transaction before the wait on the flow, or written by the apply)."""
    draft = m.Draft.model_validate(row.payload)
    state = view.state if view else row.state
    if spans is None and view is not None and view.periods:
        spans = [Period(start, end) for start, end in view.periods]
    if spans is None:
        spans = await reads.preview_periods(db, row, draft, state) if periods else [None] * len(draft.quotes)
    approver_id, deadline_at, decided_at, reason = (
        (view.approver_id, view.deadline_at, view.decided_at, view.reason) if view
        else (row.approver_id, row.deadline_at, row.decided_at, row.reason))
    return quoted(draft, email, requester, spans) | {
        "id": row.id, "workflow_id": row.workflow_id, "state": state, "requested_by": row.requested_by,
        "approver_id": approver_id, "approver_name": approver, "created_at": row.created_at,
        "deadline_at": deadline_at if state in m.LIVE else None,
        "decided_at": decided_at, "reason": reason, "subscription_id": subscription_id,
        "can_decide": state == m.R.AWAITING_APPROVAL and user.can(ops.APPROVE) and user.id != row.requested_by,
        "can_retry": user.can(ops.RETRY) and (state == m.R.FAILED or stuck),
        "workflow_url": ops.workflow_url(row, user),
    }


@router.post("/preview", summary="The subscribe or gift dialog quoted, nothing written: the packages' current "
             "versions, amounts and periods its second confirmation shows and restates (needs account#subscribe, "
             "or account#gift for a gift)")
async def preview(body: SubmitBody, db: SessionDep,
                  user: Annotated[Principal, Need("account#subscribe", "account#gift")]) -> Reply[RequestQuoteOut]:
    if not user.can(ops.PERMISSION[body.kind]):
        raise Forbidden()
    facts, draft = await ops.preview(db, body, user)
    return ok(quoted(draft, str(facts.email), user.username, reads.quoted_periods_at(draft, facts.ends)))


def quoted(draft: m.Draft, email: str, requester: str, spans: list[Period | None]) -> dict[str, Any]:
    """What a dialog asks for, as the server quotes it (`RequestQuoteOut`), awaiting its confirmation."""
    return {
        "kind": draft.kind, "state": m.R.AWAITING_CONFIRMATION, "merchant_id": draft.merchant_id,
        "merchant_email": email, "requester_name": requester, "receipt_number": draft.receipt_number,
        "payment_serial": draft.payment_serial, "payment_at": draft.payment_at,
        "screenshot_file_id": draft.screenshot_file_id, "free_days": draft.free_days, "remark": draft.remark,
        "currency": draft.lead.currency, **reads.totals(draft), "packages": reads.plain_lines(draft, spans),
    }


@router.post("/submit", summary="The subscribe or gift dialog with its second confirmation (required): creates the "
             "request confirmed, awaiting approval, and starts its flow, or joins it on a double submit of the same "
             "dialog (needs account#subscribe, or account#gift for a gift)")
async def submit(body: SubmitBody, request: Request, db: SessionDep,
                 user: Annotated[Principal, Need("account#subscribe", "account#gift")]) -> Reply[RequestOut]:
    if not user.can(ops.PERMISSION[body.kind]):
        raise Forbidden()
    row, email, spans = await ops.submit(db, body, user)
    start = flow.start_of(row, user.username)
    if spans is None:  # joined a request written before
        spans = await reads.preview_periods(db, row, start.draft)
    await release(db)
    try:
        await flow.start_flow(await temporal_client(request), start)
    except Exception:
        await flow.withdraw_unstarted(row.id)
        raise
    if row.requested_by != user.id:  # joined someone else's request of the same key: as it stands now
        return ok(await out(db, user, row.id))
    return ok(await shape(db, user, row, email, user.username, None, None, periods=True, spans=spans))


async def decide(request_id: int, body: DecideBody, request: Request, db: SessionDep, user: Principal,
                 approve: bool) -> Reply[RequestOut]:
    row, email, requester, _, _ = await ops.visible(db, user, request_id, LISTED)
    flow.ensure_state(row, m.R.AWAITING_APPROVAL)
    command = m.DecideCommand(actor_id=user.id, actor_name=user.username, approve=approve,
                              may_approve=user.can(ops.APPROVE), reason=body.reason,
                              transaction_id=transaction_id.get())
    await release(db)
    view = await flow.run_update(await temporal_client(request), row, m.DECIDE,
                                command)
    approver = user.username if view.approver_id == user.id else None  # the decision is this caller's
    return ok(await shape(db, user, row, email, requester, approver, view.subscription_id, periods=True, view=view))


@router.post("/{request_id}/approve", summary="Approve a request awaiting approval; applies it in one transaction "
             "(needs subscription#approve; never the requester)")
async def approve(request_id: int, body: DecideBody, request: Request, db: SessionDep,
                  user: Annotated[Principal, Need(ops.APPROVE)]) -> Reply[RequestOut]:
    return await decide(request_id, body, request, db, user, approve=True)


@router.post("/{request_id}/refuse", summary="Refuse a request awaiting approval, with a reason "
             "(needs subscription#approve; never the requester)")
async def refuse(request_id: int, body: DecideBody, request: Request, db: SessionDep,
                 user: Annotated[Principal, Need(ops.APPROVE)]) -> Reply[RequestOut]:
    return await decide(request_id, body, request, db, user, approve=False)


@router.get("/detail/{request_id}", summary="One request with its packages, periods, totals and flow link",
            openapi_extra=declares(ops.SCOPE))
async def detail(request_id: int, request: Request, db: SessionDep,
                 user: Annotated[Principal, Need("account#subscribe", *READERS)]) -> Reply[RequestOut]:
    row = await ops.visible_request(db, user, request_id)
    await release(db)  # no connection held while Temporal is asked
    return ok(await out(db, user, request_id, stuck=await stuck_for(request, user, row)))


async def stuck_for(request: Request, user: Principal, row: SubscriptionRequest) -> bool:
    """Whether a holder of the retry button sees a live request whose flow stopped (asked of Temporal; unknown
    while it does not answer)."""
    if not (user.can(ops.RETRY) and row.state in m.LIVE):
        return False
    try:
        return await flow.stuck(await temporal_client(request), row)
    except (DomainError, RPCError) as exc:
        log.warning("request %s: its flow could not be looked up: %s", row.id, exc)
        return False


@router.post("/{request_id}/retry", summary="Retry a failed request (applied again with its approval) or a live "
             "one whose flow stopped (a new run until its deadline); the workflow id stays the request's key "
             "(needs subscription#retry)")
async def retry(request_id: int, request: Request, db: SessionDep,
                user: Annotated[Principal, Need(ops.RETRY)]) -> Reply[RequestOut]:
    row = await ops.visible_request(db, user, request_id)
    client = await temporal_client(request)
    await flow.ensure_retryable(db, client, row)
    start = await flow.resume_of(db, row, transaction_id.get())
    await release(db)
    await flow.restart(client, start, user)
    return ok(await out(db, user, request_id))


@router.post("/search", summary="Requests by state, kind and merchant, newest first: the approvers' list of "
             "requests awaiting approval, and a merchant's requests", openapi_extra=declares(ops.SCOPE))
async def search(body: RequestSearch, db: SessionDep,
                 user: Annotated[Principal, Need("account#subscribe", *READERS)]) -> Reply[Page[RequestOut]]:
    # the kit's filters take any select; their signature names the one-column form
    query = ops.SCOPE(apply_filters(cast("Select[Any]", LISTED), SubscriptionRequest, body), user)
    total = await db.scalar(select(func.count()).select_from(query.order_by(None).subquery()))
    rows = (await db.execute(query.order_by(SubscriptionRequest.id.desc())
                             .offset((body.page - 1) * body.page_size).limit(body.page_size))).all()
    items = [await shape(db, user, *r, periods=False) for r in rows]
    return ok({"items": items, "total": total or 0, "page": body.page, "pageSize": body.page_size})


@router.post("/records", summary="A merchant's applied subscription and gift records, newest first: package, period, "
             "amount, status and when each was applied (the merchant detail's tab)",
             openapi_extra=declares(RECORD_SCOPE))
async def records(body: RecordSearch, db: SessionDep,
                  user: Annotated[Principal, Need(MERCHANT_LIST, MERCHANT_SPECIFIC, "account#subscribe", *READERS)]
                  ) -> Reply[Page[RecordOut]]:
    items, total = await reads.records_of(db, body.merchant_id, RECORD_SCOPE.conditions(user), body.page,
                                          body.page_size)
    return ok({"items": items, "total": total, "page": body.page, "pageSize": body.page_size})
