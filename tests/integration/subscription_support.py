"""Fixtures and helpers of the subscription tests: merchants and enabled packages written directly, a worker on a
time-skipping server of the module's own, and the API's calls of the dialog, the confirmation and the decision."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import AsyncIterator
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from temporalio.client import WorkflowQueryFailedError
from temporalio.service import RPCError

from domain.db import transaction
from domain.enums import AddonMode, AddonType, PackageType, PaymentPeriod, PlanName
from domain.flows import subscriptions as flows
from domain.models.merchants import Merchant
from domain.models.packages import Feature, Package, PackageVersion, PackageVersionFeature
from domain.models.subscriptions import Payment, Subscription, SubscriptionRequest
from domain.rules.money import currency_of
from domain.rules.subscriptions import APPROVE_WITHIN
from tests.conftest import unique
from tests.integration.merchant_support import phone_in
from tests.integration.temporal_support import console_on
from tests.integration.ticket_support import staff, stop_quietly

SELLER = ("account#subscribe", "account#gift", "approvals")
APPROVER = ("approvals", "subscription#approve", "temporal#operate")
RETRIER = (*APPROVER, "subscription#retry")


@pytest.fixture
async def subscription_worker(own_time_skipping_env: Any, app: Any) -> AsyncIterator[Any]:
    """Every queue's worker on the module's time-skipping server, the API pointed at it; the flows of the
    requests a test made are stopped after it."""
    env = own_time_skipping_env
    async with transaction() as db:
        first_new = (await db.scalar(select(func.max(SubscriptionRequest.id))) or 0) + 1
    async with console_on(env, app):
        try:
            yield env
        finally:
            async with transaction() as db:
                made = (await db.execute(select(SubscriptionRequest.workflow_id, SubscriptionRequest.merchant_id)
                                         .where(SubscriptionRequest.id >= first_new))).all()
            for key in {k for k, _ in made} | {f"plan-{merchant_id}" for _, merchant_id in made}:
                with contextlib.suppress(RPCError, WorkflowQueryFailedError):
                    await stop_quietly(env.client.get_workflow_handle(key))


async def skip_time(env: Any, span: timedelta, attempts: int = 5) -> None:
    """Moves the test server's clock on by `span`. Its unlock-with-sleep call can time out on a loaded machine
    while the clock still moves: it is asked again for what is left."""
    target = await env.get_current_time() + span
    for _ in range(attempts):
        left = target - await env.get_current_time()
        if left <= timedelta(0):
            return
        with contextlib.suppress(RPCError):
            await env.sleep(left)
    assert await env.get_current_time() >= target, "the test server's clock did not move"


async def merchant(country: str = "ID", **fields: Any) -> int:
    values = {"email": f"{unique('m')}@shop.test", "phone": phone_in(country), "country": country, **fields}
    async with transaction() as db:
        row = Merchant(**values)
        db.add(row)
        await db.flush()
        return row.id


async def package(package_type: PackageType = PackageType.BASIC, *, plan: PlanName | None = PlanName.PRO,
                  mode: AddonMode | None = None, period: PaymentPeriod = PaymentPeriod.YEAR, free_days: int = 14,
                  features: tuple[str, ...] = (), amount: int = 1_200_000, monthly_orders: int = 3000,
                  currency: str | None = None, enabled: bool = True, addon_type: AddonType | None = None,
                  country: str = "ID") -> int:
    """An ERP package of `country` with its first version (in its currency unless told; tax 11 %, rounded up;
    actual = amount + tax - discount)."""
    tax = Decimal(amount * 11 // 100)
    currency = currency or currency_of(country)
    async with transaction() as db:
        row = Package(kind="ERP", name=unique("Pkg "), country=country, scene="ERP", package_type=package_type,
                      addon_mode=mode if package_type == PackageType.ADDON else None, addon_type=addon_type,
                      plan_name=plan if package_type == PackageType.BASIC else None,
                      status="ENABLED" if enabled else "DISABLED")
        db.add(row)
        await db.flush()
        await add_version(db, row.id, 1, amount=amount, tax=tax, free_days=free_days, period=period,
                          monthly_orders=monthly_orders, currency=currency, features=features)
        return row.id


async def add_version(db: Any, package_id: int, version: int, *, amount: int = 1_200_000, tax: Decimal = Decimal(0),
                      free_days: int = 14, period: PaymentPeriod = PaymentPeriod.YEAR, monthly_orders: int = 3000,
                      currency: str = "IDR", features: tuple[str, ...] = ()) -> int:
    row = PackageVersion(package_id=package_id, version=version, display_name=unique("Plan "),
                         subscription_method="OFFLINE", payment_period=period, currency=currency,
                         amount=Decimal(amount), tax=tax, discounted_price=Decimal(0),
                         total_price=Decimal(amount) + tax, actual_payment=Decimal(amount) + tax, free_days=free_days,
                         monthly_orders=monthly_orders, daily_orders=monthly_orders // 30)
    db.add(row)
    await db.flush()
    for key in features:
        await db.execute(pg_insert(Feature).values(key=key, system="ERP", name_en=key, name_zh=key, name_id=key)
                         .on_conflict_do_nothing())
        db.add(PackageVersionFeature(version_id=row.id, feature_key=key))
    await db.flush()
    return row.id


async def new_version(package_id: int) -> int:
    """A price change: a new version becomes the package's current one."""
    async with transaction() as db:
        row = await db.get_one(Package, package_id)
        row.current_version += 1
        return await add_version(db, package_id, row.current_version, amount=1_500_000)


def dialog(merchant_id: int, *package_ids: int, **fields: Any) -> dict[str, Any]:
    number = uuid.uuid4().hex[:12]
    return {"kind": "SUBSCRIBE", "merchantId": merchant_id, "packages": [{"packageId": p} for p in package_ids],
            "freeDays": 0, "receiptNumber": f"INV {number}", "paymentSerial": f"TRX-{number}",
            "paymentAt": "2026-11-20T10:00:00+07:00", **fields}


async def call(client: Any, who: Any, path: str, body: dict[str, Any] | None = None, status: int = 200) -> Any:
    reply = await client.post(f"/cms/subscription/{path}", json=body or {}, headers=who.headers)
    assert reply.status_code == status, reply.text
    return reply.json()


async def submit(client: Any, who: Any, body: dict[str, Any], status: int = 200) -> Any:
    return await call(client, who, "submit", body, status)


def restated(request: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """The second confirmation as the screen sends it: what the dialog's request shows."""
    lines = [{"packageId": p["packageId"], "versionId": p["versionId"], "count": p["count"]}
             for p in request["packages"]]
    return {"packages": lines, "freeDays": request["freeDays"], **changes}


async def confirmed(client: Any, who: Any, body: dict[str, Any]) -> dict[str, Any]:
    """The dialog as the screen sends it: quoted (`preview`), then submitted with its second confirmation."""
    quote = (await call(client, who, "preview", body))["data"]
    return (await submit(client, who, {**body, "confirmation": restated(quote)}))["data"]


async def deadline_on_flow_clock(env: Any, request_id: int) -> None:
    """A request confirmed in its dialog holds the approval deadline of the API's wall clock; a module's test server
    whose clock ran ahead of it (time skips while a test waits on a flow) would find that deadline past. Moved to
    the server's clock, as the request would have been confirmed by then: for a test that runs the request's flow
    again (a retry) and wants it still awaiting approval."""
    deadline = await env.get_current_time() + APPROVE_WITHIN
    async with transaction() as db:
        await db.execute(update(SubscriptionRequest).where(SubscriptionRequest.id == request_id)
                         .values(deadline_at=deadline))


async def people() -> tuple[Any, Any]:
    return await staff(*SELLER), await staff(*APPROVER)


async def booked(request_id: int) -> tuple[Any, list[int], int]:
    """The request's row, its records and their payments."""
    async with transaction() as db:
        row = await db.get(SubscriptionRequest, request_id)
        records = (await db.scalars(select(Subscription.id).where(Subscription.request_id == request_id))).all()
        payments = await db.scalar(select(func.count()).select_from(Payment)
                                   .where(Payment.subscription_id.in_(records or [0])))
    return row, list(records), payments or 0


async def merchant_of(record_id: int) -> int:
    async with transaction() as db:
        return (await db.get(Subscription, record_id)).merchant_id  # type: ignore[union-attr]


async def stop_plan_flows(env: Any, *merchant_ids: int) -> None:
    """Stop the plan flows the requests' applies started. Each waits, delayed, for its first reminder eleven months
    on: while a test waits for something else the time-skipping server would skip to it, and every live request's
    deadline would pass meanwhile."""
    for merchant_id in merchant_ids:
        await stop_quietly(env.client.get_workflow_handle(f"plan-{merchant_id}"))


async def set_receipt(record_id: int, receipt: str) -> None:
    async with transaction() as db:
        await db.execute(update(Subscription).where(Subscription.id == record_id).values(receipt_number=receipt))


async def failed_request(client: Any, seller: Any, approver: Any, merchant_id: int) -> tuple[Any, int, str]:
    """A request approved but refused by the database: another merchant's record booked its receipt meanwhile
    (an import, say). Returns the request, that record and the receipt the record should hold."""
    pro = await package()
    other = await confirmed(client, seller, dialog(await merchant(), pro))
    await call(client, approver, f"{other['id']}/approve")
    [blocker] = (await booked(other["id"]))[1]
    request = await confirmed(client, seller, dialog(merchant_id, pro))
    await set_receipt(blocker, request["receiptNumber"])
    failed = await call(client, approver, f"{request['id']}/approve", status=409)
    assert failed["code"] == "SUBSCRIPTION_APPLY_FAILED", failed
    return request, blocker, other["receiptNumber"]


def field_error(reply: Any) -> tuple[str, str, str]:
    """The one field a refusal names: its field, rule and translated message."""
    [error] = reply["data"]["errors"]
    return error["field"], error["rule"], error["message"]


async def requests_of(merchant_id: int) -> int:
    """How many subscription and gift requests a merchant has (a refusal adds none)."""
    async with transaction() as db:
        return await db.scalar(select(func.count()).select_from(SubscriptionRequest)
                               .where(SubscriptionRequest.merchant_id == merchant_id)) or 0


async def draft_of(package_id: int, merchant_id: int, kind: str = "GIFT") -> dict[str, Any]:
    """A request's payload as the dialog submits it, one of the package at its version: for a request a test writes
    directly (the request lists read it)."""
    async with transaction() as db:
        row = await db.get(Package, package_id)
        version = await db.scalar(select(PackageVersion).where(PackageVersion.package_id == package_id))
    draft = flows.Draft(kind=kind, merchant_id=merchant_id, quotes=[flows.quote_of(row, version, 1)])
    return draft.model_dump(mode="json")
