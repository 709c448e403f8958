"""The order sync flow's writes (workflows/order_sync.py, through activities/order_sync.py) and its starts.

A run is recorded once per workflow id. It pulls the orders the shop's channel changed in [cursor - overlap,
the run's start): the overlap window takes again what a channel stamped with a clock behind ours, and ingesting an
order twice changes nothing (services/orders.upsert_channel_order, keyed by shop and channel order number). A page
is one transaction: the orders the console refuses (unreadable, outside the order rules) are recorded as the run's
failures, and the rest go in together, a few statements for the page (services/orders/page.py: its keys in one
INSERT .. ON CONFLICT, the new orders, lines and timeline entries in one each, the known ones read in one and only
the changed ones written). If the database refuses any of that, the page's savepoint is rolled back and its orders
go in one by one, each in its own savepoint, so one bad order is the run's failure and the rest go in. An order
ingested later (a retry, or a later run) resolves its earlier failures. The cursor and the shop's latest order sync
time move when a run ends without a failed page.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.common import SearchAttributePair, TypedSearchAttributes

from domain.db import transaction
from domain.enums import Country, Currency, ShopConnectionStatus
from domain.enums.order_sync import OrderSyncKind, OrderSyncStatus
from domain.errors import DomainError
from domain.flows import ended_unfinished
from domain.flows.order_sync import (
    SHOP_ID,
    WORKFLOW,
    BeginSync,
    OrderSyncStart,
    PageDone,
    SyncBegun,
    SyncFinish,
    SyncPage,
    SyncTally,
    manual_workflow_id,
    retry_workflow_id,
)
from domain.flows.orders import ChannelOrder, ChannelOrderLine
from domain.models.goods_sync import ProductSyncRun
from domain.models.merchants import Shop
from domain.models.order_sync import OrderSyncCursor, OrderSyncFailure, OrderSyncRun
from domain.rules.order_sync import NOT_SYNCABLE, RETRY_SUCCEEDED, SHOP_DELETED, SOME_ORDERS_FAILED, SYNC_FAILED
from domain.settings import get_settings
from services.channels import ShopRef, Unreadable, adapter_for
from services.channels.wire import ChannelOrderIn
from services.flows import flow_status, rpc_timeout
from services.orders import checked, enter_page, upsert_channel_order

SYNC_RUNNING = OrderSyncStatus.RUNNING  # the same value in product sync runs (ProductSyncStatus)


def syncable(shop: Shop) -> bool:
    """A shop whose orders are pulled: bound to its merchant and connected to its channel."""
    return bool(shop.bound) and shop.connection_status == ShopConnectionStatus.CONNECTED


async def close_lost(model: type[OrderSyncRun] | type[ProductSyncRun], workflow_id: str,
                     status: WorkflowExecutionStatus | None) -> bool:
    """The run of this flow, while still recorded running, closed as failed saying how its flow ended (terminated
    or cancelled in the Temporal Web UI, timed out, forgotten: `status`); whether it was."""
    async with transaction() as db:
        closed = await db.scalar(update(model).where(model.workflow_id == workflow_id, model.status == SYNC_RUNNING)
                                 .values(status=OrderSyncStatus.FAILED, finished_at=func.now(),
                                         message=f"{SYNC_FAILED}: {ended_unfinished(status)}").returning(model.id))
    return closed is not None


async def close_gone(client: Client, model: type[OrderSyncRun] | type[ProductSyncRun], shop_id: int, *,
                     before: int | None = None) -> bool:
    """The shop's runs recorded running (those begun before run `before`) whose flow no longer runs, closed
    (`close_lost`); whether any of them still runs. Temporal is asked with no transaction open."""
    async with transaction() as db:
        query = select(model.workflow_id).where(model.shop_id == shop_id, model.status == SYNC_RUNNING)
        workflow_ids = (await db.scalars(query if before is None else query.where(model.id < before))).all()
    live = False
    for workflow_id in workflow_ids:
        status = await flow_status(client, workflow_id)
        if status == WorkflowExecutionStatus.RUNNING:
            live = True
        else:
            await close_lost(model, workflow_id, status)
    return live


async def begin(client: Client, b: BeginSync) -> SyncBegun:
    """The run of this workflow id (recorded once), with the window it pulls; the shop's earlier runs whose flow
    is gone are closed."""
    settings = get_settings()
    async with transaction() as db:
        shop = await db.get(Shop, b.start.shop_id)
        if shop is None:  # deleted since the schedule fired: nothing to record against
            return SyncBegun(run_id=0, since=None, until=b.now, page_size=0, skip=SHOP_DELETED)
        cursor = await db.scalar(select(OrderSyncCursor.synced_until).where(OrderSyncCursor.shop_id == shop.id))
        retry = b.start.kind == OrderSyncKind.RETRY
        since = None if cursor is None or retry else cursor - timedelta(minutes=settings.order_sync_overlap_minutes)
        run_id = await db.scalar(insert(OrderSyncRun).values(
            shop_id=shop.id, merchant_id=shop.merchant_id, channel=str(shop.channel), country=str(shop.country),
            kind=b.start.kind, status=OrderSyncStatus.RUNNING, workflow_id=b.workflow_id,
            retry_of=b.start.retry_of, since=since, until=b.now, pages=0, fetched=0, created_count=0,
            updated_count=0, failed_count=0).on_conflict_do_nothing(index_elements=["workflow_id"])
            .returning(OrderSyncRun.id))
        run = await db.scalar(select(OrderSyncRun).where(OrderSyncRun.workflow_id == b.workflow_id)) \
            if run_id is None else await db.get(OrderSyncRun, run_id)
        assert run is not None
        skip = None if syncable(shop) else NOT_SYNCABLE
        begun = SyncBegun(run_id=run.id, since=run.since, until=run.until or b.now,
                          page_size=settings.order_sync_page_size, skip=skip)
    await close_gone(client, OrderSyncRun, shop.id, before=run.id)
    return begun


def to_channel_order(order: ChannelOrderIn) -> ChannelOrder:
    a, buyer = order.address, order.buyer
    return ChannelOrder(
        channel_order_no=order.order_no, ordered_at=order.ordered_at, channel_updated_at=order.updated_at,
        paid_at=order.paid_at, cancelled=order.status.upper() == "CANCELLED",
        lines=[ChannelOrderLine(sku=x.sku, quantity=x.quantity, unit_price=x.unit_price, product_name=x.name,
                                variant=x.variant) for x in order.lines],
        buyer_name=buyer.name, buyer_phone=buyer.phone, buyer_email=buyer.email, recipient_name=a.recipient,
        recipient_phone=a.phone, address_line1=a.line1, address_line2=a.line2, city=a.city, province=a.province,
        postcode=a.postcode,
        address_country=Country(a.country) if a.country and a.country in Country.__members__ else None,
        awb=order.awb, courier=order.courier,
        currency=Currency(order.currency) if order.currency in Currency.__members__ else None,
        shipping_fee=order.shipping_fee, insurance=order.insurance, subtotal=order.subtotal, total=order.total)


@dataclass
class Counts:
    fetched: int = 0
    created: int = 0
    updated: int = 0
    failed: int = 0


async def record_failure(db: AsyncSession, run: OrderSyncRun, number: str, reason: str) -> None:
    await db.execute(insert(OrderSyncFailure).values(
        run_id=run.id, shop_id=run.shop_id, merchant_id=run.merchant_id, channel_order_no=number[:64],
        reason=reason[:500]).on_conflict_do_update(
        index_elements=["run_id", "channel_order_no"], set_={"reason": reason[:500], "failed_at": func.now()}))


def reason_of(exc: Exception) -> str:
    if isinstance(exc, DomainError):
        return f"{exc.code}: {exc.params}" if getattr(exc, "params", None) else str(exc.code)
    if isinstance(exc, DBAPIError):
        return f"refused by the database: {str(exc.orig).splitlines()[0]}"
    return f"{type(exc).__name__}: {exc}"


async def ingest(db: AsyncSession, shop: Shop, run: OrderSyncRun, orders: Sequence[ChannelOrderIn | Unreadable],
                 counts: Counts) -> None:
    """A page's orders: each one the console refuses (unreadable, or outside the order rules) recorded as the run's
    failure; the others entered together (services/orders.enter_page) after a savepoint, or, when the database
    refuses any of that, one by one; then the earlier runs' failures of the orders ingested now are resolved, in
    one statement."""
    counts.fetched += len(orders)
    accepted: list[tuple[str, ChannelOrder]] = []
    for order in orders:
        if isinstance(order, Unreadable):
            await failed(db, run, counts, order.channel_order_no, order.reason)
            continue
        try:
            accepted.append((order.order_no, checked(to_channel_order(order))))
        except (DomainError, ValueError) as exc:
            await failed(db, run, counts, order.order_no, reason_of(exc))
    created = await together(db, shop, [order for _, order in accepted])
    if created is None:
        ingested = await one_by_one(db, shop, run, accepted, counts)
    else:
        counts.created += sum(created)
        counts.updated += len(created) - sum(created)
        ingested = [number for number, _ in accepted]
    if ingested:
        await db.execute(update(OrderSyncFailure).where(
            OrderSyncFailure.shop_id == shop.id, OrderSyncFailure.channel_order_no.in_(ingested),
            OrderSyncFailure.resolved_at.is_(None), OrderSyncFailure.run_id != run.id)
            .values(resolved_at=func.now(), resolved_by=run.id))


async def failed(db: AsyncSession, run: OrderSyncRun, counts: Counts, number: str, reason: str) -> None:
    await record_failure(db, run, number, reason)
    counts.failed += 1


async def together(db: AsyncSession, shop: Shop, orders: list[ChannelOrder]) -> list[bool] | None:
    """Whether each order was created, all entered in a few statements; None (and nothing written) when the
    database refused some of it, or when the page names an order twice: then the page goes one by one."""
    if len({order.channel_order_no.strip() for order in orders}) < len(orders):
        return None
    try:
        async with db.begin_nested():
            return await enter_page(db, shop, orders)
    except (DomainError, DBAPIError, ValueError):
        return None


async def one_by_one(db: AsyncSession, shop: Shop, run: OrderSyncRun, accepted: list[tuple[str, ChannelOrder]],
                     counts: Counts) -> list[str]:
    """Each order in its own savepoint, created or updated, or recorded as the run's failure with the reason the
    database gave; the numbers of those ingested."""
    ingested: list[str] = []
    for number, order in accepted:
        try:
            async with db.begin_nested():
                _, created = await upsert_channel_order(db, shop, order)
        except (DomainError, DBAPIError, ValueError) as exc:
            await failed(db, run, counts, number, reason_of(exc))
            continue
        counts.created += int(created)
        counts.updated += int(not created)
        ingested.append(number)
    return ingested


async def _run_and_shop(db: AsyncSession, run_id: int) -> tuple[OrderSyncRun, Shop]:
    run = await db.get(OrderSyncRun, run_id)
    shop = await db.get(Shop, run.shop_id) if run is not None else None
    if run is None or shop is None:
        raise LookupError(f"order sync run {run_id} or its shop is gone")
    return run, shop


async def page(p: SyncPage) -> PageDone:
    """The page after `token` of the run's window, fetched and ingested in one transaction."""
    async with transaction() as db:
        run, shop = await _run_and_shop(db, p.run_id)
        since = run.since or datetime(1970, 1, 1, tzinfo=UTC)
        until = run.until or datetime.now(UTC)
        fetched = await adapter_for(shop.channel).fetch_orders(
            ShopRef.of(shop), since, until, p.token, get_settings().order_sync_page_size)
        counts = Counts()
        await ingest(db, shop, run, fetched.orders, counts)
    return PageDone(next_token=fetched.next_token, **vars(counts))


async def retry(p: SyncPage) -> PageDone:
    """The orders the retried run failed to ingest (and no run ingested since), fetched again one by one."""
    async with transaction() as db:
        run, shop = await _run_and_shop(db, p.run_id)
        numbers = (await db.scalars(select(OrderSyncFailure.channel_order_no).where(
            OrderSyncFailure.run_id == run.retry_of, OrderSyncFailure.resolved_at.is_(None))
            .order_by(OrderSyncFailure.id))).all()
        adapter, counts = adapter_for(shop.channel), Counts()
        orders = [await adapter.fetch_order(ShopRef.of(shop), number) for number in numbers]
        await ingest(db, shop, run, [order or Unreadable(number, "the channel no longer knows this order")
                                     for number, order in zip(numbers, orders, strict=True)], counts)
    return PageDone(next_token=None, **vars(counts))


async def finish(f: SyncFinish) -> SyncTally:
    """The run's status and counts (failures counted from its rows); on a run without a failed page, the cursor
    and the shop's latest order sync time move to the run's start."""
    if f.run_id == 0:
        return SyncTally(status=OrderSyncStatus.SUCCEEDED, message=SHOP_DELETED)
    tally = f.tally
    async with transaction() as db:
        run = await db.get(OrderSyncRun, f.run_id, with_for_update=True)
        if run is None:
            return SyncTally(run_id=f.run_id, status=OrderSyncStatus.FAILED, message=SYNC_FAILED)
        if run.status != OrderSyncStatus.RUNNING:  # a retried finish writes nothing twice
            return _tally(run)
        failed = await db.scalar(select(func.count()).where(OrderSyncFailure.run_id == run.id)) or 0
        unresolved = await db.scalar(select(func.count()).where(
            OrderSyncFailure.run_id == run.id, OrderSyncFailure.resolved_at.is_(None))) or 0
        message: str | None
        if f.failure is not None:
            status, message = OrderSyncStatus.FAILED, f"{SYNC_FAILED}: {f.failure}"
        elif unresolved:
            status, message = OrderSyncStatus.PARTIAL, SOME_ORDERS_FAILED
        else:
            status, message = OrderSyncStatus.SUCCEEDED, RETRY_SUCCEEDED if run.kind == OrderSyncKind.RETRY else None
        run.status, run.message, run.finished_at = status, message[:500] if message else None, datetime.now(UTC)
        run.pages, run.fetched, run.failed_count = tally.pages, tally.fetched, failed
        run.created_count, run.updated_count = tally.created, tally.updated
        if status != OrderSyncStatus.FAILED and run.kind != OrderSyncKind.RETRY and run.until is not None:
            await move_cursor(db, run.shop_id, run.until)
        return _tally(run)


async def move_cursor(db: AsyncSession, shop_id: int, until: datetime) -> None:
    """Forward only: a slow run finishing after a newer one never moves the cursor back."""
    await db.execute(insert(OrderSyncCursor).values(shop_id=shop_id, synced_until=until).on_conflict_do_update(
        index_elements=["shop_id"], set_={"synced_until": func.greatest(OrderSyncCursor.synced_until, until),
                                          "updated_at": func.now()}))
    await db.execute(update(Shop).where(Shop.id == shop_id).values(
        latest_order_sync_at=func.greatest(func.coalesce(Shop.latest_order_sync_at, until), until)))


def _tally(run: OrderSyncRun) -> SyncTally:
    return SyncTally(run_id=run.id, status=run.status, pages=run.pages, fetched=run.fetched,
                     created=run.created_count, updated=run.updated_count, failed=run.failed_count,
                     message=run.message)


def search_attributes(shop_id: int) -> TypedSearchAttributes:
    return TypedSearchAttributes([SearchAttributePair(SHOP_ID, [str(shop_id)])])


async def start_run(client: Client, shop: Shop, *, retry_of: int | None = None) -> str:
    """Start "Sync now" (or "Retry" of a run's failed orders); returns the workflow id."""
    stamp = uuid.uuid4().hex[:12]
    kind = OrderSyncKind.RETRY if retry_of is not None else OrderSyncKind.MANUAL
    wid = retry_workflow_id(shop.id, retry_of, stamp) if retry_of is not None else manual_workflow_id(shop.id, stamp)
    what: str = f"Retry the failed orders of sync run {retry_of}" if retry_of is not None else "Sync orders now"
    await client.start_workflow(
        WORKFLOW, OrderSyncStart(shop_id=shop.id, kind=kind, retry_of=retry_of), id=wid,
        task_queue=get_settings().task_queue, static_summary=f"{what}: {shop.name} ({shop.channel})"[:200],
        search_attributes=search_attributes(shop.id), rpc_timeout=rpc_timeout())
    return wid
