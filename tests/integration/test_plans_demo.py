"""Demo subscriptions go through the apply transaction of approved requests (record, period, payment, merchant plan
columns); run again, they add nothing. (Their plan flows start by the same signal-with-start as a resync, tested
in test_plans_api.py.)"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select

from demo import subscriptions as subscription_demo
from domain.db import transaction
from domain.models.packages import Package, PackageVersion
from domain.models.subscriptions import Payment, Subscription, SubscriptionRequest
from domain.rules.subscriptions import package_state
from tests.conftest import unique
from tests.integration.plan_support import merchant_row, merchant_with_plan


async def a_basic_package(country: str) -> int:
    async with transaction() as db:
        package = Package(kind="ERP", name=unique("Demo "), country=country, scene="ERP", package_type="BASIC",
                          plan_name="PRO", status="ENABLED", current_version=1)
        db.add(package)
        await db.flush()
        db.add(PackageVersion(package_id=package.id, version=1, display_name="Pro", subscription_method="OFFLINE",
                              payment_period="YEAR", priority=0, currency="IDR", amount=3_000_000, tax=0,
                              discounted_price=0, total_price=3_000_000, actual_payment=3_000_000, free_days=0,
                              monthly_orders=10_000, daily_orders=333, store_count=-1, sub_account_count=-1,
                              msku_count=-1))
    return package.id


async def test_demo_merchants_subscribe_through_the_apply_transaction():
    await a_basic_package("ID")
    merchant = await merchant_with_plan(None)  # an Indonesian merchant with no plan yet
    now = datetime.now(UTC)
    assert await subscription_demo.create(None, now=now, only=[merchant.id], share=1.0) == 1
    row = await merchant_row(merchant.id)  # one of Indonesia's enabled basic packages (the demo ones too)
    assert row.plan_name is not None and row.subscription_state == "PAID"
    assert row.package_state == package_state(row.plan_name)
    assert row.expire_at is not None and row.expire_at <= now + timedelta(days=366 + 14)
    async with transaction() as db:
        request = await db.scalar(select(SubscriptionRequest).where(SubscriptionRequest.merchant_id == merchant.id))
        record = await db.scalar(select(Subscription).where(Subscription.merchant_id == merchant.id))
        paid = await db.scalar(select(func.count()).select_from(Payment).where(Payment.merchant_id == merchant.id))
    assert request.state == "APPLIED" and request.requested_by != request.approver_id
    assert record.request_id == request.id and record.expire_at == row.expire_at and paid == 1
    assert record.plan_name == row.plan_name
    assert await subscription_demo.create(None, only=[merchant.id], share=1.0) == 0
