"""The subscribe-or-gift dialog's statements: the chosen packages quoted at their current versions, and the facts
its checks read besides (the merchant, the live request of its key, whether its receipt and serial are used, the
features the merchant holds, where each ledger line ends), each in one statement written for psycopg; and the
submit, which checks the dialog's second confirmation and writes the request row claiming its receipt and
serial."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from types import SimpleNamespace
from typing import NoReturn, Protocol

from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from sqlalchemy.ext.asyncio import AsyncSession

from domain import audit
from domain.db import driver_of
from domain.enums import Status, SubscriptionKind, SubscriptionRequestState
from domain.errors import Invalid
from domain.flows import subscriptions as m
from domain.models.subscriptions import SubscriptionRequest
from domain.rules import subscriptions as rules
from domain.rules.inputs import Problems
from services.actors import Actor
from services.subscriptions.reads import live_request, quoted_periods_at

R = SubscriptionRequestState


class Choice(Protocol):
    """One package the dialog chose, with its count."""

    @property
    def package_id(self) -> int: ...

    @property
    def count(self) -> int: ...


class Dialog(Protocol):
    """What the dialog's statements read of it (the API's SubmitBody)."""

    @property
    def merchant_id(self) -> int: ...

    @property
    def receipt_number(self) -> str | None: ...

    @property
    def payment_serial(self) -> str | None: ...

    @property
    def packages(self) -> Sequence[Choice]: ...


class Submission(Dialog, Protocol):
    """The dialog as submitted (the API's SubmitBody): its kind, its screenshot, its second confirmation if given."""

    @property
    def kind(self) -> SubscriptionKind: ...

    @property
    def screenshot_file_id(self) -> int | None: ...

    @property
    def confirmation(self) -> Confirmation | None: ...


class ConfirmedLine(Protocol):
    """One line the second confirmation restates."""

    @property
    def package_id(self) -> int: ...

    @property
    def version_id(self) -> int: ...

    @property
    def count(self) -> int: ...


class Confirmation(Protocol):
    """What the second confirmation restates (the API's ConfirmBody)."""

    @property
    def packages(self) -> Sequence[ConfirmedLine]: ...

    @property
    def free_days(self) -> int: ...


# What a quote reads of a package and of its current version (domain/flows/subscriptions.py quote_of), with the
# version's features: one statement written for psycopg, run on the call's connection (no SQLAlchemy build and
# compile each call), no ORM objects of the packages' and versions' other columns.
QUOTED_PACKAGE = ("id", "name", "package_type", "addon_mode", "addon_type", "plan_name", "country")


QUOTED_VERSION = ("id", "display_name", "payment_period", "currency", "amount", "tax", "discounted_price",
                  "actual_payment", "free_days", "monthly_orders")


QUOTES = (
    "SELECT p.id, p.name, p.package_type, p.addon_mode, p.addon_type, p.plan_name, p.country, "
    "v.id, v.display_name, v.payment_period, v.currency, v.amount, v.tax, v.discounted_price, v.actual_payment, "
    "v.free_days, v.monthly_orders, "
    "(SELECT array_agg(f.feature_key) FROM package_version_features f WHERE f.version_id = v.id) "
    "FROM packages p JOIN package_versions v ON v.package_id = p.id AND v.version = p.current_version "
    "WHERE p.id = ANY(%(ids)s::bigint[]) AND p.status = %(enabled)s")


async def quotes(db: AsyncSession, body: Dialog, country: str) -> list[m.Quote]:
    """The current version of each chosen package, which must exist, be enabled (SPEC §4: a disabled package
    is hidden from its scene) and be of the merchant's `country` (SPEC §5: its currency is the one in use there);
    all in one currency. One statement, with each version's features."""
    ids = [p.package_id for p in body.packages]
    rules.check_lines(rules.Line(p.package_id, 0, p.count) for p in body.packages)
    found = await (await (await driver_of(db)).execute(QUOTES, {"ids": ids, "enabled": Status.ENABLED})).fetchall()
    rows = {row[0]: row for row in found}
    missing = [i for i in ids if i not in rows]
    if missing:
        raise Invalid("packages", "not_found", ids=", ".join(map(str, missing)))
    out, problems = [], Problems()  # every line's count and country at once
    for index, choice in enumerate(body.packages):
        row = rows[choice.package_id]
        package = SimpleNamespace(**dict(zip(QUOTED_PACKAGE, row, strict=False)))
        version = SimpleNamespace(**dict(zip(QUOTED_VERSION, row[len(QUOTED_PACKAGE):], strict=False)))
        problems.check(rules.check_count, index, choice.count, package.package_type, package.addon_type)
        problems.check(rules.check_country, package.id, package.country, country)
        out.append(m.quote_of(package, version, choice.count, set(row[-1] or ())))
    problems.raise_any()
    if len({q.currency for q in out}) > 1:
        raise Invalid("packages", "packages_inconsistent")
    return out


# What the dialog's checks and quote read besides its packages, in one statement for psycopg: the merchant's
# email, the live request of the dialog's key, whether its receipt and serial are used, the features the merchant
# holds (for a confirmation, `%(held)s`), and one row for each ledger line with where it ends (`line_ends`).
DIALOG_FACTS = (
    "SELECT facts.*, ends.line, ends.end_at FROM (SELECT "
    "(SELECT email FROM merchants WHERE id = %(merchant_id)s) AS email, "
    "(SELECT country FROM merchants WHERE id = %(merchant_id)s) AS country, "
    "(SELECT id FROM subscription_requests WHERE workflow_id = %(key)s "
    "AND state IN ('AWAITING_CONFIRMATION', 'AWAITING_APPROVAL') LIMIT 1) AS live_id, "
    "(coalesce(%(receipt_number)s, '') <> '' AND (EXISTS (SELECT FROM subscription_requests "
    "WHERE receipt_number = %(receipt_number)s AND state = 'APPLIED' AND workflow_id <> %(key)s) "
    "OR EXISTS (SELECT FROM subscriptions WHERE receipt_number = %(receipt_number)s))) AS receipt_used, "
    "(coalesce(%(payment_serial)s, '') <> '' AND (EXISTS (SELECT FROM subscription_requests "
    "WHERE payment_serial = %(payment_serial)s AND state = 'APPLIED' AND workflow_id <> %(key)s) "
    "OR EXISTS (SELECT FROM subscriptions WHERE payment_serial = %(payment_serial)s))) AS serial_used, "
    "CASE WHEN %(held)s THEN (SELECT array_agg(DISTINCT f.feature_key) FROM package_version_features f "
    "JOIN entitlements e ON e.package_version_id = f.version_id "
    "WHERE e.merchant_id = %(merchant_id)s AND e.period @> %(now)s::timestamptz) END AS held, "
    "(SELECT id FROM subscription_requests WHERE receipt_number = %(receipt_number)s "
    "AND state IN ('AWAITING_CONFIRMATION', 'AWAITING_APPROVAL') AND workflow_id <> %(key)s LIMIT 1) "
    "AS receipt_holder, "
    "(SELECT id FROM subscription_requests WHERE payment_serial = %(payment_serial)s "
    "AND state IN ('AWAITING_CONFIRMATION', 'AWAITING_APPROVAL') AND workflow_id <> %(key)s LIMIT 1) "
    "AS serial_holder) facts "
    "LEFT JOIN (SELECT line, max(upper(period)) AS end_at FROM entitlements WHERE merchant_id = %(merchant_id)s "
    "GROUP BY line) ends ON true")


@dataclass(frozen=True)
class Facts:
    """`DIALOG_FACTS` as read."""

    email: str | None
    country: str | None
    live_id: int | None
    receipt_used: bool
    serial_used: bool
    held: list[str]
    ends: dict[str, datetime]
    receipt_holder: int | None = None  # another live request holding the receipt number
    serial_holder: int | None = None  # another live request holding the payment serial


async def dialog_facts(db: AsyncSession, body: Dialog, key: str, *, held: bool = False) -> Facts:
    rows = await (await (await driver_of(db)).execute(DIALOG_FACTS, {
        "merchant_id": body.merchant_id, "key": key, "receipt_number": body.receipt_number,
        "payment_serial": body.payment_serial, "held": held, "now": datetime.now(UTC)})).fetchall()
    email, country, live_id, receipt_used, serial_used, features, receipt_holder, serial_holder = rows[0][:8]
    return Facts(email, country, live_id, bool(receipt_used), bool(serial_used), list(features or ()),
                 {line: end for *_, line, end in rows if line is not None}, receipt_holder, serial_holder)


def refuse_used(facts: Facts) -> None:
    """Refuses a receipt or serial booked by a record, or held by another live request (named, so the user can
    open it)."""
    problems = Problems()
    if facts.receipt_holder is not None:
        problems.add("receiptNumber", "receipt_held", request=facts.receipt_holder)
    elif facts.receipt_used:
        problems.add("receiptNumber", "receipt_used")
    if facts.serial_holder is not None:
        problems.add("paymentSerial", "serial_held", request=facts.serial_holder)
    elif facts.serial_used:
        problems.add("paymentSerial", "serial_used")
    problems.raise_any()


def same_dialog(live: SubscriptionRequest, request_key: str | None, user: Actor) -> bool:
    """Whether a live request of the dialog's key is this dialog's own (a double submit, which joins it): the
    dialog's key, made when it opened, is the request's; a caller that sends none joins only its own request
    made without one."""
    if request_key is not None:
        return m.Draft.model_validate(live.payload).request_key == request_key
    return live.requested_by == user.id and m.Draft.model_validate(live.payload).request_key is None


def refuse_held(live: SubscriptionRequest) -> NoReturn:
    """Another dialog's live request holds this key (a paid subscription's receipt number): refused naming it."""
    if live.kind == SubscriptionKind.SUBSCRIBE:
        raise Invalid("receiptNumber", "receipt_held", request=live.id)
    raise Invalid("requestKey", "request_key_held", request=live.id)


async def joined_request(db: AsyncSession, key: str, request_key: str | None,
                         user: Actor) -> SubscriptionRequest | None:
    """The live request of the dialog's key when it is this dialog's own (a double submit joins it); refused
    naming it when it is another's."""
    live = await live_request(db, key)
    if live is not None and not same_dialog(live, request_key, user):
        refuse_held(live)
    return live


# ---- the second confirmation -------------------------------------------------------------------


def confirm_of(body: Confirmation, user: Actor, draft: m.Draft, held: list[str]) -> m.ConfirmCommand:
    """A confirmation given with its dialog: what the user restated; its versions are the current ones this call
    quoted, and its receipt and serial are unused (the call refused them otherwise)."""
    return m.ConfirmCommand(
        actor_id=user.id, actor_name=user.username,
        lines=[m.LineIn(package_id=line.package_id, version_id=line.version_id, count=line.count)
               for line in body.packages],
        free_days=body.free_days, current_versions=[q.version_id for q in draft.quotes], held_features=held)


# ---- the submit ----------------------------------------------------------------------------------


REQUEST = ("workflow_id", "kind", "merchant_id", "state", "requested_by", "receipt_number", "payment_serial",
           "screenshot_file_id", "payload", "deadline_at")


# The row as written, and the deadline it was created with as the database gives it back (a confirmed dialog's
# row is written awaiting approval: its audit entries say it was created awaiting confirmation, then confirmed).
INSERT_REQUEST = (
    "INSERT INTO subscription_requests (workflow_id, kind, merchant_id, state, requested_by, receipt_number, "
    "payment_serial, screenshot_file_id, payload, deadline_at) "
    "VALUES (%(workflow_id)s, %(kind)s, %(merchant_id)s, %(state)s, %(requested_by)s, %(receipt_number)s, "
    "%(payment_serial)s, %(screenshot_file_id)s, %(payload)s, %(deadline_at)s) ON CONFLICT DO NOTHING "
    "RETURNING *, %(created_deadline)s::timestamptz AS created_deadline")


async def submit(db: AsyncSession, body: Submission, user: Actor, key: str, facts: Facts,
                 draft: m.Draft) -> tuple[SubscriptionRequest, str, list[rules.Period | None] | None]:
    """The request row, which claims its receipt and serial (partial UNIQUE indexes, migration 0013): of any
    number of submissions of one serial at once, one row is written and the others are refused. A double submit
    of one dialog (same key, same dialog key) finds the live row and joins it; another dialog's live request of
    the key is refused, named. With the row, its merchant's email (the reply shows it) and, for a row written
    here, its lines' periods if applied now.

    The body's `confirmation` (required: the API refuses a dialog without it) is checked here by its rules
    (domain/rules/subscriptions.py `check_confirmation`), on the facts read in this transaction, and written in
    it: the request is created awaiting approval, with the audit entries of its creation and of the
    confirmation's state change that the flow's step writes (`record_change`). `key`, `facts` and `draft` are
    the dialog as the caller's checks prepared it (`facts` with the features the merchant holds)."""
    joined = await joined_request(db, key, draft.request_key, user) if facts.live_id is not None else None
    if joined is not None:
        return joined, str(facts.email), None
    problems = Problems()  # the numbers used or held, and every rule the confirmation breaks, at once
    with problems.catching():
        refuse_used(facts)
    confirmation = body.confirmation
    if confirmation is None:
        problems.add("confirmation", "required")
    else:
        with problems.catching():
            rules.check_confirmation(m.confirmation(draft, confirm_of(confirmation, user, draft, facts.held)))
    problems.raise_any()
    now = datetime.now(UTC)
    created = {"state": R.AWAITING_CONFIRMATION, "deadline_at": now + rules.CONFIRM_WITHIN}
    confirmed = {"state": R.AWAITING_APPROVAL, "deadline_at": now + rules.APPROVE_WITHIN}
    conn = await driver_of(db)
    written = await (await conn.cursor(row_factory=dict_row).execute(INSERT_REQUEST, {
        "workflow_id": key, "kind": body.kind, "merchant_id": body.merchant_id, "requested_by": user.id,
        "receipt_number": body.receipt_number, "payment_serial": body.payment_serial,
        "screenshot_file_id": body.screenshot_file_id, "payload": Jsonb(draft.model_dump(mode="json")),
        **confirmed, "created_deadline": created["deadline_at"]})).fetchone()
    if written is None:  # another submission got there first: the same request, or one holding our numbers
        joined = await joined_request(db, key, draft.request_key, user)
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
        entry(action="update", before=audit.snapshot_of(created), after=audit.snapshot_of(confirmed))])
    return row, str(facts.email), quoted_periods_at(draft, facts.ends)
