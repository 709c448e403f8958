"""Financial reconciliation on a Temporal test server against the demo marketplace in this process: a run pulls
the period's settlements and finds each kind of difference (matched, short-paid, over-paid, unpaid, unknown
order) with the run's totals; a settlement page fetched twice stores no line twice; a re-run of the same merchant
and period replaces the run and its results, and is refused while the run's flow runs (not once that flow was
terminated in the Temporal Web UI); a page the channel failed is retried with back-off."""

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest

from activities.reconciliation import fetch_settlement_page
from domain.db import transaction
from domain.flows.reconciliation import ReconcileTally, SettlementPageIn
from domain.models.reconciliation import ReconciliationRun
from tests.conftest import own_flows, unique
from tests.integration.order_sync_support import control, running_marketplace
from tests.integration.reconciliation_support import STAFF, kinds_of, lines_of, paid_shop, runs_of

env = own_flows  # fixture: every worker on this module's own test server, the API's client pointed at it


@pytest.fixture(scope="module")
def market():
    yield from running_marketplace(history=0)


@pytest.fixture(autouse=True)
def healed(market):
    control(market, "heal")


@pytest.fixture
async def staff(login_as):
    return await login_as(*STAFF)


def period() -> dict[str, str]:
    today = datetime.now(UTC).date()
    return {"periodFrom": str(today - timedelta(days=2)), "periodTo": str(today)}


async def reconciled(client, env, staff, merchant_id: int) -> dict:
    reply = await client.post("/cms/reconciliation/start", headers=staff, json={"merchantId": merchant_id, **period()})
    assert reply.status_code == 200, reply.text
    flow = reply.json()["data"]
    assert flow["run"]["workflowId"].startswith(f"reconciliation-{merchant_id}-")
    assert flow["workflowUrl"].endswith(flow["run"]["workflowId"])
    result = await env.client.get_workflow_handle(flow["run"]["workflowId"], result_type=ReconcileTally).result()
    assert result.status == "SUCCEEDED", result
    return flow


async def test_a_run_finds_each_kind_of_difference_with_its_totals(client, env, staff, market):
    paid = await paid_shop(client, env, staff, market, ["match", "short", "over", "missing", "match"],
                           unknown=["NOSUCHORDER1"])
    flow = await reconciled(client, env, staff, paid.shop.merchant_id)
    [run] = await runs_of(paid.shop.merchant_id)
    match, short, over, missing, match2 = paid.orders
    assert await kinds_of(run.id) == {match: "MATCHED", short: "SHORT_PAID", over: "OVER_PAID", missing: "UNPAID",
                                      match2: "MATCHED", "NOSUCHORDER1": "UNKNOWN_ORDER"}
    assert (run.status, run.stage, run.shops_total, run.shops_done, run.lines_fetched) == (
        "SUCCEEDED", "DONE", 1, 1, 5)
    assert (run.matched_count, run.short_paid_count, run.over_paid_count, run.unpaid_count,
            run.unknown_order_count) == (2, 1, 1, 1, 1)
    assert run.difference == run.paid - run.expected and run.difference != Decimal(0)
    listed = (await client.post("/cms/reconciliation/item/search", headers=staff, json={
        "runId": run.id, "kind": ["SHORT_PAID", "UNPAID"], "resolved": False})).json()["data"]
    assert sorted(i["channelOrderNo"] for i in listed["items"]) == sorted([short, missing])
    unpaid = next(i for i in listed["items"] if i["kind"] == "UNPAID")
    assert Decimal(unpaid["paid"]) == 0 and Decimal(unpaid["difference"]) == -Decimal(unpaid["expected"]) < 0
    assert flow["run"]["merchantEmail"]


async def test_a_page_fetched_twice_stores_no_line_twice_and_a_rerun_replaces_the_run(client, env, staff, market):
    paid = await paid_shop(client, env, staff, market, ["match", "short", "match"])
    await reconciled(client, env, staff, paid.shop.merchant_id)
    [first] = await runs_of(paid.shop.merchant_id)
    assert await lines_of(paid.shop.shop_id) == 3
    now = datetime.now(UTC)
    again = await fetch_settlement_page(SettlementPageIn(  # the first page, as a retried activity fetches it
        run_id=first.id, shop_id=paid.shop.shop_id, since=now - timedelta(days=3), until=now))
    assert again.fetched == 3 and await lines_of(paid.shop.shop_id) == 3
    control(market, "settlements", shop=paid.shop.external, orders={paid.orders[1]: "match"})  # the channel paid up
    await reconciled(client, env, staff, paid.shop.merchant_id)
    [second] = await runs_of(paid.shop.merchant_id)
    assert second.id != first.id and await lines_of(paid.shop.shop_id) == 3
    assert set((await kinds_of(second.id)).values()) == {"MATCHED"} and await kinds_of(first.id) == {}


async def test_a_rerun_is_refused_while_the_runs_flow_runs_and_taken_once_that_flow_was_terminated(client, env, staff,
                                                                                                   market):
    paid = await paid_shop(client, env, staff, market, ["match"])
    merchant_id, days = paid.shop.merchant_id, period()
    flow = await env.client.start_workflow("stuck-reconciliation", id=unique(f"reconciliation-{merchant_id}-stuck"),
                                           task_queue=unique("nobody"))
    async with transaction() as db:
        db.add(ReconciliationRun(merchant_id=merchant_id, shop_id=None, status="RUNNING", stage="FETCHING",
                                 period_from=date.fromisoformat(days["periodFrom"]),
                                 period_to=date.fromisoformat(days["periodTo"]), workflow_id=flow.id))
    again = await client.post("/cms/reconciliation/start", headers=staff, json={"merchantId": merchant_id, **days})
    assert again.status_code == 409, again.text
    assert (again.json()["code"], again.json()["data"]["field"]) == ("RECONCILIATION_RUNNING", "periodFrom")
    await flow.terminate(reason="stuck")
    await reconciled(client, env, staff, merchant_id)
    [run] = await runs_of(merchant_id)
    assert run.workflow_id != flow.id and run.status == "SUCCEEDED"


async def test_a_failed_settlement_page_is_retried_with_backoff(client, env, staff, market):
    paid = await paid_shop(client, env, staff, market, ["match"])
    control(market, "fail-pages", count=2, status=503)
    await reconciled(client, env, staff, paid.shop.merchant_id)
    [run] = await runs_of(paid.shop.merchant_id)
    assert (run.status, run.matched_count) == ("SUCCEEDED", 1)


async def notes_of(client, staff, run_id: int) -> dict[str, tuple[str, str | None]]:
    items = (await client.post("/cms/reconciliation/item/search", headers=staff,
                               json={"runId": run_id, "pageSize": 100})).json()["data"]["items"]
    return {i["channelOrderNo"]: (i["kind"], i["resolutionNote"]) for i in items}


async def test_a_rerun_keeps_the_notes_of_the_differences_that_stand(client, env, staff, market):
    paid = await paid_shop(client, env, staff, market, ["short", "missing", "match"])
    short, missing, match = paid.orders
    await reconciled(client, env, staff, paid.shop.merchant_id)
    [first] = await runs_of(paid.shop.merchant_id)
    for number, note in ((short, "Channel fee dispute filed"), (missing, "Payout expected next cycle")):
        item = next(i for i in (await client.post("/cms/reconciliation/item/search", headers=staff, json={
            "runId": first.id, "channelOrderNo": number})).json()["data"]["items"])
        resolved = await client.post("/cms/reconciliation/item/resolve", headers=staff, json={"id": item["id"],
                                                                                          "note": note})
        assert resolved.status_code == 200, resolved.text

    control(market, "settlements", shop=paid.shop.external, orders={missing: "match"})  # the payout came
    await reconciled(client, env, staff, paid.shop.merchant_id)
    [second] = await runs_of(paid.shop.merchant_id)
    assert await notes_of(client, staff, second.id) == {
        short: ("SHORT_PAID", "Channel fee dispute filed"),  # the same difference: still resolved, with its note
        missing: ("MATCHED", None), match: ("MATCHED", None)}

    await reconciled(client, env, staff, paid.shop.merchant_id)  # and again: the note goes on with it
    [third] = await runs_of(paid.shop.merchant_id)
    assert third.id != second.id and (await notes_of(client, staff, third.id))[short] == (
        "SHORT_PAID", "Channel fee dispute filed")
