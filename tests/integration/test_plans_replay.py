"""Determinism of the plan flow (tests/integration/replay_support.py): the recorded histories replay against the
current code, and so does a whole plan made here: a reminder, a renewal moving the timers, the expiry, a late
renewal giving the accounts back, a second expiry and the flow's end after its week of grace; and a plan started by
an apply step, delayed until its first reminder, renewed without a signal. `plan-lifecycle.json` is a flow whose
timers fired before they read the plan's end from the merchant row (`READS_END`): it replays as it ran."""

from datetime import timedelta

from domain.db import transaction
from domain.flows import plans as m
from domain.models.merchants import Merchant
from tests.integration import plan_support
from tests.integration.plan_support import merchant_row, merchant_with_plan, renew
from tests.integration.replay_support import history_of, replay_all, replay_recorded
from tests.integration.ticket_support import eventually
from workflows.plans import PlanWorkflow

plan_worker = plan_support.plan_worker  # fixture


async def test_the_recorded_histories_replay():
    await replay_recorded("plan-", PlanWorkflow)


async def test_a_fresh_plan_from_reminder_to_its_end_replays(plan_worker):
    env = plan_worker
    now = await env.get_current_time()
    merchant = await merchant_with_plan(now + timedelta(days=40))
    await renew(env.client, merchant.id, merchant.expire_at, write=False)
    handle = env.client.get_workflow_handle(m.workflow_id(merchant.id))

    await env.sleep(timedelta(days=11))  # the 30-day reminder
    await eventually(lambda: _reminded(handle, 30))
    await renew(env.client, merchant.id, now + timedelta(days=60))
    await env.sleep(timedelta(days=50))  # past the new end
    await eventually(lambda: _expired(merchant.id))
    await renew(env.client, merchant.id, now + timedelta(days=75))  # late: the accounts come back
    await env.sleep(timedelta(days=25))  # past that end and the week of grace
    await handle.result()
    await replay_all({"plan-lifecycle-reads-end": await history_of(env, handle.id)}, PlanWorkflow)


async def test_a_plan_started_by_an_apply_and_renewed_unsignalled_replays(plan_worker):
    env = plan_worker
    now = await env.get_current_time()
    merchant, handle = await plan_support.started_by_an_apply(env, 40)
    async with transaction() as db:  # renewed as the apply step does it when a flow runs: the row only
        (await db.get_one(Merchant, merchant.id)).expire_at = now + timedelta(days=60)
    await env.sleep(timedelta(days=11))  # the old 30-day reminder's time: the flow reads the later end
    await env.sleep(timedelta(days=20))  # the new end's 30-day reminder
    await eventually(lambda: _reminded(handle, 30))
    await env.sleep(timedelta(days=40))  # past the new end
    await eventually(lambda: _expired(merchant.id))
    await env.sleep(timedelta(days=8))  # and its week of grace
    await handle.result()
    await replay_all({"plan-started-unsignalled": await history_of(env, handle.id)}, PlanWorkflow)


async def _reminded(handle, days):
    state = await handle.query("current", result_type=m.PlanState)
    return state if days in state.reminded else None


async def _expired(merchant_id):
    merchant = await merchant_row(merchant_id)
    return merchant if merchant.package_state == "EXPIRED" else None
