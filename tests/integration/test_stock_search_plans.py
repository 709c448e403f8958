"""The stock searches that must stay fast on millions of rows follow an index, not a scan (bench/stock/HISTORY.md):
"SKU contains" on the warehouse stock search, and one warehouse's change records newest first with their count.
Sequential scans are priced out for the check, so the plan shows which index the statement can use at all."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text
from sqlalchemy.dialects import postgresql

from api.deps import Principal
from api.resource.page import PlainPage
from api.routers.stock import changes
from api.routers.stock_sync import balances
from domain.db import transaction

ADMIN = Principal(id=1, username="admin", display_name="Admin", email="a", session_id=0, is_super=True,
                  permissions=frozenset())


async def plan_of(resource: Any, body: dict[str, Any]) -> str:
    plain = PlainPage.of(resource)
    assert plain is not None
    statement = plain.statement(resource.filters.model_validate(body), ADMIN)
    sql = str(statement.compile(dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True}))  # type: ignore[no-untyped-call]
    async with transaction() as db:
        await db.execute(text("SET LOCAL enable_seqscan = off"))
        return "\n".join(row[0] for row in await db.execute(text("EXPLAIN " + sql.replace("%%", "%"))))


async def test_sku_contains_follows_the_trigram_index() -> None:
    assert "ix_stock_balances_sku_trgm" in await plan_of(balances, {"sku": "00501"})


async def test_one_warehouses_records_by_type_follow_a_warehouse_index() -> None:
    plan = await plan_of(changes, {"warehouseId": 1, "movementType": ["manual_outbound"]})
    assert "ix_stock_changes_warehouse_id" in plan or "ix_stock_changes_warehouse_type" in plan, plan
    assert "Seq Scan on stock_changes" not in plan, plan


async def test_one_movement_type_is_compared_with_equals() -> None:
    """`= ANY(array)` keeps PostgreSQL from reading (warehouse_id, movement_type, id) in id order: at 5,000,000 records
    it sorted one warehouse's tens of thousands of outbounds for a page of 20."""
    plain = PlainPage.of(changes)
    assert plain is not None
    one = plain.statement(changes.filters.model_validate({"warehouseId": 1, "movementType": ["manual_outbound"]}),
                          ADMIN)
    two = plain.statement(changes.filters.model_validate(
        {"warehouseId": 1, "movementType": ["manual_outbound", "manual_inbound"]}), ADMIN)
    assert "stock_changes.movement_type = %(f_movement_type)s" in str(one.compile(dialect=postgresql.dialect()))  # type: ignore[no-untyped-call]
    assert "ANY" in str(two.compile(dialect=postgresql.dialect()))  # type: ignore[no-untyped-call]
