"""What the subscription routes check against the caller: the dialog checked and quoted (its packages, receipt
and serial, the merchant within the caller's data authority) and submitted (the request row claims its receipt and
serial), the facts of a second confirmation, and which requests the caller may read. The flow calls, the apply
transaction and the reads that need no caller are services/subscriptions/."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from functools import partial
from typing import Any

from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from sqlalchemy import Row, Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.file_access import ensure_readable, file_reader
from api.merchant_scope import within_scope
from api.resource.scope import scoped
from api.schemas.subscriptions import SubmitBody
from api.temporal_ui import OPERATE, workflow_path
from domain import audit
from domain.db import driver_of
from domain.enums import SubscriptionKind, SubscriptionRequestState
from domain.errors import Invalid, NotFound
from domain.flows import subscriptions as m
from domain.models.merchants import Merchant
from domain.models.subscriptions import SubscriptionRequest
from domain.rules import subscriptions as rules
from services.subscriptions.dialog import Facts, confirm_of, dialog_facts, quotes, refuse_used
from services.subscriptions.reads import live_request, quoted_periods_at

log = logging.getLogger("omp.subscriptions")
R = SubscriptionRequestState
APPROVE = "subscription#approve"
RETRY = "subscription#retry"  # a failed or stuck request taken up again (services/subscriptions/flow.py)
PERMISSION = {SubscriptionKind.SUBSCRIBE: "account#subscribe", SubscriptionKind.GIFT: "account#gift"}


# ---- the dialog --------------------------------------------------------------------------------


def key_of(body: SubmitBody) -> str:
    """A subscription is keyed by its receipt number, a gift by the dialog's request key (SPEC §5 checks first)."""
    if body.kind == SubscriptionKind.SUBSCRIBE:
        rules.check_receipt(body.receipt_number, body.kind)
        if not (body.payment_serial or "").strip():
            raise Invalid("paymentSerial", "required")
        return str(body.receipt_number)
    rules.check_receipt(body.receipt_number, body.kind)
    if body.request_key is None:
        raise Invalid("requestKey", "required")
    return body.request_key


async def prepare(db: AsyncSession, body: SubmitBody, user: Principal,
                  *, held: bool = False) -> tuple[str, Facts, m.Draft]:
    """The dialog checked and quoted (SPEC §5 receipt and serial, the packages' current versions of the merchant's
    country): its key, the facts read for it (with the features the merchant holds, when `held`) and the draft.
    A merchant outside the user's data authority is refused as one that does not exist."""
    key = m.workflow_id(body.kind, body.merchant_id, key_of(body))
    facts = await dialog_facts(db, body, key, held=held)
    if facts.country is None or not await within_scope(db, user, body.merchant_id):
        raise Invalid("merchantId", "not_found", ids=str(body.merchant_id))
    await ensure_readable(db, user, [body.screenshot_file_id], "screenshotFileId")
    draft = m.Draft(kind=body.kind, merchant_id=body.merchant_id, quotes=await quotes(db, body, facts.country),
                    free_days=body.free_days, receipt_number=body.receipt_number, payment_serial=body.payment_serial,
                    payment_at=body.payment_at, screenshot_file_id=body.screenshot_file_id, remark=body.remark)
    return key, facts, draft


REQUEST = ("workflow_id", "kind", "merchant_id", "state", "requested_by", "receipt_number", "payment_serial",
           "screenshot_file_id", "payload", "deadline_at")
# The row as written, and the deadline it was created with as the database gives it back (a confirmed dialog's
# row is written awaiting approval: its audit entries say it was created awaiting confirmation, then confirmed).
INSERT_REQUEST = (f"INSERT INTO subscription_requests ({', '.join(REQUEST)}) "
                  f"VALUES ({', '.join(f'%({c})s' for c in REQUEST)}) ON CONFLICT DO NOTHING "
                  "RETURNING *, %(created_deadline)s::timestamptz AS created_deadline")


async def submit(db: AsyncSession, body: SubmitBody,
                 user: Principal) -> tuple[SubscriptionRequest, str, list[rules.Period | None] | None]:
    """The request row, which claims its receipt and serial (partial UNIQUE indexes, migration 0013): of any
    number of submissions of one serial at once, one row is written and the others are refused. A double submit
    of one request (same key) finds the live row and joins it. With the row, its merchant's email (the reply
    shows it) and, for a row written here, its lines' periods if applied now.

    With the body's `confirmation`, the second confirmation is checked here by the rules the flow's validator
    runs, on the facts read in this transaction, and written in it: the request is created awaiting approval,
    with the audit entries of its creation and of the confirmation's state change that the flow's step writes
    (`record_change`), and its flow needs no confirmation Update."""
    confirmation = body.confirmation
    key, facts, draft = await prepare(db, body, user, held=confirmation is not None)
    joined = await live_request(db, key) if facts.live_id is not None else None
    if joined is not None:
        return joined, str(facts.email), None
    refuse_used(facts)
    if confirmation is not None:
        rules.check_confirmation(m.confirmation(draft, confirm_of(confirmation, user, draft, facts.held)))
    now = datetime.now(UTC)
    created = {"state": R.AWAITING_CONFIRMATION, "deadline_at": now + rules.CONFIRM_WITHIN}
    confirmed = {"state": R.AWAITING_APPROVAL, "deadline_at": now + rules.APPROVE_WITHIN}
    conn = await driver_of(db)
    written = await (await conn.cursor(row_factory=dict_row).execute(INSERT_REQUEST, {
        "workflow_id": key, "kind": body.kind, "merchant_id": body.merchant_id, "requested_by": user.id,
        "receipt_number": body.receipt_number, "payment_serial": body.payment_serial,
        "screenshot_file_id": body.screenshot_file_id, "payload": Jsonb(draft.model_dump(mode="json")),
        **(confirmed if confirmation is not None else created), "created_deadline": created["deadline_at"]})).fetchone()
    if written is None:  # another submission got there first: the same request, or one holding our numbers
        joined = await live_request(db, key)
        if joined is not None:
            return joined, str(facts.email), None
        refuse_used(await dialog_facts(db, body, key))
        raise Invalid("paymentSerial", "serial_used")
    created["deadline_at"] = written.pop("created_deadline")
    row = SubscriptionRequest(**written)  # not added to the session: the row is written
    entry = partial(audit.change_of, operator_id=user.id, operator_name=user.username,
                    entity="SubscriptionRequest", entity_id=row.id)
    await audit.insert_changes(conn, [
        entry(action="create", before=None, after=audit.snapshot(row) | audit.snapshot_of(created)),
        entry(action="update", before=audit.snapshot_of(created), after=audit.snapshot_of(confirmed))
        if confirmation is not None else None])
    return row, str(facts.email), quoted_periods_at(draft, facts.ends)


# ---- reading -----------------------------------------------------------------------------------


# Data authority of requests: their merchant's country and team; a request is its requester's and approver's.
# Queries take it joined with the merchant.
SCOPE = scoped(name="SubscriptionRequest", country=Merchant.country, team=Merchant.team,
               owner=(SubscriptionRequest.requested_by, SubscriptionRequest.approver_id))


def may_read(user: Principal) -> bool:
    return any(user.can(p) for p in (APPROVE, RETRY, *PERMISSION.values()))


async def visible(db: AsyncSession, user: Principal, request_id: int, query: Select[Any]) -> Row[Any]:
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


