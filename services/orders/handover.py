"""A READY channel order handed to its warehouse, in packages (services/orders/packing.py), and shipped:

- `into_warehouse` (the console's To warehouse, `to_warehouse`): the order's reservation is released to its
  packages, new outbound orders of the warehouse's order process whose own locks take its place (each line once,
  by its handover key). The orders of the same buyer its merchant merges go in the same packages; each package is
  linked to every channel order it carries (`order_parcels`).
- SHIP (`on_ship`, the transition's hook): the packages are created as above when the order has none (not merged:
  staff ship this order), and what remains of them ships through the outbound path (PACKAGE_OUTBOUND). Another
  order carried in them, with no package of its own left in the warehouse, ships with it (`ship_carried`).
- A package leaving the warehouse (services/wms_orders `ship`) ships each order it carries whose last package it
  was (`ship_carried`).
- CANCEL (`on_cancel`, the transition's hook): the order's packages are withdrawn until the warehouse packs one, a
  package it shares with merged orders re-made for them without its goods, and its reservation released."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Select, select, tuple_, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from domain.enums import OrderAction, OrderEventKind, OrderStatus
from domain.errors import DomainError
from domain.i18n import t
from domain.models.interception import OrderLineStock
from domain.models.orders import Order
from domain.models.stock_orders import CARRIED_ORDER, OrderParcel, StockOrder, StockOrderLine
from domain.rules import interception as rules
from domain.rules import stock_orders as order_rules
from domain.rules import wms_orders as wms_rules
from domain.rules.interception import LineStock
from services import wms_orders
from services.actors import Actor
from services.orders import packing, timeline
from services.orders.fulfilment import lines_of, release_held, warehouse_of
from services.orders.outbound import EVERYWHERE, SYSTEM
from services.stock import orders as stock_orders


async def into_warehouse(db: AsyncSession, order: Order, actor: Actor | None = None) -> list[StockOrder]:
    """The order's open packages, else new ones with the orders its merchant merges into them."""
    return await _hand_over(db, actor or SYSTEM, order, into_process=True)


async def to_warehouse(db: AsyncSession, actor: Actor | None, order_id: int) -> list[StockOrder]:
    """The console's hand-over of a READY order to its warehouse's order process (`into_warehouse`); an order in
    any other state is refused, naming it."""
    from services.orders import lock  # the store calls this package's hooks
    order = await lock(db, order_id)
    if order.status != OrderStatus.READY:
        raise DomainError("ORDER_NOT_READY", status=409, orderNo=order.channel_order_no,
                          current=order_rules.label(OrderStatus(order.status)))
    return await into_warehouse(db, order, actor)


async def on_ship(db: AsyncSession, order: Order, actor: Actor | None = None) -> list[StockOrder]:
    """The order's packages (made now when it has none) ship what remains of them; the order's lines are marked
    shipped by the package carrying each, and the other orders those packages carried ship with it."""
    user = actor or SYSTEM
    parcels = await _hand_over(db, user, order, into_process=False)
    shipped = False
    for parcel in parcels:
        if parcel.status not in order_rules.COMPLETED:
            await db.refresh(parcel, ["lines"])
            remaining = order_rules.released(stock_orders.lines_of(parcel))
            if any(remaining):
                await stock_orders.progress(db, user, EVERYWHERE, order_rules.Action.SHIP, parcel.id,
                                            parcel.revision, remaining)
                shipped = True
    await db.execute(update(OrderLineStock).where(
        OrderLineStock.order_id == order.id, OrderLineStock.sku == StockOrderLine.sku,
        StockOrderLine.order_id.in_([parcel.id for parcel in parcels])).values(
        state=LineStock.SHIPPED, stock_order_id=StockOrderLine.order_id))
    if shipped:  # only the call that shipped goods moves the orders sharing them: theirs find nothing left
        await ship_carried(db, actor, parcels, note=t("fulfilment.shipped_with", orderNo=order.channel_order_no),
                           but=order.id)
    return parcels


async def ship_carried(db: AsyncSession, actor: Actor | None, parcels: Sequence[StockOrder],
                       note: str | None = None, but: int | None = None) -> None:
    """Each READY channel order these packages carry (but the one shipping them) ships once none of its packages
    is left in the warehouse (its SHIP joins its packages and ships what remains)."""
    from services.orders import transition  # the transition calls this module's hooks
    carried = (await db.execute(select(OrderParcel.order_id, OrderParcel.ordered_at).where(
        OrderParcel.stock_order_id.in_([parcel.id for parcel in parcels]), OrderParcel.order_id != but)
        .distinct().order_by(OrderParcel.order_id))).all()
    shipping = [parcel.id for parcel in parcels]
    for order_id, ordered_at in carried:
        ready = await db.scalar(select(Order.status == OrderStatus.READY).where(
            Order.id == order_id, Order.ordered_at == ordered_at))  # an earlier one may have shipped it
        if ready and not await _left_in_warehouse(db, order_id, shipping):
            await transition(db, actor, order_id, OrderAction.SHIP, note=note)


async def on_cancel(db: AsyncSession, order: Order, actor: Actor | None = None) -> str | None:
    """The cancel's part in the warehouse (the transition's hook), then the standing reservation released once. The
    order's packages are withdrawn with it while the warehouse has packed none, their locks released once through
    the ledger; a packed or shipped package refuses the cancel, naming its WMS state (services/wms_orders.withdraw):
    only the warehouse may still stop it. A package that also carries orders merged with this one is withdrawn too
    and re-made for them without this order's goods (`_repack`); the answer, for the cancel's timeline entry,
    names the packages so re-made. The transaction keeps nothing of a refused cancel."""
    user = actor or SYSTEM
    parcels = await _locked_now(db, packing.open_parcels(order.id, order.warehouse_id))
    carried = await packing.carried_with(db, [parcel.id for parcel in parcels], order.id)
    remade: list[tuple[StockOrder, StockOrder]] = []
    for parcel in parcels:
        others = [number for parcel_id, number, status in carried
                  if parcel_id == parcel.id and status != OrderStatus.CANCELLED]
        why = wms_rules.channel_cancel_refusal(wms_orders.state_of(parcel))
        if others and why is not None:
            raise DomainError("ORDER_CANCEL_MERGED", status=409, orderNo=order.channel_order_no,
                              wmsOrderNo=parcel.order_no, others=", ".join(others), current=why)
        await wms_orders.withdraw(db, user, EVERYWHERE, parcel, order.channel_order_no)  # its lines read
        if others:
            remade.append((parcel, await _repack(db, user, parcel, order, len(others))))
    await release_held(db, actor, order)
    if not remade:
        return None
    return t("fulfilment.taken_out", packages=", ".join(old.order_no for old, _ in remade),
             into=", ".join(new.order_no for _, new in remade))


async def _locked_now(db: AsyncSession, parcels: Select[Any]) -> list[StockOrder]:
    """The packages locked, or the cancel refused at once (try again) when another call holds one: that call (a
    hand-over shipping the orders a package carries) may be waiting for this order, so waiting for it could
    deadlock."""
    locked = list((await db.scalars(parcels.with_for_update(of=StockOrder, skip_locked=True))).all())
    busy = (await db.scalars(parcels.with_only_columns(StockOrder.order_no).where(
        StockOrder.id.not_in([row.id for row in locked])).limit(1))).first()
    if busy is not None:
        raise DomainError("ORDER_PACKAGE_BUSY", status=409, wmsOrderNo=busy)
    return locked


async def _repack(db: AsyncSession, user: Actor, parcel: StockOrder, leaving: Order, expected: int) -> StockOrder:
    """The withdrawn package's goods less the leaving order's, in a new package for the orders it still carries
    (named after the first of them), their timelines saying so. Another call changing one of those orders at the
    same moment refuses this one (try again), rather than both waiting on each other."""
    staying = list((await db.scalars(select(Order).join(OrderParcel, CARRIED_ORDER).where(
        OrderParcel.stock_order_id == parcel.id, Order.id != leaving.id, Order.status != OrderStatus.CANCELLED)
        .order_by(Order.ordered_at, Order.id).with_for_update(of=Order, skip_locked=True)
        .execution_options(populate_existing=True))).all())
    if len(staying) != expected:
        raise DomainError("ORDER_PACKAGE_BUSY", status=409, wmsOrderNo=parcel.order_no)
    taken: dict[str, int] = defaultdict(int)
    for line in await lines_of(db, leaving):
        taken[line.sku] += line.quantity
    row = await _packaged(db, user, packing.package(staying, parcel.warehouse_id, (
        (line.sku, line.planned - taken[line.sku]) for line in parcel.lines if line.planned > taken[line.sku])))
    for other in staying:
        await timeline.note(db, other, OrderEventKind.TO_WAREHOUSE, user, t(
            "fulfilment.repacked", package=parcel.order_no, orderNo=leaving.channel_order_no, into=row.order_no))
    return row


async def parcels_of(db: AsyncSession, order: Order) -> list[tuple[StockOrder, list[str]]]:
    """The packages the order was handed to, in any state, with their lines, and the numbers of the other channel
    orders each carries."""
    rows = list((await db.scalars(select(StockOrder).join(OrderParcel, OrderParcel.stock_order_id == StockOrder.id)
                                  .where(OrderParcel.order_id == order.id)
                                  .options(selectinload(StockOrder.lines)).order_by(StockOrder.id))).all())
    others = await packing.carried_with(db, [row.id for row in rows], order.id)
    return [(row, [number for parcel_id, number, _ in others if parcel_id == row.id]) for row in rows]


async def _hand_over(db: AsyncSession, user: Actor, order: Order, *, into_process: bool) -> list[StockOrder]:
    """The order's open packages; else its reservation is released to new ones, whose own locks take its place.
    Handed into the order process, the orders of the same buyer its merchant merges go along, and each timeline
    names its packages."""
    warehouse_id = order.warehouse_id or await warehouse_of(db, order)
    parcels = list((await db.scalars(packing.open_parcels(order.id, warehouse_id)
                                     .with_for_update(of=StockOrder))).all())
    await release_held(db, user, order, rules.handover_key)
    if parcels:
        return parcels
    how = await packing.packing_of(db, order.merchant_id)
    group = [order]
    if into_process and how.merge_window is not None:
        group += await packing.companions(db, order, warehouse_id, how.merge_window)
    for companion in group[1:]:
        await release_held(db, user, companion, rules.handover_key)
    made = [(await _packaged(db, user, parcel), parcel.orders) for parcel in packing.parcels(
        [(member, await lines_of(db, member)) for member in group], warehouse_id, how)]
    if into_process:  # the timeline of each order handed over names its packages
        for member in group:
            await _noted(db, user, member, made)
    return [row for row, _ in made]


async def _packaged(db: AsyncSession, user: Actor, parcel: packing.Parcel) -> StockOrder:
    """The package's outbound order (locking its goods), linked to every channel order it carries."""
    row = await stock_orders.create(db, user, EVERYWHERE, parcel.body)  # linked to the order it names
    others = [(member.id, member.ordered_at) for member in parcel.orders[1:]]
    if others:
        await stock_orders.link_channel_orders(db, row.id, select(Order.id, Order.ordered_at).where(
            tuple_(Order.id, Order.ordered_at).in_(others)))
    return row


async def _noted(db: AsyncSession, user: Actor, order: Order, made: list[tuple[StockOrder, list[Order]]]) -> None:
    """The order's timeline names its packages and the orders merged with it."""
    packages = [row.order_no for row, carried in made if order in carried]
    merged = sorted({other.channel_order_no for row, carried in made if order in carried
                     for other in carried if other is not order})
    text = t("fulfilment.to_warehouse", packages=", ".join(packages))
    if merged:
        text = t("fulfilment.to_warehouse_merged", packages=", ".join(packages), orders=", ".join(merged))
    await timeline.note(db, order, OrderEventKind.TO_WAREHOUSE, user, text)


async def _left_in_warehouse(db: AsyncSession, order_id: int, leaving: Sequence[int]) -> bool:
    """A package of the order other than those leaving has still to leave the warehouse."""
    return await db.scalar(select(StockOrder.id).join(OrderParcel, OrderParcel.stock_order_id == StockOrder.id).where(
        OrderParcel.order_id == order_id, StockOrder.id.not_in(leaving),
        StockOrder.status.in_(order_rules.OPEN)).limit(1)) is not None
