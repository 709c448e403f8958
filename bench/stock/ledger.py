"""What the stock benchmark asks of the console, and the same SQL for pgbench: the stock list searched, the
movement (`POST stock/movement` beside the movement primitive's own statement) and the drift afterwards."""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson

from bench.stock.generate import MERCHANTS, WAREHOUSES_PER_MERCHANT, Layout
from domain.enums import StockMovementType

if TYPE_CHECKING:
    from fastapi import Response

MOVEMENT_PATH = "/cms/stock/movement"
MOVEMENT, QUANTITY = StockMovementType.MANUAL_OUTBOUND, 1


def movements(layout: Layout) -> Callable[[], tuple[dict[str, Any], dict[str, str]]]:
    """A new movement each call: an outbound of 1 unit of a random balance under an `Idempotency-Key` of its own,
    a random UUID as a browser makes one and as pgbench's side makes its keys (`movement_script`), so the two
    insert their keys into the UNIQUE index alike (the balances hold 150 units or more, so none runs short within
    a run)."""
    rng = random.Random()

    def call() -> tuple[dict[str, Any], dict[str, str]]:
        warehouse, sku = layout.balance(rng.randrange(layout.balances))
        return ({"warehouseId": warehouse, "sku": sku, "movementType": MOVEMENT.value, "quantity": QUANTITY,
                 "reason": "Bench"}, {"Idempotency-Key": str(uuid.uuid4())})

    return call


def movement_script(layout: Layout, epoch: int) -> str:
    """The API's movement as a pgbench transaction on a random balance, a new key each time: the auth check
    (`auth_epoch_is`, at the console's epoch) and the movement primitive's statement (services/stock/store.py: the
    guarded UPDATE feeding the change record's INSERT) sent as one message (`\\;`) in one implicit transaction, as
    the API sends a kept caller's first statement (api/kept_callers.py); then the call's operation log row, which the
    API writes after the reply (api/audit_log.py, grouped with the rows of calls ending meanwhile)."""
    from api.routers.stock import moved_reply
    from services.stock.store import Balance, Moved, _balance_sql

    per, (warehouse, sku) = WAREHOUSES_PER_MERCHANT, layout.balance(0)
    entry = log_entry(warehouse, sku, moved_reply(Moved(1, Balance(0, 0, 0, 0, 0))))
    values = {
        "warehouse_id": ":w", "sku": layout.sku_sql(":b"), "quantity": str(QUANTITY),
        "movement_type": f"'{MOVEMENT.value}'", "shelf_id": "NULL", "to_shelf_id": "NULL",
        "reason": "'Bench'", "document_no": "NULL", "actor_id": "1", "actor_name": "'admin'",
        "idempotency_key": "'pgbench-' || gen_random_uuid()",
        "c_on_hand": str(-QUANTITY), "c_spare": "0", "c_locked": "0", "c_promotion": "0", "c_transit": "0",
    }
    statement = re.sub(r"(?<!:):(\w+)", lambda m: values[m.group(1)],
                       " ".join(str(_balance_sql(MOVEMENT, "TRUE", by_hand=True)).split()))
    columns = ", ".join(entry)
    row = ", ".join("replace(gen_random_uuid()::text, '-', '')" if name == "transaction_id" else literal(value)
                    for name, value in entry.items())
    return (f"\\set b random(0, {layout.balances - 1})\n"
            f"\\set w {layout.first_warehouse} + ((:b / {per}) % {MERCHANTS}) * {per} + :b % {per}\n"
            f"SELECT auth_epoch_is({epoch}) \\; {statement};\n"
            f"INSERT INTO operation_logs ({columns}) VALUES ({row});\n")


def log_entry(warehouse: int, sku: str, reply: Response) -> dict[str, Any]:
    """The operation log row of one benchmark movement as the API makes it (api/audit_log.py `entry_of`)."""
    from types import SimpleNamespace

    from api.audit_log import entry_of
    body = orjson.dumps({"warehouseId": warehouse, "sku": sku, "movementType": MOVEMENT.value, "quantity": QUANTITY,
                         "reason": "Bench"})
    scope = {"method": "POST", "path": MOVEMENT_PATH, "headers": [(b"content-type", b"application/json")],
             "client": ("127.0.0.1", 0), "state": {"principal": SimpleNamespace(id=1, username="admin")}}
    return entry_of(scope, body, {"status": 200, "content_type": "application/json", "body": reply.body}, 0.0) | {
        "duration_ms": 0}


def literal(value: Any) -> str:
    """A value as an SQL literal (standard conforming strings)."""
    if value is None:
        return "NULL"
    return str(value) if isinstance(value, int) else "'" + str(value).replace("'", "''") + "'"


@dataclass(frozen=True)
class Searched:
    """A kit list searched by the benchmark: its route and the questions asked of it."""

    path: str
    resource: Any
    bodies: dict[str, dict[str, Any]]

    def sql(self, body: dict[str, Any]) -> list[str]:
        """The statement the API runs for `body` (the page with its capped total), with literal values."""
        from api.resource.page import PlainPage
        from bench.harness.sql import literal_sql, super_principal

        plain = PlainPage.of(self.resource)
        assert plain is not None, f"{self.path} reads plain rows"
        return literal_sql(plain.statement(self.resource.filters.model_validate(body), super_principal()))


def searched(layout: Layout) -> list[Searched]:
    """The warehouse stock search (balances) and the change record list, with their common questions."""
    from api.routers.stock import changes
    from api.routers.stock_sync import balances

    warehouse, sku = layout.balance(layout.balances // 2)
    return [
        Searched("/cms/stock-sync/stock/search", balances, {
            "stock: one warehouse, by sku": {"warehouseId": [warehouse]},
            "stock: sku contains": {"sku": sku.removeprefix("BENCH-")},
        }),
        Searched("/cms/stock/change/search", changes, {
            "changes: one SKU in one warehouse": {"warehouseId": warehouse, "sku": sku},
            "changes: one warehouse, manual outbound": {"warehouseId": warehouse, "movementType": ["manual_outbound"]},
        }),
    ]


async def drift() -> dict[str, int]:
    """The stock reconciliation's own proof (activities/stock.py `prove`: every balance against the sum of its
    change records, all five buckets), run once more after the benchmark: pairs checked and drifted."""
    from activities.stock import prove

    result = await prove(f"bench-stock-{uuid.uuid4().hex}")
    return {"drifted": result.drifted, "balances": result.checked, "reconciliationId": result.reconciliation_id}
