"""Determinism of the subscribe-or-gift flow (tests/integration/replay_support.py): the recorded histories replay
against the current code, and so do the ones made here: applied (confirmed in its dialog's call:
`subscription-confirmed-in-dialog`, the run started awaiting approval), refused, failed then
retried (its second run applies with the approval it had), stopped then taken up again, and expired unapproved
(a dialog is confirmed in its own call: the recorded `subscription-expired` keeps the unconfirmed ending of earlier
runs)."""

from datetime import timedelta

from tests.integration.replay_support import history_of, replay_all, replay_recorded
from tests.integration.subscription_support import (
    RETRIER,
    call,
    confirmed,
    deadline_on_flow_clock,
    dialog,
    failed_request,
    merchant,
    merchant_of,
    package,
    people,
    set_receipt,
    skip_time,
    stop_plan_flows,
)
from tests.integration.ticket_support import staff
from workflows.subscriptions import SubscriptionRequestWorkflow


async def test_the_recorded_histories_replay():
    await replay_recorded("subscription-", SubscriptionRequestWorkflow)


async def test_fresh_histories_of_every_ending_replay(client, subscription_worker):
    env = subscription_worker
    seller, approver = await people()
    operator = await staff(*RETRIER)
    pro = await package()
    histories = {}

    at_once = await confirmed(client, seller, dialog(await merchant(), pro, freeDays=7))
    await call(client, approver, f"{at_once['id']}/approve")
    histories["subscription-confirmed-in-dialog"] = await history_of(env, at_once["workflowId"])

    refused = await confirmed(client, seller, dialog(await merchant(), pro))
    await call(client, approver, f"{refused['id']}/refuse", {"reason": "no payment seen"})
    histories["subscription-refused"] = await history_of(env, refused["workflowId"])

    await stop_plan_flows(env, at_once["merchantId"])

    failed, blocker, its_receipt = await failed_request(client, seller, approver, await merchant())
    # before the retry, which waits for its run's result: the server would skip time meanwhile, and the requests
    # made after it (deadlines from the console's clock) would be past their deadlines in the flows' time
    await stop_plan_flows(env, await merchant_of(blocker))
    first_run = (await env.client.get_workflow_handle(failed["workflowId"]).describe()).run_id
    await set_receipt(blocker, its_receipt)
    assert (await call(client, operator, f"{failed['id']}/retry"))["data"]["state"] == "APPLIED"
    histories["subscription-failed"] = await history_of(env, failed["workflowId"], first_run)
    histories["subscription-retried"] = await history_of(env, failed["workflowId"])
    await stop_plan_flows(env, failed["merchantId"])

    stopped = await confirmed(client, seller, dialog(await merchant(), pro))
    await deadline_on_flow_clock(env, stopped["id"])  # the server's clock ran ahead (the sleep and the retry above)
    handle = env.client.get_workflow_handle(stopped["workflowId"])
    await handle.terminate("stopped by mistake")
    await call(client, operator, f"{stopped['id']}/retry")
    await call(client, approver, f"{stopped['id']}/approve")
    histories["subscription-resumed"] = await history_of(env, stopped["workflowId"])
    await stop_plan_flows(env, stopped["merchantId"])

    # last: the time skipped for it would put the deadlines of requests made after it in the flows' past
    unapproved = await confirmed(client, seller, dialog(await merchant(), pro))
    await skip_time(env, timedelta(days=3, minutes=1))
    await env.client.get_workflow_handle(unapproved["workflowId"]).result()
    histories["subscription-expired"] = await history_of(env, unapproved["workflowId"])

    await replay_all(histories, SubscriptionRequestWorkflow)
