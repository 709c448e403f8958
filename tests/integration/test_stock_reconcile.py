"""Stock reconciliation on a real Temporal dev server: the `stock-reconcile` Schedule's run proves every balance
against its ledger, writes the result and the drifted pairs, tells the people who may repair (console
notification and mail, once); the audited repair rebuilds the balance from the ledger and the next run is clean."""

from __future__ import annotations

import pytest
from sqlalchemy import select, text
from temporalio.worker import Worker

from activities.stock import ensure_stock_reconcile_schedule, prove, reconcile_stock
from domain.db import transaction
from domain.enums import StockMovementType as M
from domain.flows.stock import SCHEDULE_ID, ReconcileResult
from domain.models.audit import EntityChange
from domain.models.notifications import Notification
from domain.models.stock import StockDrift, StockReconciliation
from domain.settings import get_settings
from tests.conftest import unique
from tests.integration.people import bearer, create_user, token_for
from tests.integration.stock_support import insert_warehouse, moved
from tests.integration.test_heartbeats import poll
from tests.integration.test_queue_alerts import inbox  # noqa: F401  (the SMTP sink fixture)
from workflows.stock import StockReconcileWorkflow


async def run_through_the_schedule(client) -> int:  # type: ignore[no-untyped-def]
    """Trigger the schedule, wait for that run's workflow, return its reconciliation id."""
    handle = client.get_schedule_handle(SCHEDULE_ID)
    before = (await handle.describe()).info.num_actions
    await handle.trigger()

    async def started():  # type: ignore[no-untyped-def]
        info = (await handle.describe()).info
        return info.recent_actions[-1].action if info.num_actions > before else None

    action = await poll(started, timeout=60)
    result = await client.get_workflow_handle(action.workflow_id, run_id=action.first_execution_run_id,
                                              result_type=ReconcileResult).result()
    return result.reconciliation_id


async def drifts_of(run_id: int, warehouse_id: int) -> list[StockDrift]:
    async with transaction() as db:
        return list((await db.scalars(select(StockDrift).where(StockDrift.reconciliation_id == run_id,
                                                               StockDrift.warehouse_id == warehouse_id))).all())


async def test_drift_is_found_alerted_once_and_repaired(dev_server_env, inbox, client) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    temporal = dev_server_env.client
    repairer = await create_user("stock-reconciliation", "stock#repair", "audit-log")
    headers = bearer(await token_for(repairer))
    place, sku, clean = await insert_warehouse(), unique("DRIFT"), unique("CLEAN")
    await moved(place, M.MANUAL_INBOUND, 5, sku)
    await moved(place, M.MANUAL_INBOUND, 2, clean)
    async with transaction() as db:  # what a stray write would do: the balance no longer matches its ledger
        await db.execute(text("UPDATE stock_balances SET on_hand = on_hand + 3 WHERE warehouse_id = :w AND sku = :s"),
                         {"w": place.warehouse_id, "s": sku})

    worker = Worker(temporal, task_queue=get_settings().task_queue, workflows=[StockReconcileWorkflow],
                    activities=[reconcile_stock])
    try:
        async with worker:
            await ensure_stock_reconcile_schedule(temporal)
            run_id = await run_through_the_schedule(temporal)
            found = await drifts_of(run_id, place.warehouse_id)
            assert [(d.sku, d.balance["on_hand"], d.ledger["on_hand"]) for d in found] == [(sku, 8, 5)]
            async with transaction() as db:
                notes = (await db.scalars(select(Notification).where(Notification.user_id == repairer.id))).all()
            assert [(n.kind, n.key, n.mail_sent_at is not None) for n in notes] == [
                ("STOCK_DRIFT", f"stock-drift-{run_id}", True)]
            mails = [subject for to, subject in inbox.mails if to == [repairer.email]]
            assert len(mails) == 1 and mails[0].startswith("Stock drift:")

            listed = (await client.post("/cms/stock/drift/search", headers=headers, json={
                "reconciliationId": run_id, "warehouseId": place.warehouse_id})).json()["data"]["items"]
            assert [(d["sku"], d["repairedAt"]) for d in listed] == [(sku, None)]
            repaired = await client.post("/cms/stock/balance/repair", headers=headers,
                                         json={"warehouseId": place.warehouse_id, "sku": sku})
            assert repaired.status_code == 200, repaired.text
            assert (repaired.json()["data"]["before"]["onHand"], repaired.json()["data"]["after"]["onHand"]) == (8, 5)
            async with transaction() as db:
                audited = (await db.scalars(select(EntityChange).where(
                    EntityChange.entity == "StockBalance", EntityChange.entity_id == f"{place.warehouse_id}/{sku}"))
                ).all()
            assert [(a.action, a.operator_id, a.changes["on_hand"]) for a in audited] == [
                ("repair", repairer.id, {"before": 8, "after": 5})]
            assert all(d.repaired_at is not None for d in await drifts_of(run_id, place.warehouse_id))

            again = await run_through_the_schedule(temporal)  # often within the second of the first: a run of its own
            assert again != run_id and await drifts_of(again, place.warehouse_id) == []
            async with transaction() as db:
                # Other tests of this database may have left drift of their own (stray writes they make on purpose)
                elsewhere = (await db.get_one(StockReconciliation, again)).drifted
    finally:
        await temporal.get_schedule_handle(SCHEDULE_ID).delete()
    # A run mails only when it finds drift: a clean one mails nobody.
    assert len([s for to, s in inbox.mails if to == [repairer.email]]) == (2 if elsewhere else 1)


async def test_a_retried_run_writes_one_result() -> None:
    key = unique("stock-reconcile-retry")
    first, again = await prove(key), await prove(key)
    assert again == first


async def test_repair_needs_its_permission_and_an_existing_balance(client, login_as) -> None:  # type: ignore[no-untyped-def]
    place = await insert_warehouse()
    viewer, repairer = await login_as("stock-reconciliation"), await login_as("stock-reconciliation", "stock#repair")
    body = {"warehouseId": place.warehouse_id, "sku": unique("NONE")}
    assert (await client.post("/cms/stock/balance/repair", headers=viewer, json=body)).status_code == 403
    assert (await client.post("/cms/stock/balance/repair", headers=repairer, json=body)).status_code == 404
    assert (await client.post("/cms/stock/balance/repair", headers=repairer,
                              json={**body, "warehouseId": 0})).status_code == 404


@pytest.mark.parametrize("missing", ["warehouseId", "sku"])
async def test_repair_names_a_missing_field(client, login_as, missing) -> None:  # type: ignore[no-untyped-def]
    repairer = await login_as("stock-reconciliation", "stock#repair")
    body = {"warehouseId": 1, "sku": "x"}
    del body[missing]
    reply = await client.post("/cms/stock/balance/repair", headers=repairer, json=body)
    assert reply.status_code == 422 and reply.json()["data"]["errors"][0]["field"] == missing


async def test_shelf_stock_is_proven_against_the_movements_that_named_each_shelf(client, login_as) -> None:  # type: ignore[no-untyped-def]
    place, sku, loose = await insert_warehouse(shelves=2), unique("SHELVED"), unique("LOOSE")
    first, second = place.shelves
    await moved(place, M.MANUAL_INBOUND, 5, sku, shelf_id=first)
    await moved(place, M.MOVE_SHELF, 2, sku, shelf_id=first, to_shelf_id=second)
    await moved(place, M.MANUAL_OUTBOUND, 1, sku, shelf_id=second)
    await moved(place, M.MANUAL_INBOUND, 4, sku)  # on hand without a shelf: not shelf stock
    clean = await prove(unique("shelf-clean"))
    assert await drifts_of(clean.reconciliation_id, place.warehouse_id) == []
    async with transaction() as db:  # stray writes: a shelf's figure changed, and stock on a shelf no movement put
        await db.execute(text("UPDATE shelf_stock SET quantity = quantity + 4 WHERE shelf_id = :s AND sku = :sku"),
                         {"s": first, "sku": sku})
        await db.execute(text("INSERT INTO shelf_stock (shelf_id, sku, warehouse_id, quantity) "
                              "VALUES (:s, :sku, :w, 6)"), {"s": second, "sku": loose, "w": place.warehouse_id})

    run = await prove(unique("shelf-drift"))
    found = sorted(await drifts_of(run.reconciliation_id, place.warehouse_id), key=lambda d: d.sku)
    assert [(d.sku, d.shelf_id, d.balance, d.ledger) for d in found] == sorted([
        (sku, first, {"shelf": 7}, {"shelf": 3}), (loose, second, {"shelf": 6}, {"shelf": 0})])
    assert run.drifted >= 2

    repairer = await login_as("stock-reconciliation", "stock#repair")
    listed = (await client.post("/cms/stock/drift/search", headers=repairer, json={
        "reconciliationId": run.reconciliation_id, "warehouseId": place.warehouse_id, "sku": sku})).json()["data"]
    assert [(d["shelfCode"], d["balance"], d["ledger"]) for d in listed["items"]] == [("A-00", {"shelf": 7},
                                                                                      {"shelf": 3})]
    repaired = await client.post("/cms/stock/balance/repair", headers=repairer,
                                 json={"warehouseId": place.warehouse_id, "sku": sku})
    assert repaired.status_code == 200, repaired.text
    async with transaction() as db:
        shelf = (await db.execute(text("SELECT quantity FROM shelf_stock WHERE shelf_id = :s AND sku = :sku"),
                                  {"s": first, "sku": sku})).scalar()
        audited = (await db.scalars(select(EntityChange).where(
            EntityChange.entity == "StockBalance", EntityChange.entity_id == f"{place.warehouse_id}/{sku}"))).one()
    assert shelf == 3
    assert audited.changes["shelves"] == {"before": {"A-00": 7}, "after": {"A-00": 3}}
    after = await drifts_of((await prove(unique("shelf-after"))).reconciliation_id, place.warehouse_id)
    assert [(d.sku, d.shelf_id) for d in after] == [(loose, second)]  # not repaired yet: its own pair
