"""What the subscription routes check against the caller: the dialog checked and quoted (its receipt and serial,
the merchant within the caller's data authority, its screenshot readable by the caller) before it is submitted,
and which requests the caller may read. The statements, transactions and flow calls are services/subscriptions/."""

from __future__ import annotations

import logging
from typing import TypeVarTuple

from sqlalchemy import Row, Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.file_access import ensure_readable, file_reader
from api.merchant_scope import within_scope
from api.resource.scope import scoped
from api.schemas.subscriptions import SubmitBody
from api.temporal_ui import OPERATE, workflow_path
from domain.enums import SubscriptionKind, SubscriptionRequestState
from domain.errors import NotFound
from domain.flows import subscriptions as m
from domain.models.merchants import Merchant
from domain.models.subscriptions import SubscriptionRequest
from domain.rules import subscriptions as rules
from domain.rules.inputs import Problems
from services.subscriptions import dialog
from services.subscriptions.dialog import Facts, dialog_facts, quotes

log = logging.getLogger("omp.subscriptions")
Ts = TypeVarTuple("Ts")
R = SubscriptionRequestState
APPROVE = "subscription#approve"
RETRY = "subscription#retry"  # a failed or stuck request taken up again (services/subscriptions/flow.py)
PERMISSION = {SubscriptionKind.SUBSCRIBE: "account#subscribe", SubscriptionKind.GIFT: "account#gift"}


# ---- the dialog --------------------------------------------------------------------------------


def key_of(body: SubmitBody) -> str:
    """A subscription is keyed by its receipt number, a gift by the dialog's request key (SPEC §5 checks first)."""
    subscribing = body.kind == SubscriptionKind.SUBSCRIBE
    return str(body.receipt_number or "") if subscribing else str(body.request_key or "")


async def prepare(db: AsyncSession, body: SubmitBody, user: Principal,
                  *, held: bool = False) -> tuple[str, Facts, m.Draft]:
    """The dialog checked and quoted (SPEC §5 receipt and serial, the packages' current versions of the merchant's
    country): its key, the facts read for it (with the features the merchant holds, when `held`) and the draft.
    Every problem of the dialog is refused at once: what it must carry, its screenshot, each package line, its free
    days, and (unless a live request of its key is there to join) a receipt or serial booked or held by another
    request, named. A merchant outside the user's data authority is refused as one that does not exist."""
    problems = Problems.of(rules.dialog_problems(body.kind, body.receipt_number, body.payment_serial,
                                                 body.request_key))
    problems.extend(rules.line_problems(p.package_id for p in body.packages))
    key = m.workflow_id(body.kind, body.merchant_id, key_of(body))
    facts = await dialog_facts(db, body, key, held=held)
    if facts.country is None or not await within_scope(db, user, body.merchant_id):
        problems.add("merchantId", "not_found", ids=str(body.merchant_id))
    with problems.catching():
        await ensure_readable(db, user, [body.screenshot_file_id], "screenshotFileId")
    if facts.live_id is None:
        with problems.catching():
            dialog.refuse_used(facts)
    quoted = None if problems.has("merchantId") or problems.has("packages") else await problems.check_async(
        quotes, db, body, str(facts.country))
    if quoted is not None:
        problems.check(rules.check_free_days_offered, body.kind, body.free_days,
                       (q.offered_free_days for q in quoted))
    problems.raise_any()
    assert quoted is not None  # no problem: the packages were quoted
    draft = m.Draft(kind=body.kind, merchant_id=body.merchant_id, quotes=quoted, free_days=body.free_days,
                    receipt_number=body.receipt_number, payment_serial=body.payment_serial,
                    payment_at=body.payment_at, screenshot_file_id=body.screenshot_file_id, remark=body.remark,
                    request_key=body.request_key)
    return key, facts, draft


async def submit(db: AsyncSession, body: SubmitBody,
                 user: Principal) -> tuple[SubscriptionRequest, str, list[rules.Period | None] | None]:
    """The dialog checked against the caller and quoted (`prepare`), then submitted
    (services/subscriptions/dialog.py `submit`): the request row, its merchant's email and, for a row written
    here, its lines' periods if applied now."""
    key, facts, draft = await prepare(db, body, user, held=True)
    return await dialog.submit(db, body, user, key, facts, draft)


async def preview(db: AsyncSession, body: SubmitBody, user: Principal) -> tuple[Facts, m.Draft]:
    """The dialog checked and quoted for its second confirmation, nothing written: its receipt and serial refused
    when booked or held by another request (named), and when the live request of its key is another dialog's."""
    key, facts, draft = await prepare(db, body, user)  # refused already when its numbers are used or held
    if facts.live_id is not None:  # this dialog's own request (quoted again): its numbers are its own
        await dialog.joined_request(db, key, draft.request_key, user)
    return facts, draft


# ---- reading -----------------------------------------------------------------------------------


# Data authority of requests: their merchant's country and team; a request is its requester's and approver's.
# Queries take it joined with the merchant.
SCOPE = scoped(name="SubscriptionRequest", country=Merchant.country, team=Merchant.team,
               owner=(SubscriptionRequest.requested_by, SubscriptionRequest.approver_id))


def may_read(user: Principal) -> bool:
    return any(user.can(p) for p in (APPROVE, RETRY, *PERMISSION.values()))


async def visible(db: AsyncSession, user: Principal, request_id: int,
                  query: Select[*Ts]) -> Row[*Ts]:
    """`query` (the request, joined with its merchant, and what the reply shows beside it) for one request, if
    the user may see requests and this one is within their data authority."""
    found = (await db.execute(query.where(SubscriptionRequest.id == request_id, *SCOPE.conditions(user))
                              .execution_options(populate_existing=True))).one_or_none()
    if found is None or not may_read(user):
        raise NotFound(entity="SubscriptionRequest")
    return found


async def visible_request(db: AsyncSession, user: Principal, request_id: int) -> SubscriptionRequest:
    """The request, if the user may see requests and this one is within their data authority."""
    query = select(SubscriptionRequest).join(Merchant, Merchant.id == SubscriptionRequest.merchant_id)
    row: SubscriptionRequest = (await visible(db, user, request_id, query))[0]
    return row


@file_reader
async def screenshots_of_requests(db: AsyncSession, user: Principal, file_ids: list[int]) -> set[int]:
    """A payment screenshot is readable by whoever may see subscription requests (requesters and approvers)."""
    if not may_read(user):
        return set()
    query = (select(SubscriptionRequest.screenshot_file_id)
             .join(Merchant, Merchant.id == SubscriptionRequest.merchant_id)
             .where(SubscriptionRequest.screenshot_file_id.in_(file_ids), *SCOPE.conditions(user)))
    return {i for i in (await db.scalars(query)).all() if i is not None}


def workflow_url(row: SubscriptionRequest, user: Principal) -> str | None:
    return workflow_path(row.workflow_id) if user.can(OPERATE) else None


