"""Helpers of the plan tests: a merchant with its sales and retention persons and its accounts, its rows read
back, its plan flow signalled like the subscription flow does."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select
from temporalio.service import RPCError

from domain.db import transaction
from domain.enums import AccountStatus, AccountSystem, MerchantPackageState, PlanName, SubscriptionState
from domain.flows.plans import PlanRenewal, workflow_id
from domain.models.merchants import Merchant, MerchantAccount
from services.plans import ensure_plan_flow, signal_renewal
from tests.conftest import unique
from tests.integration.people import create_user
from tests.integration.temporal_support import console_on
from tests.integration.ticket_support import stop_quietly


@pytest.fixture
async def plan_worker(own_time_skipping_env: Any, app: Any) -> AsyncIterator[Any]:
    """Every queue's worker on a test server of the module's own (these tests skip months), and the API's
    Temporal client pointed at it. The plan flows a test started are terminated after it, so the next test's
    skipped time does not wake them."""
    env = own_time_skipping_env
    async with transaction() as db:
        first_new = (await db.scalar(select(func.max(Merchant.id))) or 0) + 1
    async with console_on(env, app):
        yield env
        async with transaction() as db:
            ids = (await db.scalars(select(Merchant.id).where(Merchant.id >= first_new))).all()
        for merchant_id in ids:
            with contextlib.suppress(RPCError):
                await stop_quietly(env.client.get_workflow_handle(workflow_id(merchant_id)))


async def merchant_with_plan(expire_at: datetime | None, plan_name: PlanName = PlanName.BASIC) -> Merchant:
    """A paying merchant whose plan ends at `expire_at` (without `expire_at`: one that never paid), with enabled
    IAM, ERP and WMS accounts and a blacklisted staff account, and a sales and a retention person."""
    sales, retention = await create_user(prefix="sales"), await create_user(prefix="keep")
    email = f"{unique('m')}@example.com"
    async with transaction() as db:
        paying = expire_at is not None
        merchant = Merchant(email=email, phone=f"+62812{secrets.randbelow(10**7):07d}", country="ID",
                            plan_name=plan_name if paying else None, expire_at=expire_at,
                            package_state=MerchantPackageState.BASIC if paying else MerchantPackageState.NOT_PAID,
                            subscription_state=SubscriptionState.PAID if paying else None, sales_id=sales.id,
                            retention_id=retention.id)
        db.add(merchant)
        await db.flush()
        for system in AccountSystem:
            db.add(MerchantAccount(merchant_id=merchant.id, system=system, email=email))
        db.add(MerchantAccount(merchant_id=merchant.id, system=AccountSystem.ERP, email=f"staff.{email}",
                               user_type="STAFF", status=AccountStatus.BLACKLISTED))
    return merchant


async def renew(client: Any, merchant_id: int, expire_at: datetime, *, write: bool = True,
                plan_name: PlanName = PlanName.BASIC) -> None:
    """What the subscription flow's apply step does: the merchant row gets its new end (and a running plan),
    then the plan flow hears of it by signal-with-start."""
    if write:
        async with transaction() as db:
            merchant = await db.get_one(Merchant, merchant_id, with_for_update=True)
            merchant.expire_at, merchant.plan_name = expire_at, plan_name
            merchant.package_state, merchant.subscription_state = MerchantPackageState.BASIC, SubscriptionState.PAID
    await signal_renewal(client, PlanRenewal(merchant_id=merchant_id, plan_name=plan_name, expire_at=expire_at))


async def merchant_row(merchant_id: int) -> Merchant:
    async with transaction() as db:
        return await db.get_one(Merchant, merchant_id)


async def account_statuses(merchant_id: int) -> list[str]:
    async with transaction() as db:
        return list((await db.scalars(select(MerchantAccount.status).where(MerchantAccount.merchant_id == merchant_id)
                                      .order_by(MerchantAccount.id))).all())


async def started_by_an_apply(env: Any, days_left: int) -> tuple[Merchant, Any]:
    """A merchant whose plan ends in `days_left` days and its plan flow as an apply starts it: without a signal,
    delayed until its first reminder. Returns the merchant and the flow's handle."""
    now = await env.get_current_time()
    merchant = await merchant_with_plan(now + timedelta(days=days_left))
    await ensure_plan_flow(env.client, PlanRenewal(merchant_id=merchant.id, plan_name=merchant.plan_name,
                                                   expire_at=merchant.expire_at), now)
    return merchant, env.client.get_workflow_handle(workflow_id(merchant.id))
