"""Shelf merges (docs/shelf_merges.md): start one from location management, follow it (its flow's progress query),
cancel it (what moved stays moved), retry a cancelled or failed one; the list of merges and of what each moved."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, cast

from fastapi import Response
from sqlalchemy import Select, select, text
from temporalio.client import WorkflowExecutionStatus

from api.deps import Need, Principal, SessionDep, release
from api.envelope import Reply, ok
from api.flows import LazyTemporalDep, TemporalDep
from api.idempotency import REPLAYED_HEADER, Idempotency, KeyHeader
from api.resource import Actions, Resource
from api.resource.scope import declares
from api.routers.warehouses import check_warehouse, in_warehouse
from api.routers.warehouses import shelves as shelf_list
from api.routers.warehouses import warehouses as warehouse_list
from api.schemas.shelf_merges import (
    MergeShelf,
    MergeThroughput,
    MergeWarehouse,
    ShelfMergeBody,
    ShelfMergeFilters,
    ShelfMergeItemFilters,
    ShelfMergeItemPublic,
    ShelfMergePublic,
    ShelfMergeView,
    throughput_of,
)
from api.shelf_merge_ops import view_of
from domain import audit
from domain.enums import ShelfMergeState
from domain.errors import NotFound
from domain.models.shelf_merges import ShelfMerge, ShelfMergeItem
from domain.models.warehouses import Shelf, Warehouse
from domain.rules import shelf_merges as rules
from services.shelf_merges import store
from services.shelf_merges.flow import cancel_flow, finish_stuck, flow_status, start_flow

S = ShelfMergeState
LIST, DETAIL, LOCATIONS = "shelf-merges", "shelf-merge-detail", "location-management"
START, CANCEL = "shelf-merge#add", "shelf-merge#cancel"
# A merge is its warehouse's, so its merchant's data authority decides who sees, starts, cancels or retries it, as
# for every other stock list; an item follows its merge.
IN_WAREHOUSE = in_warehouse("ShelfMerge", ShelfMerge.warehouse_id)
# correlated to the item explicitly: nested two levels deep, auto-correlation would read every item of every merge
ITEM_SCOPE = in_warehouse("ShelfMergeItem", select(ShelfMerge.warehouse_id).where(
    ShelfMerge.id == ShelfMergeItem.merge_id).correlate(ShelfMergeItem).scalar_subquery())
READERS = (LIST, DETAIL, LOCATIONS)

merges = Resource(
    name="ShelfMerge", model=ShelfMerge, public=ShelfMergePublic, create=ShelfMergePublic, update=ShelfMergePublic,
    filters=ShelfMergeFilters, permission=LIST, also=(DETAIL, LOCATIONS), actions=Actions(export="shelf-merge#export"),
    scope=IN_WAREHOUSE, computed=store.public_columns,
)
items = Resource(
    name="ShelfMergeItem", model=ShelfMergeItem, public=ShelfMergeItemPublic, create=ShelfMergeItemPublic,
    update=ShelfMergeItemPublic, filters=ShelfMergeItemFilters, permission=DETAIL, also=(LIST, LOCATIONS),
    actions=Actions(), scope=ITEM_SCOPE, computed=store.item_columns, default_sort="id",
)
item_router = items.router(prefix="/shelf-merge/item", tags=["shelf_merge_items"])
router = merges.router(prefix="/shelf-merge", tags=["shelf_merges"])


def who(user: Principal) -> dict[str, Any]:
    return {"operator_id": user.id, "operator_name": user.username}


async def check_shelves_visible(db: SessionDep, user: Principal, ids: list[int]) -> None:
    """Every shelf named is one the caller's data authority reaches; another is not there for them (404, as a
    shelf that does not exist), so a refusal never names a shelf of a warehouse they cannot see."""
    visible = set((await db.scalars(shelf_list.scope(select(Shelf.id).where(Shelf.id.in_(ids)), user))).all())
    if any(i not in visible for i in ids):
        raise NotFound(entity="Shelf")


@router.post("/add", summary="Start a shelf merge: every SKU of the source shelves onto the target shelf")
async def add(body: ShelfMergeBody, db: SessionDep, response: Response, user: Annotated[Principal, Need(START)],
              flows: TemporalDep, key: KeyHeader = None) -> Reply[ShelfMergeView]:
    once = Idempotency.of(key, "shelf-merge/add", body)
    first = await once.claim(db, user.id) if once else None
    if first is not None:  # a double click or a retried call: the merge the first one started
        response.headers[REPLAYED_HEADER] = "true"
        return ok(await view_of(db, flows, await merges.load(db, user, first), user))
    sources = rules.source_ids(body.source_shelf_ids)
    await check_warehouse(db, user, body.warehouse_id)
    warehouse = await store.warehouse(db, body.warehouse_id)
    # One start at a time per warehouse, so two merges over the same shelves cannot both pass the busy check.
    await db.execute(text("select pg_advisory_xact_lock(hashtext('shelf-merge'), :w)"), {"w": body.warehouse_id})
    await check_shelves_visible(db, user, [*sources, body.target_shelf_id])
    shelves = await store.shelves(db, [*sources, body.target_shelf_id])
    target = shelves[body.target_shelf_id]
    picked = [shelves[i] for i in sources]
    rules.check_shelves(body.warehouse_id, picked, target)
    rules.check_not_busy([*picked, target], await store.running_merges(db, body.warehouse_id))
    merge = ShelfMerge(warehouse_id=body.warehouse_id, source_shelf_ids=sources, target_shelf_id=target.id,
                       state=S.RUNNING, total=0, moved=0, skipped=0, batches=0, attempt=1, created_by=user.id,
                       started_at=datetime.now(UTC))
    db.add(merge)
    await db.flush()
    await audit.record_change(db, entity="ShelfMerge", entity_id=merge.id, action="create", before=None,
                              after=audit.snapshot(merge), **who(user))
    if once:
        await once.bind(db, merge.id)
    await release(db)
    await start_flow(flows, merge, warehouse.merchant_id)
    return ok(await view_of(db, flows, merge, user))


@router.get("/{merge_id}/view", openapi_extra=declares(IN_WAREHOUSE),
            summary="One shelf merge with its progress (the running flow's query), for its page to follow")
async def view(merge_id: int, db: SessionDep, user: Annotated[Principal, Need(*READERS)],
               flows: LazyTemporalDep) -> Reply[ShelfMergeView]:
    merge = await merges.load(db, user, merge_id)
    await release(db)
    return ok(await view_of(db, await flows() if merge.state == S.RUNNING else None, merge, user))


@router.post("/{merge_id}/cancel", summary="Cancel a running shelf merge; what moved stays moved")
async def cancel(merge_id: int, db: SessionDep, user: Annotated[Principal, Need(CANCEL)],
                 flows: TemporalDep) -> Reply[ShelfMergeView]:
    merge = await merges.load(db, user, merge_id, lock=True)
    rules.ensure_cancellable(merge.state)
    before = audit.snapshot(merge)
    if merge.cancel_requested_at is None:
        merge.cancel_requested_by, merge.cancel_requested_at = user.id, datetime.now(UTC)
    await audit.record_change(db, entity="ShelfMerge", entity_id=merge.id, action="cancel", before=before,
                              after=audit.snapshot(merge), **who(user))
    await release(db)
    if await flow_status(flows, merge) == WorkflowExecutionStatus.RUNNING:
        await cancel_flow(flows, merge)  # the flow stops between two movements and records CANCELLED itself
    else:  # its flow is gone (terminated in the Temporal Web UI): nothing moves any more, so it is cancelled now
        await finish_stuck(merge)
    return ok(await view_of(db, flows, await merges.load(db, user, merge_id), user))


@router.post("/{merge_id}/retry", summary="Continue a cancelled or failed shelf merge with what is left")
async def retry(merge_id: int, db: SessionDep, user: Annotated[Principal, Need(START)],
                flows: TemporalDep) -> Reply[ShelfMergeView]:
    merge = await merges.load(db, user, merge_id, lock=True)
    running = merge.state == S.RUNNING and await flow_status(flows, merge) == WorkflowExecutionStatus.RUNNING
    rules.ensure_retryable(merge.state, running)
    rules.check_not_busy(list((await store.shelves(db, [*merge.source_shelf_ids, merge.target_shelf_id])).values()),
                         await store.running_merges(db, merge.warehouse_id, other_than=merge.id))
    before = audit.snapshot(merge)
    merge.state, merge.attempt, merge.error, merge.finished_at = S.RUNNING, merge.attempt + 1, None, None
    merge.cancel_requested_by = merge.cancel_requested_at = None
    merge.retried_by, merge.retried_at = user.id, datetime.now(UTC)
    await audit.record_change(db, entity="ShelfMerge", entity_id=merge.id, action="retry", before=before,
                              after=audit.snapshot(merge), **who(user))
    merchant_id = (await store.warehouse(db, merge.warehouse_id)).merchant_id
    await release(db)
    await start_flow(flows, merge, merchant_id)
    return ok(await view_of(db, flows, merge, user))


@router.get("/warehouses", openapi_extra=declares(warehouse_list.scope),
            summary="The enabled warehouses a merge may be started in (the start dialog), within the caller's scope")
async def warehouses(db: SessionDep, user: Annotated[Principal, Need(START)]) -> Reply[list[MergeWarehouse]]:
    # the data scope takes any select; its signature names the one-column form
    query = cast("Select[Any]", select(Warehouse.id, Warehouse.code, Warehouse.name).where(Warehouse.enabled))
    rows = await db.execute(warehouse_list.scope(query, user).order_by(Warehouse.code, Warehouse.id))
    return ok([MergeWarehouse.model_validate(row._asdict()) for row in rows])


@router.get("/shelves/{warehouse_id}", openapi_extra=declares(warehouse_list.scope),
            summary="The shelves of a warehouse with the SKUs and quantity on each (the start dialog)")
async def shelves(warehouse_id: int, db: SessionDep,
                  user: Annotated[Principal, Need(START)]) -> Reply[list[MergeShelf]]:
    await warehouse_list.load(db, user, warehouse_id)
    return ok(await store.shelf_options(db, warehouse_id))



@router.get("/throughput/{warehouse_id}", openapi_extra=declares(warehouse_list.scope),
            summary="How fast the warehouse's recent merges moved SKUs (the start dialog's estimate), if measured")
async def throughput(warehouse_id: int, db: SessionDep,
                     user: Annotated[Principal, Need(START)]) -> Reply[MergeThroughput | None]:
    await warehouse_list.load(db, user, warehouse_id)
    return ok(throughput_of(await store.recent_throughput(db, warehouse_id)))
