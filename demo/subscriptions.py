"""Demo subscriptions for a first `make run`: the demo merchants subscribe to an enabled basic package of their
country through the same apply transaction an approved request runs (services/subscriptions/store.py), so
the merchant list shows plans and expire dates, with their records, periods and payments; then each merchant's
plan flow hears of its end (docs/plans.md), when Temporal is up."""

from __future__ import annotations

import asyncio
import logging
import random
from datetime import UTC, datetime, timedelta

from sqlalchemy import exists, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from temporalio.client import Client

from domain.db import transaction
from domain.enums import PackageType, Status, SubscriptionKind, SubscriptionRequestState
from domain.flows import plans as plan_models
from domain.flows import subscriptions as m
from domain.models.merchants import Merchant
from domain.models.packages import Package, PackageVersion
from domain.models.subscriptions import SubscriptionRequest
from domain.models.users import User
from services.plans import signal_renewal
from services.subscriptions import store

log = logging.getLogger("omp.seed")
SHARE = 0.2  # of the demo merchants subscribe (about 60; the first start waits for them), the rest stay unpaid
REQUESTER = "demo.sales"
AT_ONCE = 4  # merchants applied at once (each holds a database connection)


async def requester_id() -> int:
    """A demo sales person who asked for the subscriptions (the approver is the admin, never the requester)."""
    async with transaction() as db:
        return (await db.execute(pg_insert(User).values(
            username=REQUESTER, real_name="Demo sales", display_name="Demo sales", email="demo.sales@omp.local",
            password_hash="!", status=Status.ENABLED,  # no password opens it
        ).on_conflict_do_update(index_elements=["username"], set_={"status": Status.ENABLED})
            .returning(User.id))).scalar_one()


async def drafts(rng: random.Random, only: list[int] | None, share: float) -> list[m.Draft]:
    """One paid subscription of a basic package of its country for some demo merchants without any request."""
    async with transaction() as db:
        offers = (await db.execute(
            select(Package, PackageVersion).join(PackageVersion, (PackageVersion.package_id == Package.id)
                                                 & (PackageVersion.version == Package.current_version))
            .where(Package.status == Status.ENABLED, Package.package_type == PackageType.BASIC)
            .order_by(Package.id))).all()
        query = select(Merchant.id, Merchant.country).where(~exists().where(
            SubscriptionRequest.merchant_id == Merchant.id)).order_by(Merchant.id)
        merchants = (await db.execute(query if only is None else query.where(Merchant.id.in_(only)))).all()
    by_country: dict[str, list[m.Quote]] = {}
    for package, version in offers:
        by_country.setdefault(package.country, []).append(m.quote_of(package, version, 1))
    out = []
    for merchant_id, country in merchants:
        choices = by_country.get(country)
        if choices and rng.random() < share:
            out.append(m.Draft(kind=SubscriptionKind.SUBSCRIBE, merchant_id=merchant_id, quotes=[rng.choice(choices)],
                               receipt_number=f"DEMO-{merchant_id}", payment_serial=f"DEMO-SN-{merchant_id}",
                               free_days=rng.choice((0, 0, 7, 14))))
    return out


async def create(client: Client | None = None, now: datetime | None = None, only: list[int] | None = None,
                 share: float = SHARE) -> int:
    """Apply the demo subscriptions (to the merchants `only` names, else to every demo merchant); returns how
    many. Run once, on the first start (api/prestart.py); merchants with a request are skipped anyway. A few at
    a time, each merchant's in its own transaction: the first start should not wait for them one by one."""
    rng, now = random.Random(20261124), now or datetime.now(UTC)
    requester = await requester_id()
    async with transaction() as db:
        admin = int(await db.scalar(select(User.id).where(User.username == "admin")) or 0)
    gate = asyncio.Semaphore(AT_ONCE)
    work = [(draft, now - timedelta(days=rng.randint(0, 330))) for draft in await drafts(rng, only, share)]

    async def one(draft: m.Draft, at: datetime) -> None:
        async with gate:
            applied = await apply(draft, at, requester, admin)
            if client is not None and applied.expire_at is not None:
                await signal_renewal(client, plan_models.PlanRenewal(
                    merchant_id=draft.merchant_id, plan_name=applied.plan_name, expire_at=applied.expire_at))

    await asyncio.gather(*(one(draft, at) for draft, at in work))
    log.info("%d demo subscriptions applied", len(work))
    return len(work)


async def apply(draft: m.Draft, at: datetime, requester: int, admin: int) -> m.Applied:
    """The request as approved some time ago (`at`: some plans end soon, some are over and expire at once when
    their plan flow starts), then the apply transaction of approved requests."""
    draft.payment_at = at
    async with transaction() as db:
        row = SubscriptionRequest(workflow_id=f"subscription-{draft.merchant_id}-{draft.receipt_number}",
                                  kind=draft.kind, merchant_id=draft.merchant_id,
                                  state=SubscriptionRequestState.AWAITING_APPROVAL, requested_by=requester,
                                  receipt_number=draft.receipt_number, payment_serial=draft.payment_serial,
                                  payload=draft.model_dump(mode="json"), created_at=at, updated_at=at)
        db.add(row)
        await db.flush()
    return await store.apply(m.ApplyInput(
        request_id=row.id, workflow_id=row.workflow_id, requested_by=requester, approver_id=admin,
        approver_name="admin", at=at, draft=draft, transaction_id="demo"))
