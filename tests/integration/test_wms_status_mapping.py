"""The WMS status is stated twice, and the two must not drift: domain/rules/wms_orders.WMS_STATUS_SQL (what the
model declares and the rules describe) and the generated column stock_orders.wms_status that the migrations built
(migration 0050 froze its own copy). Both expressions are evaluated over every combination of direction, document
status, working status, push status and abnormal reason, and must give the same status each time."""

from __future__ import annotations

from typing import Any

from sqlalchemy import String, bindparam, func, literal_column, select, text, true
from sqlalchemy.dialects.postgresql import ARRAY

from domain.db import transaction
from domain.enums import (
    AbnormalReason,
    OutboundWorkingStatus,
    StockOrderDirection,
    WarehouseDocumentStatus,
    WarehousePushStatus,
    WmsOrderStatus,
)
from domain.rules.wms_orders import WMS_STATUS_SQL

BUILT = text("""
SELECT pg_get_expr(d.adbin, d.adrelid)
  FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
 WHERE d.adrelid = 'stock_orders'::regclass AND a.attname = 'wms_status' AND a.attgenerated = 's'
""")
AXES: dict[str, list[str | None]] = {
    "direction": [d.value for d in StockOrderDirection],
    "status": [s.value for s in WarehouseDocumentStatus],
    "working_status": [None, *(w.value for w in OutboundWorkingStatus)],
    "push_status": [None, *(p.value for p in WarehousePushStatus)],
    "abnormal_reason": [None, *(r.value for r in AbnormalReason)],
}


def axis(name: str) -> Any:
    """One column's values as `unnest(:name) AS axis_name(name)`, so both expressions read it by its own name."""
    values = func.unnest(bindparam(name, AXES[name], type_=ARRAY(String)))
    return values.table_valued(name).render_derived(name=f"axis_{name}")


async def test_the_generated_column_and_the_rules_give_the_same_status_for_every_combination() -> None:
    async with transaction() as db:
        built = await db.scalar(BUILT)
        assert built, "stock_orders.wms_status is a stored generated column"
        tables = [axis(name) for name in AXES]
        joined = tables[0]
        for table in tables[1:]:
            joined = joined.join(table, true())
        query = select(*(table.c[name] for table, name in zip(tables, AXES, strict=True)),
                       literal_column(built).label("built"),
                       literal_column(WMS_STATUS_SQL).label("declared")).select_from(joined)
        rows = (await db.execute(query)).all()
    expected = 1
    for values in AXES.values():
        expected *= len(values)
    assert len(rows) == expected
    drifted = [tuple(row) for row in rows if row.built != row.declared]
    assert drifted == [], f"{len(drifted)} combinations differ, e.g. {drifted[:3]}"
    statuses = {WmsOrderStatus(row.declared) for row in rows if row.declared is not None}
    assert statuses == set(WmsOrderStatus)  # every tab is reachable
    assert {row.built for row in rows if row.direction == "INBOUND"} == {None}
