"""Hot-item printing (SPEC §2 /hot-print-data, §4 print status): outbound orders waiting to print, grouped by
their one SKU x quantity (a hot item's orders are picked and labelled together), and the print sheet of a
selection: a pick list, then one shipping label a page (recipient, carrier, content, the tracking number as a
Code 128 SVG). Opening a sheet is a print job: the orders go UNKNOWN (sent to the printer, not confirmed), their
print count, time and printer recorded; confirming marks them PRINTED. A reprint is allowed and counted."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain import audit
from domain.enums import PrintStatus, WmsOrderStatus
from domain.errors import DomainError
from domain.i18n import t
from domain.models.stock_orders import StockOrder, StockOrderLine
from domain.models.warehouses import Warehouse
from domain.rules import code128
from services.actors import Actor
from services.stock.orders import OrderScope, remember
from services.wms_orders import ENTITY, selected

WAITING = (WmsOrderStatus.PENDING, WmsOrderStatus.SHIPPING)  # not shipped, cancelled or held
GROUPS_MAX = 100
IDS_MAX = 200


def groups_query(visible: Select[Any], warehouse_id: int | None, merchant_id: int | None) -> Select[Any]:
    """(sku, quantity, warehouse, orders, ids) of the single-line orders waiting to print, hottest first."""
    single = (select(StockOrderLine.order_id, func.min(StockOrderLine.sku).label("sku"),
                     func.min(StockOrderLine.planned).label("quantity"))
              .group_by(StockOrderLine.order_id).having(func.count() == 1).subquery())
    waiting = visible.where(StockOrder.wms_status.in_([s.value for s in WAITING]),
                            StockOrder.print_status != PrintStatus.PRINTED)
    if warehouse_id is not None:
        waiting = waiting.where(StockOrder.warehouse_id == warehouse_id)
    if merchant_id is not None:
        waiting = waiting.where(StockOrder.merchant_id == merchant_id)
    orders = waiting.with_only_columns(StockOrder.id, StockOrder.warehouse_id).subquery()
    n = func.count().label("orders")
    return (select(single.c.sku, single.c.quantity, orders.c.warehouse_id,
                   select(Warehouse.name).where(Warehouse.id == orders.c.warehouse_id).scalar_subquery()
                   .label("warehouse_name"), n,
                   func.array_agg(orders.c.id).label("ids"))
            .join(single, single.c.order_id == orders.c.id)
            .group_by(single.c.sku, single.c.quantity, orders.c.warehouse_id)
            .order_by(n.desc(), single.c.sku).limit(GROUPS_MAX))


async def groups(db: AsyncSession, visible: Select[Any], warehouse_id: int | None,
                 merchant_id: int | None) -> list[dict[str, Any]]:
    rows = (await db.execute(groups_query(visible, warehouse_id, merchant_id))).all()
    return [{"sku": r.sku, "quantity": r.quantity, "warehouse_id": r.warehouse_id,
             "warehouse_name": r.warehouse_name, "orders": r.orders, "ids": sorted(r.ids)[:IDS_MAX]} for r in rows]


async def print_job(db: AsyncSession, user: Actor, scope: OrderScope, ids: Sequence[int]) -> list[StockOrder]:
    """The selection sent to the printer: UNKNOWN until confirmed (a reprint of a PRINTED order too), counted."""
    rows = await selected(db, scope, ids)
    now = datetime.now(UTC)
    for row in rows:
        before = audit.snapshot(row)
        row.print_status, row.print_count = PrintStatus.UNKNOWN, row.print_count + 1
        row.printed_at, row.printed_by = now, user.id
        await _record(db, user, row, "PRINT", before)
    return rows


async def confirm(db: AsyncSession, user: Actor, scope: OrderScope, ids: Sequence[int]) -> list[StockOrder]:
    """The printer delivered the sheet: PRINTED. An order never sent to print is not confirmed."""
    rows = await selected(db, scope, ids)
    for row in rows:
        if row.print_count == 0:
            raise DomainError("WMS_PRINT_NOT_SENT", status=409, orderNo=row.order_no)
        if row.print_status != PrintStatus.PRINTED:
            before = audit.snapshot(row)
            row.print_status = PrintStatus.PRINTED
            await _record(db, user, row, "PRINT_CONFIRM", before)
    return rows


async def _record(db: AsyncSession, user: Actor, row: StockOrder, action: str, before: dict[str, Any]) -> None:
    row.revision += 1
    remember(db, user, row, action, [])
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity=ENTITY,
                              entity_id=row.id, action=action.lower(), before=before, after=audit.snapshot(row))


# ---- the sheet -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Printed:
    """What one label shows."""

    order_no: str
    logistic_no: str | None
    courier_name: str | None
    recipient_name: str | None
    recipient_phone: str | None
    recipient_address: str | None
    channel_order_no: str | None
    warehouse_name: str | None
    lines: list[tuple[str, int]]

    @classmethod
    def of(cls, row: Any, lines: list[tuple[str, int]]) -> Printed:
        numbers = ", ".join(filter(None, (row.channel_order_no, row.merged_orders)))  # and those merged with it
        return cls(row.order_no, row.logistic_no, row.courier_name, row.recipient_name, row.recipient_phone,
                   row.recipient_address, numbers or None, row.warehouse_name, lines)


def _label(key: str) -> str:
    return escape(t(f"wmsPrint.{key}"))


def sheet(rows: Sequence[Printed]) -> str:
    """The print-ready page, in the request's language."""
    totals: Counter[str] = Counter()
    for row in rows:
        for sku, quantity in row.lines:
            totals[sku] += quantity
    pick = "".join(f"<tr><td class='code'>{escape(sku)}</td><td class='num'>{quantity}</td></tr>"
                   for sku, quantity in sorted(totals.items()))
    labels = "".join(_label_page(row) for row in rows)
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return f"""<!doctype html>
<html lang="{escape(t('picking.lang'))}"><head><meta charset="utf-8">
<title>{_label('title')}</title><style>{STYLE}</style></head>
<body><section class="page pick"><h1>{_label('pickList')}</h1>
<p>{_label('orders')}: {len(rows)} · {_label('printedAt')}: {when}</p>
<table><thead><tr><th>{_label('sku')}</th><th>{_label('quantity')}</th></tr></thead><tbody>{pick}</tbody>
<tfoot><tr><td>{_label('total')}</td><td class="num">{sum(totals.values())}</td></tr></tfoot></table>
</section>{labels}
<script>window.addEventListener('load', () => window.print());</script>
</body></html>
"""


def _label_page(row: Printed) -> str:
    tracking = row.logistic_no or ""
    code = code128.svg(tracking) if tracking else f"<p class='missing'>{_label('noTracking')}</p>"
    address = escape(row.recipient_address or "—")
    content = escape(", ".join(f"{sku} × {quantity}" for sku, quantity in row.lines))
    return f"""<section class="page label" data-order-no="{escape(row.order_no)}">
<div class="carrier">{escape(row.courier_name or '—')}</div>
<div class="barcode" data-tracking-no="{escape(tracking)}">{code}</div>
<dl><dt>{_label('recipient')}</dt><dd>{escape(row.recipient_name or '—')} {escape(row.recipient_phone or '')}</dd>
<dt>{_label('address')}</dt><dd>{address}</dd>
<dt>{_label('orderNo')}</dt><dd>{escape(row.order_no)}</dd>
<dt>{_label('channelOrderNo')}</dt><dd>{escape(row.channel_order_no or '—')}</dd>
<dt>{_label('warehouse')}</dt><dd>{escape(row.warehouse_name or '')}</dd>
<dt>{_label('content')}</dt><dd>{content}</dd></dl>
</section>"""


STYLE = """
body { font: 11pt/1.35 system-ui, sans-serif; margin: 0; color: #000; }
.page { padding: 8mm; page-break-after: always; break-after: page; }
.page:last-of-type { page-break-after: auto; break-after: auto; }
h1 { font-size: 16pt; margin: 0 0 3mm; }
table { width: 100%; border-collapse: collapse; }
th, td { border: 1px solid #000; padding: 1.5mm 2mm; text-align: left; }
.num { text-align: right; } .code { font-family: ui-monospace, monospace; }
.label { width: 100mm; min-height: 140mm; box-sizing: border-box; }
.carrier { font-size: 16pt; font-weight: 700; margin-bottom: 3mm; }
.barcode svg { max-width: 100%; height: auto; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 1mm 4mm; margin: 3mm 0 0; }
dt { font-weight: 600; } dd { margin: 0; }
@page { size: 100mm 150mm; margin: 0; }
@media screen { .page { border-bottom: 1px dashed #999; } }
@media print { .page { border: 0; } }
"""
