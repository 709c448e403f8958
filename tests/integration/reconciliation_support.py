"""The reconciliation tests' pieces: a merchant's shop on the demo marketplace (tests/integration/order_sync_support)
with orders synced into the console, each given the payout outcome a test wants."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select

from domain.db import transaction
from domain.flows.order_sync import SyncTally
from domain.models.reconciliation import ReconciliationItem, ReconciliationRun, SettlementLine
from launcher.marketplace import Marketplace
from tests.integration.order_sync_support import SyncShop, control, sync_shop

STAFF = ("financial-reconciliation", "reconciliation#run", "reconciliation#resolve", "reconciliation#export",
         "order-sync#view", "order-sync#run", "oms-shop", "temporal#operate")


@dataclass(frozen=True)
class PaidShop:
    shop: SyncShop
    orders: list[str]  # channel order numbers, in the order their outcomes were given


async def paid_shop(client: Any, env: Any, staff: dict[str, str], market: Marketplace,
                    outcomes: list[str], unknown: list[str] | None = None) -> PaidShop:
    """A shop with one order per outcome ('match', 'short', 'over', 'missing') ordered ten hours ago (paid out
    since), synced into the console, and payouts for the `unknown` order numbers."""
    shop = await sync_shop()
    at = (datetime.now(UTC) - timedelta(hours=10)).isoformat()
    made = control(market, "orders", shop=shop.external, count=len(outcomes), at=at)["orders"]
    numbers = [o["orderNo"] for o in made]
    control(market, "settlements", shop=shop.external, orders=dict(zip(numbers, outcomes, strict=True)),
            unknown=unknown or [])
    reply = await client.post("/cms/order-sync/sync", headers=staff, json={"shopId": shop.shop_id})
    assert reply.status_code == 200, reply.text
    await env.client.get_workflow_handle(reply.json()["data"]["workflowId"], result_type=SyncTally).result()
    return PaidShop(shop, numbers)


async def lines_of(shop_id: int) -> int:
    async with transaction() as db:
        return await db.scalar(select(func.count()).where(SettlementLine.shop_id == shop_id)) or 0


async def runs_of(merchant_id: int) -> list[ReconciliationRun]:
    async with transaction() as db:
        return list((await db.scalars(select(ReconciliationRun).where(ReconciliationRun.merchant_id == merchant_id)
                                      .order_by(ReconciliationRun.id))).all())


async def kinds_of(run_id: int) -> dict[str, str]:
    async with transaction() as db:
        rows = (await db.execute(select(ReconciliationItem.channel_order_no, ReconciliationItem.kind)
                                 .where(ReconciliationItem.run_id == run_id))).all()
    return {number: kind for number, kind in rows}


async def reconciliation_scope_rows(merchant_ids: list[int], shop_ids: list[int],
                                    mark: str) -> dict[str, tuple[Any, ...]]:
    """For the data-authority walk: a finished run with one short-paid order of a merchant inside the scope and
    one outside, as (inside ids, outside ids, shown markers, hidden markers, search body)."""
    runs, items = [], []
    today = datetime.now(UTC).date()
    async with transaction() as db:
        for merchant_id, shop_id, n in zip(merchant_ids, shop_ids, ("in", "out"), strict=True):
            run = ReconciliationRun(merchant_id=merchant_id, shop_id=shop_id, period_from=today, period_to=today,
                                    status="SUCCEEDED", stage="DONE", workflow_id=f"reconciliation-{mark}{n}run",
                                    short_paid_count=1, finished_at=func.now())
            db.add(run)
            await db.flush()
            item = ReconciliationItem(run_id=run.id, merchant_id=merchant_id, shop_id=shop_id, kind="SHORT_PAID",
                                      channel_order_no=f"{mark}{n}item", expected=Decimal(10), paid=Decimal(9),
                                      difference=Decimal(-1))
            db.add(item)
            await db.flush()
            runs.append(run.id)
            items.append(item.id)
    return {"ReconciliationRun": (runs[:1], runs[1:], [f"{mark}inrun"], [f"{mark}outrun"], {}),
            "ReconciliationItem": (items[:1], items[1:], [f"{mark}initem"], [f"{mark}outitem"], {})}
