"""A subscription request's steps (state change, apply transaction with its plan signal) run as local activities
inside the workflow tasks of its Updates: no activity task is scheduled, so a request costs no extra workflow task
and no server round trip per step (workflows/subscriptions.py LOCAL_STEPS); the apply step tells the plan flow
itself, so the signal costs no step of its own; a renewal of a running plan adds nothing to its flow."""

from datetime import UTC, datetime, timedelta

from temporalio.api.enums.v1 import EventType

from tests.integration.subscription_support import (
    call,
    confirmed,
    dialog,
    merchant,
    package,
    people,
    restated,
    submit,
)


async def test_a_request_from_submit_to_applied_schedules_no_activity_task(client, subscription_worker):
    seller, approver = await people()
    merchant_id, pro = await merchant(), await package()
    request = await confirmed(client, seller, dialog(merchant_id, pro))
    applied = (await call(client, approver, f"{request['id']}/approve"))["data"]
    assert applied["state"] == "APPLIED"
    history = await subscription_worker.client.get_workflow_handle(request["workflowId"]).fetch_history()
    kinds = [event.event_type for event in history.events]
    assert EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED not in kinds
    # confirmed in the dialog's call, one local activity: the apply transaction, which also told the plan flow
    steps = [e for e in history.events if e.event_type == EventType.EVENT_TYPE_MARKER_RECORDED
             and e.marker_recorded_event_attributes.marker_name == "core_local_activity"]
    assert len(steps) == 1
    # started as local, the run asks no patch: no patch marker, and RequestState its only search attribute update
    markers = [e.marker_recorded_event_attributes.marker_name for e in history.events
               if e.event_type == EventType.EVENT_TYPE_MARKER_RECORDED]
    assert "core_patch" not in markers
    upserts = [set(e.upsert_workflow_search_attributes_event_attributes.search_attributes.indexed_fields)
               for e in history.events if e.event_type == EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES]
    assert upserts == [{"RequestState"}]
    assert kinds.count(EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED) <= 2
    # the merchant's plan flow started, not signalled, and delayed until its 30-day reminder: no workflow task yet
    plan = await subscription_worker.client.get_workflow_handle(f"plan-{merchant_id}").fetch_history()
    assert [e.event_type for e in plan.events] == [EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED]
    started = plan.events[0].workflow_execution_started_event_attributes
    assert started.first_workflow_task_backoff.ToTimedelta() > timedelta(days=300)  # a yearly plan
    assert set(started.search_attributes.indexed_fields) >= {"MerchantId", "PlanName", "ExpireAt"}


async def test_a_renewal_adds_nothing_to_a_running_plan_flow(client, subscription_worker):
    """The running plan flow reads the new end from the merchant row when its timer fires
    (tests/integration/test_plans_flow.py): the apply step neither signals it nor starts another."""
    seller, approver = await people()
    merchant_id, pro = await merchant(), await package()
    for _ in range(2):
        request = await confirmed(client, seller, dialog(merchant_id, pro))
        assert (await call(client, approver, f"{request['id']}/approve"))["data"]["state"] == "APPLIED"
    handle = subscription_worker.client.get_workflow_handle(f"plan-{merchant_id}")
    plan = await handle.fetch_history()
    assert [e.event_type for e in plan.events] == [EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED]


async def test_a_renewal_of_an_expired_plan_signals_its_flow(client, subscription_worker):
    """An expired plan's accounts get their status back from its flow: that renewal is still signalled."""
    seller, approver = await people()
    merchant_id, pro = await merchant(plan_name="PRO", package_state="EXPIRED", subscription_state="EXPIRED",
                                      expire_at=datetime.now(UTC) - timedelta(days=2)), await package()
    request = await confirmed(client, seller, dialog(merchant_id, pro))
    assert (await call(client, approver, f"{request['id']}/approve"))["data"]["state"] == "APPLIED"
    plan = await subscription_worker.client.get_workflow_handle(f"plan-{merchant_id}").fetch_history()
    kinds = [e.event_type for e in plan.events]
    assert kinds.count(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED) == 1


async def test_a_request_confirmed_in_its_dialog_is_one_update_and_one_workflow_task(client, subscription_worker):
    """The dialog's call with its confirmation writes the request confirmed and starts the run awaiting approval,
    delayed until the approval deadline: the approval's Update is the run's first and only workflow task, and
    no timer runs while it waits."""
    seller, approver = await people()
    merchant_id, pro = await merchant(), await package()
    request = await confirmed(client, seller, dialog(merchant_id, pro))
    assert request["state"] == "AWAITING_APPROVAL" and "canConfirm" not in request
    await call(client, approver, f"{request['id']}/approve")
    history = await subscription_worker.client.get_workflow_handle(request["workflowId"]).fetch_history()
    kinds = [event.event_type for event in history.events]
    assert kinds.count(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED) == 1
    assert kinds.count(EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED) == 1
    assert EventType.EVENT_TYPE_TIMER_STARTED not in kinds
    started = history.events[0].workflow_execution_started_event_attributes
    assert started.first_workflow_task_backoff.ToTimedelta() > timedelta(days=2, hours=23)


def settled(reply: dict) -> dict:
    """A reply without the periods a live request would run if applied now (they move with the clock)."""
    if reply["state"] == "APPLIED":
        return reply
    return {**reply, "packages": [{k: v for k, v in line.items() if k not in ("periodStart", "periodEnd")}
                                  for line in reply["packages"]]}


async def test_each_call_answers_as_a_read_after_it_would(client, subscription_worker):
    """The dialog answers from the row it inserted, the approval from the Update's result
    (with the periods the apply wrote), not from a read after the flow answered: each reply is what the detail
    shows right after it."""
    seller, approver = await people()
    merchant_id, pro = await merchant(), await package()

    async def detail(who, request_id):
        reply = await client.get(f"/cms/subscription/detail/{request_id}", headers=who.headers)
        assert reply.status_code == 200, reply.text
        return settled(reply.json()["data"])

    submitted = await confirmed(client, seller, dialog(merchant_id, pro, freeDays=3))
    assert submitted["state"] == "AWAITING_APPROVAL"
    assert settled(submitted) == await detail(seller, submitted["id"])
    applied = (await call(client, approver, f"{submitted['id']}/approve"))["data"]
    assert applied["state"] == "APPLIED" and applied["packages"][0]["periodEnd"]
    assert applied == await detail(approver, submitted["id"])

    body = dialog(merchant_id, pro)
    quote = (await call(client, seller, "preview", body))["data"]
    at_once = (await submit(client, seller, {**body, "confirmation": restated(quote)}))["data"]
    assert at_once["state"] == "AWAITING_APPROVAL"
    assert settled(at_once) == await detail(seller, at_once["id"])
    # the preview quoted what the request holds (only the state moved on)
    assert {k: v for k, v in settled(at_once).items() if k in quote} == settled(quote) | {"state": "AWAITING_APPROVAL"}
