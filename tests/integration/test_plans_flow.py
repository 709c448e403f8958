"""The plan flow on the time-skipping server (SPEC §9 reminder days 30 and 14): reminders to the merchant's
sales and retention persons, the expiry at the plan's end (audited, exactly once), renewals moving the timers,
and a renewed expired plan giving the accounts their status back."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import func, select

from domain.db import transaction
from domain.flows import plans as m
from domain.models.audit import EntityChange
from domain.models.merchants import Merchant, MerchantAccount
from domain.models.notifications import Notification
from services import plans
from tests.integration import plan_support, ticket_support
from tests.integration.plan_support import account_statuses, merchant_row, merchant_with_plan, renew
from tests.integration.ticket_support import eventually

mail_sink = ticket_support.mail_sink  # fixture
plan_worker = plan_support.plan_worker  # fixture
ENABLED_THEN_BLACKLISTED = ["ENABLED", "ENABLED", "ENABLED", "BLACKLISTED"]


async def reminder_days(merchant_id: int) -> dict[int, set[int]]:
    """Reminder day -> the users notified of it."""
    async with transaction() as db:
        rows = (await db.execute(select(Notification.params, Notification.user_id).where(
            Notification.kind == "PLAN_REMINDER", Notification.key.like(f"plan-{merchant_id}-%")))).all()
    found: dict[int, set[int]] = {}
    for params, user_id in rows:
        found.setdefault(int(params["days"]), set()).add(user_id)
    return found


async def merchant_audits(merchant_id: int) -> list[dict[str, Any]]:
    async with transaction() as db:
        return list((await db.scalars(select(EntityChange.changes).where(
            EntityChange.entity == "Merchant", EntityChange.entity_id == str(merchant_id)))).all())


async def until_expired(merchant_id: int) -> Any:
    merchant = await merchant_row(merchant_id)
    return merchant if merchant.package_state == "EXPIRED" else None


async def test_reminders_30_and_14_days_before_then_expiry_once(plan_worker, mail_sink):
    env = plan_worker
    now = await env.get_current_time()
    merchant = await merchant_with_plan(now + timedelta(days=40))
    await renew(env.client, merchant.id, merchant.expire_at, write=False)
    persons = {merchant.sales_id, merchant.retention_id}

    await env.sleep(timedelta(days=9, hours=23))
    assert await reminder_days(merchant.id) == {}
    await env.sleep(timedelta(hours=2))  # 30 days before the end
    assert await eventually(lambda: _has(merchant.id, 30)) == {30: persons}
    mails = await eventually(lambda: _mails(mail_sink, 2))
    assert all(f"The plan of {merchant.email} ends in 30 days" in mail for mail in mails)

    await env.sleep(timedelta(days=16))  # 14 days before the end
    assert await eventually(lambda: _has(merchant.id, 14)) == {30: persons, 14: persons}
    assert (await merchant_row(merchant.id)).package_state == "BASIC"

    await env.sleep(timedelta(days=14, hours=1))
    expired = await eventually(lambda: until_expired(merchant.id))
    assert (expired.package_state, expired.subscription_state) == ("EXPIRED", "EXPIRED")
    assert await account_statuses(merchant.id) == ["EXPIRED", "EXPIRED", "EXPIRED", "BLACKLISTED"]
    [entry] = await merchant_audits(merchant.id)
    assert entry["package_state"] == {"before": "BASIC", "after": "EXPIRED"}
    assert entry["subscription_state"] == {"before": "PAID", "after": "EXPIRED"}

    # the activity run again (a retry after a lost reply) writes nothing twice
    again = await plans.expire(m.PlanExpiry(merchant_id=merchant.id, expire_at=merchant.expire_at,
                                                 at=merchant.expire_at + timedelta(hours=2)))
    assert again.expired and len(await merchant_audits(merchant.id)) == 1
    async with transaction() as db:
        account_changes = await db.scalar(select(func.count()).select_from(EntityChange).where(
            EntityChange.entity == "MerchantAccount", EntityChange.changes["status"]["after"].astext == "EXPIRED",
            EntityChange.entity_id.in_([str(i) for i in await _account_ids(merchant.id)])))
    assert account_changes == 3


async def test_a_flow_begun_after_the_end_expires_the_plan_without_reminders(plan_worker):
    """Its reminders' times have passed and none is due any more: the flow goes on to the expiry (it used to ask
    for the same reminder again and again without yielding, until the worker called it a deadlock)."""
    env = plan_worker
    merchant = await merchant_with_plan(await env.get_current_time() - timedelta(days=1))
    await renew(env.client, merchant.id, merchant.expire_at, write=False)
    expired = await eventually(lambda: until_expired(merchant.id), timeout=30)
    assert expired.subscription_state == "EXPIRED" and await reminder_days(merchant.id) == {}


async def test_a_renewal_moves_the_reminders_and_the_expiry(plan_worker):
    env = plan_worker
    now = await env.get_current_time()
    merchant = await merchant_with_plan(now + timedelta(days=40))
    await renew(env.client, merchant.id, merchant.expire_at, write=False)
    await env.sleep(timedelta(days=5))
    later = now + timedelta(days=100)
    await renew(env.client, merchant.id, later)
    handle = env.client.get_workflow_handle(m.workflow_id(merchant.id))
    state = await handle.query("current", result_type=m.PlanState)
    assert state.expire_at == later and state.reminded == []

    await env.sleep(timedelta(days=41))  # past the old reminders and the old end
    assert (await merchant_row(merchant.id)).package_state == "BASIC"
    assert await reminder_days(merchant.id) == {}
    await env.sleep(timedelta(days=25))  # day 71: 29 days before the new end
    found = await eventually(lambda: _has(merchant.id, 30))
    assert set(found) == {30}
    async with transaction() as db:
        keys = (await db.scalars(select(Notification.key).where(Notification.key.like(f"plan-{merchant.id}-%")))).all()
    assert {k.rsplit("-", 1)[0] for k in keys} == {f"plan-{merchant.id}-{later:%Y%m%d%H%M}"}


async def test_a_renewal_without_a_signal_is_read_when_the_timer_fires(plan_worker):
    """The subscription flow's apply step only writes the merchant row when a plan flow runs: at its 30-day
    timer the flow reads the later end, sends no reminder for the old one and sleeps on until the new end's."""
    env = plan_worker
    now = await env.get_current_time()
    merchant = await merchant_with_plan(now + timedelta(days=40))
    await renew(env.client, merchant.id, merchant.expire_at, write=False)
    later = now + timedelta(days=100)
    async with transaction() as db:
        row = await db.get_one(Merchant, merchant.id)
        row.expire_at, row.plan_name = later, "PRO"
    await env.sleep(timedelta(days=11))  # past the old end's 30-day reminder
    handle = env.client.get_workflow_handle(m.workflow_id(merchant.id))
    state = await eventually(lambda: _moved(handle, later))
    assert state.plan_name == "PRO" and state.reminded == []
    assert await reminder_days(merchant.id) == {}
    await env.sleep(timedelta(days=60))  # day 71: 29 days before the new end
    assert set(await eventually(lambda: _has(merchant.id, 30))) == {30}


async def test_a_flow_started_by_an_apply_waits_for_its_first_reminder(plan_worker):
    """Started without a signal and delayed until the 30-day reminder: no workflow task before, the reminder on
    time, the plan's search attributes from the start."""
    env = plan_worker
    merchant, handle = await plan_support.started_by_an_apply(env, 40)
    assert len((await handle.fetch_history()).events) == 1
    await env.sleep(timedelta(days=9))
    assert await reminder_days(merchant.id) == {}
    await env.sleep(timedelta(days=1, hours=1))
    assert set(await eventually(lambda: _has(merchant.id, 30))) == {30}
    described = await handle.describe()
    shown = described.typed_search_attributes.get(m.EXPIRE_AT)
    assert shown is not None and abs(shown - merchant.expire_at) < timedelta(seconds=1)


async def test_a_renewal_of_an_expired_plan_gives_the_accounts_their_status_back(plan_worker):
    env = plan_worker
    now = await env.get_current_time()
    merchant = await merchant_with_plan(now + timedelta(days=10))  # inside 14 days: only the 14-day reminder
    await renew(env.client, merchant.id, merchant.expire_at, write=False)
    await eventually(lambda: _has(merchant.id, 14))
    assert set(await reminder_days(merchant.id)) == {14}
    await env.sleep(timedelta(days=10, hours=1))
    await eventually(lambda: until_expired(merchant.id))
    await renew(env.client, merchant.id, now + timedelta(days=60))
    assert await eventually(lambda: _statuses(merchant.id, ENABLED_THEN_BLACKLISTED)) == ENABLED_THEN_BLACKLISTED
    handle = env.client.get_workflow_handle(m.workflow_id(merchant.id))
    state = await handle.query("current", result_type=m.PlanState)
    assert state.expired_at is None and state.expire_at == now + timedelta(days=60)


async def test_an_end_moved_without_a_signal_is_adopted_at_the_old_end(plan_worker):
    """The database is the truth: a renewal whose signal was lost does not let the plan expire."""
    env = plan_worker
    now = await env.get_current_time()
    merchant = await merchant_with_plan(now + timedelta(days=20))
    await renew(env.client, merchant.id, merchant.expire_at, write=False)
    async with transaction() as db:
        (await db.get_one(Merchant, merchant.id)).expire_at = now + timedelta(days=90)
    await env.sleep(timedelta(days=21))
    handle = env.client.get_workflow_handle(m.workflow_id(merchant.id))
    state = await eventually(lambda: _moved(handle, now + timedelta(days=90)))
    assert state.expired_at is None
    assert (await merchant_row(merchant.id)).package_state == "BASIC"
    assert await merchant_audits(merchant.id) == []


async def _moved(handle: Any, expire_at: Any) -> Any:
    state = await handle.query("current", result_type=m.PlanState)
    return state if state.expire_at == expire_at else None


async def _has(merchant_id: int, days: int) -> dict[int, set[int]] | None:
    found = await reminder_days(merchant_id)
    return found if days in found else None


async def _mails(sink: Any, count: int) -> list[str] | None:
    found = sink()
    return found if len(found) >= count else None


async def _statuses(merchant_id: int, wanted: list[str]) -> list[str] | None:
    found = await account_statuses(merchant_id)
    return found if found == wanted else None


async def _account_ids(merchant_id: int) -> list[int]:
    async with transaction() as db:
        return list((await db.scalars(select(MerchantAccount.id)
                                      .where(MerchantAccount.merchant_id == merchant_id))).all())


async def test_a_new_plan_flow_keeps_the_search_attributes_its_start_set(plan_worker):
    """Signal-with-start sets MerchantId, PlanName and ExpireAt: the run does not write them again at once (a
    visibility write fewer a new flow), and writes them when a renewal moves the plan."""
    from temporalio.api.enums.v1 import EventType

    env = plan_worker
    merchant = await merchant_with_plan(await env.get_current_time() + timedelta(days=40))
    await renew(env.client, merchant.id, merchant.expire_at, write=False)
    handle = env.client.get_workflow_handle(m.workflow_id(merchant.id))
    assert (await handle.query("current", result_type=m.PlanState)).expire_at == merchant.expire_at

    def upserts(history: Any) -> int:
        return sum(e.event_type == EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES for e in history.events)

    assert upserts(await handle.fetch_history()) == 0
    attributes = (await handle.describe()).typed_search_attributes
    assert attributes.get(m.MERCHANT_ID) == merchant.id and attributes.get(m.EXPIRE_AT) == merchant.expire_at
    later = merchant.expire_at + timedelta(days=30)
    await renew(env.client, merchant.id, later)

    async def shown_again() -> bool:
        return upserts(await handle.fetch_history()) == 1

    assert await eventually(shown_again, timeout=120)
    assert (await handle.query("current", result_type=m.PlanState)).expire_at == later
