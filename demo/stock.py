"""Demo stock for a first `make run`, after the demo merchants: the demo WMS merchants' warehouses, shelves and
products (domain/seed/demo_warehouses.py), each SKU's history of movements, inbound and outbound orders in the
statuses of SPEC §4 (with their actions and the movements each booked; the sales outbound orders fulfil channel
orders of the merchant's store, which the product flow names) and shelf merges, one finished and one
cancelled part-way. Every unit moves through the stock ledger's primitive `move`, so every balance and shelf equals
its ledger. It lives in demo/ because domain may not depend on the stock ledger; the start's seeding step
(api/prestart.py `seed`) calls it in the transaction after the demo data."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import (
    OutboundWorkingStatus,
    PrintStatus,
    ShelfMergeItemState,
    ShelfMergeState,
    StockMovementType,
    StockOrderDirection,
    StockOrderType,
    WarehouseDocumentStatus,
    WarehousePushStatus,
)
from domain.models.merchants import Shop
from domain.models.shelf_merges import ShelfMerge, ShelfMergeItem
from domain.models.stock import ShelfStock
from domain.models.stock_orders import StockOrder, StockOrderAction, StockOrderLine
from domain.rules import shelf_merges as merge_rules
from domain.rules import stock_orders as rules
from domain.rules.stock import Movement
from domain.seed import demo_warehouses
from domain.seed.demo_warehouses import DemoSite
from services.stock.store import move

S, W, P = WarehouseDocumentStatus, OutboundWorkingStatus, WarehousePushStatus
IN, OUT = StockOrderDirection.INBOUND, StockOrderDirection.OUTBOUND
M = StockMovementType
ACTOR = "demo"


@dataclass(frozen=True)
class Story:
    """An order's life: its type, what happens to it after it is created, and where it ends."""

    order_type: StockOrderType
    steps: tuple[str, ...]  # "push", "half" (receive or ship half), "all" (the rest), "release" (cancel or void)


STORIES = [
    Story(StockOrderType.PURCHASE_INBOUND, ()),                                  # CREATE
    Story(StockOrderType.PURCHASE_INBOUND, ("push",)),                           # PENDING
    Story(StockOrderType.RETURN_INBOUND, ("push", "half")),                      # PART_COMPLETE
    Story(StockOrderType.TRANSFER_INBOUND, ("push", "half", "all")),             # COMPLETE
    Story(StockOrderType.PURCHASE_INBOUND, ("release",)),                        # INVALID
    Story(StockOrderType.SALES_OUTBOUND, ()),                                    # CREATE
    Story(StockOrderType.SALES_OUTBOUND, ("push",)),                             # PENDING
    Story(StockOrderType.SALES_OUTBOUND, ("push", "half", "all")),               # COMPLETE
    Story(StockOrderType.TRANSFER_OUTBOUND, ("push", "half", "release")),        # PART_INVALID
    Story(StockOrderType.SUPPLIER_RETURN_OUTBOUND, ("release",)),                # INVALID
]
PROGRESSES = {IN: M.RECEIVE_INBOUND, OUT: M.PACKAGE_OUTBOUND}
RELEASES = {IN: M.CANCEL_INBOUND, OUT: M.RELEASE_OUTBOUND}


async def create(db: AsyncSession) -> None:
    rng = random.Random(14)
    sites = await demo_warehouses.create(db, rng)
    for site in sites:
        for sku in site.skus:
            for movement in demo_warehouses.history(site.warehouse.id, sku, site.shelves, rng):
                await move(db, movement)
        shop = await db.scalar(select(Shop).where(Shop.merchant_id == site.merchant.id, Shop.bound)
                               .order_by(Shop.id).limit(1))
        for number, story in enumerate(STORIES, start=1):
            await _order(db, site, story, number, rng, shop)
    for site, finished in zip(sites, [True, False], strict=False):
        await _merge(db, site, finished)


async def _order(db: AsyncSession, site: DemoSite, story: Story, number: int, rng: random.Random,
                 shop: Shop | None) -> None:
    direction = rules.direction_of(story.order_type)
    outbound = direction == OUT
    skus = sorted(rng.sample(site.skus, 2))
    order_id: int = (await db.execute(select(func.nextval("stock_orders_id_seq")))).scalar_one()
    created = datetime.now(UTC) - timedelta(days=len(STORIES) - number, hours=rng.randrange(24))
    row = StockOrder(
        id=order_id, order_no=rules.generated_no(direction, created.strftime("%Y%m%d"), order_id),
        merchant_id=site.merchant.id, warehouse_id=site.warehouse.id, direction=direction,
        order_type=story.order_type, status=S.CREATE, working_status=W.CREATE if outbound else None,
        push_status=P.NORMAL, print_status=PrintStatus.NOT_PRINTED if outbound else None,
        actual_quantity=0, revision=0, logistic_no=f"JP{order_id:010d}" if outbound else None,
        remark="Demo order", created_at=created,
        lines=[StockOrderLine(sku=sku, planned=rng.randrange(2, 7) * 2, done=0) for sku in skus])
    if shop is not None and story.order_type == StockOrderType.SALES_OUTBOUND:  # a buyer's order in the store
        row.shop_id, row.channel_order_no = shop.id, f"{created:%y%m%d}{str(shop.channel)[:2]}{order_id:08d}"
        row.channel_ordered_at = created - timedelta(minutes=45)
    row.planned_quantity = sum(line.planned for line in row.lines)
    db.add(row)
    await db.flush()
    opens = M.LOCK_OUTBOUND if outbound else M.PLAN_INBOUND
    await _book(db, row, [(line, opens, line.planned, rules.open_key(row.id, line.id)) for line in row.lines])
    _remember(db, row, "CREATE", [line.planned for line in row.lines])
    for step in story.steps:
        await _step(db, row, step, site.shelves[0])


async def _step(db: AsyncSession, row: StockOrder, step: str, shelf: int) -> None:
    """One action as the order screens take it (services/stock/orders.py), booked through the ledger; a receipt
    goes onto `shelf`, a shipment leaves from no shelf in particular."""
    outbound = row.direction == OUT
    if step == "push":
        row.status, row.push_status = S.PENDING, P.SUCCESS
        if outbound:
            row.working_status, row.print_status = W.SYNC_SUCCESS, PrintStatus.PRINTED
        action, quantities = "PUSH", []
    elif step == "release":
        quantities = [line.planned - line.done for line in row.lines]
        await _book(db, row, [(line, RELEASES[row.direction], qty, rules.release_key(row.id, line.id))
                              for line, qty in zip(row.lines, quantities, strict=True) if qty])
        row.status = rules.status_after_release([rules.Line(li.planned, li.done) for li in row.lines])
        action = "VOID" if outbound else "CANCEL"
    else:
        quantities = [line.planned // 2 if step == "half" else line.planned - line.done for line in row.lines]
        await _book(db, row, [(line, PROGRESSES[row.direction], qty, rules.progress_key(row.id, row.revision, line.id))
                              for line, qty in zip(row.lines, quantities, strict=True) if qty], shelf=shelf)
        for line, qty in zip(row.lines, quantities, strict=True):
            line.done += qty
        row.actual_quantity = sum(line.done for line in row.lines)
        row.status = rules.status_after_progress([rules.Line(li.planned, li.done) for li in row.lines], row.status)
        if outbound and row.status == S.COMPLETE:
            row.working_status = W.OUTBOUND_DONE
        action = "SHIP" if outbound else "RECEIVE"
    row.revision += 1
    _remember(db, row, action, quantities)


async def _book(db: AsyncSession, row: StockOrder, moves: list[tuple[StockOrderLine, M, int, str]],
                shelf: int | None = None) -> None:
    for line, kind, quantity, key in moves:
        await move(db, Movement(warehouse_id=row.warehouse_id, sku=line.sku, type=kind, quantity=quantity,
                                idempotency_key=key, reason=str(row.order_type), document_no=row.order_no,
                                actor_name=ACTOR, shelf_id=shelf if kind == M.RECEIVE_INBOUND else None))


def _remember(db: AsyncSession, row: StockOrder, action: str, quantities: list[int]) -> None:
    db.add(StockOrderAction(order_id=row.id, order_no=row.order_no, revision=row.revision, action=action,
                            quantities=quantities, status_after=str(row.status), operator_name=ACTOR))


@dataclass(frozen=True)
class MergeTimes:
    created: datetime
    started: datetime
    moves: list[datetime]  # one a SKU moved, in turn (a cancelled merge: its one move, then the cancel asked)
    finished: datetime


def merge_times(now: datetime, moves: int) -> MergeTimes:
    """A demo merge as a run lasts (SPEC §4: 3 to 5 minutes): asked, started a moment later, its moves spread over
    the run, finished just now; never started before it was asked nor finished before its last move."""
    created = now - timedelta(minutes=4, seconds=10)
    started = created + timedelta(seconds=5)
    step = timedelta(minutes=4) / max(moves + 1, 2)
    return MergeTimes(created, started, [started + step * (n + 1) for n in range(max(moves, 1))], now)


async def _merge(db: AsyncSession, site: DemoSite, finished: bool) -> None:
    """A merge of the two shelves holding the most SKUs onto the emptiest one: finished (every SKU moved), or
    cancelled after its first SKU (what moved stays moved, the rest stays PENDING)."""
    held = dict((await db.execute(
        select(ShelfStock.shelf_id, func.count()).where(ShelfStock.warehouse_id == site.warehouse.id,
                                                        ShelfStock.quantity > 0)
        .group_by(ShelfStock.shelf_id))).all())
    ranked = sorted(site.shelves, key=lambda s: (-held.get(s, 0), s))
    sources, target = sorted(ranked[:2]), ranked[-1]
    on = (await db.execute(select(ShelfStock.shelf_id, ShelfStock.sku, ShelfStock.quantity).where(
        ShelfStock.shelf_id.in_(sources), ShelfStock.quantity > 0).order_by(ShelfStock.shelf_id, ShelfStock.sku))).all()
    times = merge_times(datetime.now(UTC), len(on) if finished else 1)
    merge = ShelfMerge(warehouse_id=site.warehouse.id, source_shelf_ids=sources, target_shelf_id=target,
                       state=ShelfMergeState.COMPLETED if finished else ShelfMergeState.CANCELLED, total=len(on),
                       moved=0, skipped=0, batches=1, attempt=1, created_at=times.created, started_at=times.started,
                       finished_at=times.finished,
                       cancel_requested_at=None if finished else times.moves[-1] + timedelta(seconds=10))
    db.add(merge)
    await db.flush()
    for index, (shelf, sku, quantity) in enumerate(on):
        item = ShelfMergeItem(merge_id=merge.id, shelf_id=shelf, sku=sku, planned=quantity)
        if finished or index == 0:
            moved = await move(db, Movement(
                warehouse_id=site.warehouse.id, sku=sku, type=M.MOVE_SHELF, quantity=quantity,
                idempotency_key=merge_rules.item_key(merge.id, shelf, sku), shelf_id=shelf, to_shelf_id=target,
                reason=f"Shelf merge #{merge.id}", actor_name=ACTOR))
            item.state, item.quantity, item.batch, item.change_id, item.moved_at = (
                ShelfMergeItemState.MOVED, quantity, 1, moved.change_id, times.moves[index])
            merge.moved += 1
        db.add(item)
    await db.flush()
