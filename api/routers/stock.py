"""Stock (SPEC §3 stock change record, issue of the stock ledger): a movement through the one primitive
(services/stock/store.py `move`), and the change record list with its xlsx export on the resource kit.

Data authority: stock belongs to the merchant that owns the warehouse (its country, team and people)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Response
from sqlalchemy import bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from api.deps import Need, Plain, PlainCall, Principal, SessionDep
from api.envelope import Reply, ok, ok_json
from api.idempotency import REPLAYED_HEADER
from api.resource import Actions, Resource
from api.resource.scope import unscoped
from api.routers.merchants import through_merchant
from api.schemas.stock import (
    StockBalancePublic,
    StockChangeFilters,
    StockChangePublic,
    StockDriftFilters,
    StockDriftPublic,
    StockMovedPublic,
    StockMovementCreate,
    StockReconciliationFilters,
    StockReconciliationPublic,
    StockRepairCreate,
    StockRepairedPublic,
)
from domain.errors import NotFound
from domain.models.stock import StockChange, StockDrift, StockReconciliation
from domain.models.warehouses import Shelf, Warehouse
from domain.rules.stock import Movement
from services.stock.store import ANYWHERE, Moved, Within, move_alone, repair

MENU = "stock-change-record"
MOVE = "stock#move"
RECONCILIATION = "stock-reconciliation"
REPAIR = "stock#repair"

WAREHOUSE_SCOPE = through_merchant("Warehouse", Warehouse.merchant_id)


def merchant_of(model: Any) -> Any:
    """The merchant owning the row's warehouse (correlated explicitly: the scope nests it in a subquery)."""
    return select(Warehouse.merchant_id).where(Warehouse.id == model.warehouse_id).correlate(model).scalar_subquery()


CHANGE_SCOPE = through_merchant("StockChange", merchant_of(StockChange))
DRIFT_SCOPE = through_merchant("StockDrift", merchant_of(StockDrift))


def with_names() -> dict[str, Any]:
    shelf, to_shelf = aliased(Shelf), aliased(Shelf)
    return {
        "warehouse_name": select(Warehouse.name).where(Warehouse.id == StockChange.warehouse_id).scalar_subquery(),
        "shelf_code": select(shelf.code).where(shelf.id == StockChange.shelf_id).scalar_subquery(),
        "to_shelf_code": select(to_shelf.code).where(to_shelf.id == StockChange.to_shelf_id).scalar_subquery(),
    }


changes = Resource(
    name="StockChange", model=StockChange, public=StockChangePublic, create=StockChangePublic,
    update=StockChangePublic, filters=StockChangeFilters, permission=MENU,
    actions=Actions(export="stock-change#export"), scope=CHANGE_SCOPE, computed=with_names,
    sortable={"id", "created_at", "sku", "quantity"},
)
router = changes.router(prefix="/stock/change", tags=["stock"])
movement_router = APIRouter(prefix="/stock", tags=["stock"])

runs = Resource(
    name="StockReconciliation", model=StockReconciliation, public=StockReconciliationPublic,
    create=StockReconciliationPublic, update=StockReconciliationPublic, filters=StockReconciliationFilters,
    permission=RECONCILIATION, actions=Actions(),
    scope=unscoped("a run's counts cover every merchant's stock; its drifted pairs are scoped"),
)
drifts = Resource(
    name="StockDrift", model=StockDrift, public=StockDriftPublic, create=StockDriftPublic, update=StockDriftPublic,
    filters=StockDriftFilters, permission=RECONCILIATION, actions=Actions(), scope=DRIFT_SCOPE,
    computed=lambda: {"warehouse_name": select(Warehouse.name).where(Warehouse.id == StockDrift.warehouse_id)
                      .scalar_subquery(),
                      "shelf_code": select(Shelf.code).where(Shelf.id == StockDrift.shelf_id).scalar_subquery()},
)
run_router = runs.router(prefix="/stock/reconciliation", tags=["stock_reconciliation"])
drift_router = drifts.router(prefix="/stock/drift", tags=["stock_drift"])

MovementKey = Annotated[str, Header(
    alias="Idempotency-Key", min_length=1, max_length=150, pattern=r"^[!-~]+$",
    description="Required: a client-chosen key (printable ASCII, up to 150) naming this movement; a repeat with "
                "the same key moves nothing and answers with the first movement's result.")]


async def ensure_warehouse(db: AsyncSession, user: Principal, warehouse_id: int) -> None:
    """The warehouse exists and its merchant is within the user's data authority (else 404: no hint it exists)."""
    in_scope = select(Warehouse.id).where(Warehouse.id == warehouse_id, *WAREHOUSE_SCOPE.conditions(user))
    if await db.scalar(in_scope) is None:
        raise NotFound(entity="Warehouse")


WAREHOUSE = select(Warehouse.id).where(Warehouse.id == bindparam("warehouse_id", None))


def warehouse_within(user: Principal) -> Within:
    """The user's data authority over the warehouse `:warehouse_id`, as a condition of the movement's statement."""
    found = WAREHOUSE_SCOPE.within(user, WAREHOUSE)
    return ANYWHERE if found is None else Within(*found)


@movement_router.post("/movement", summary="Move stock (one movement, once per Idempotency-Key)",
                      response_model=Reply[StockMovedPublic])
async def post_movement(body: StockMovementCreate, call: Annotated[PlainCall, Plain(MOVE)],
                        key: MovementKey) -> Response:
    user = call.user
    moved = await move_alone(call.db, Movement(
        warehouse_id=body.warehouse_id, sku=body.sku, type=body.movement_type, quantity=body.quantity,
        idempotency_key=f"api:{user.id}:{key}",  # one user's keys never meet another's or the system's
        shelf_id=body.shelf_id, to_shelf_id=body.to_shelf_id, reason=body.reason, document_no=body.document_no,
        actor_id=user.id, actor_name=user.username), warehouse_within(user))
    return moved_reply(moved)


def moved_reply(moved: Moved) -> Response:
    """The movement's reply, written by orjson (the route's model not validated again); a replay says so."""
    shown = StockMovedPublic(change_id=moved.change_id, replayed=moved.replayed, balance=figures(moved.balance))
    reply = ok_json(shown.model_dump(mode="json", by_alias=True))
    if moved.replayed:
        reply.headers[REPLAYED_HEADER] = "true"
    return reply


def figures(balance: Any) -> StockBalancePublic:
    return StockBalancePublic.model_validate(balance, from_attributes=True)


@movement_router.post("/balance/repair", summary="Rebuild one stock balance from its change records (audited)")
async def repair_balance(body: StockRepairCreate, db: SessionDep,
                         user: Annotated[Principal, Need(REPAIR)]) -> Reply[StockRepairedPublic]:
    await ensure_warehouse(db, user, body.warehouse_id)
    before, after = await repair(db, body.warehouse_id, body.sku.strip(), operator_id=user.id,
                                 operator_name=user.username)
    return ok(StockRepairedPublic(before=figures(before) if before else None, after=figures(after)))
