"""An outbound order's picking list (SPEC §4 print status): a print-styled HTML page of what the warehouse picks,
line by line: SKU, product name, quantity to pick, the shelves holding the SKU in the order's warehouse, with the
order number and each SKU also written as barcode text (Code 39 style `*TEXT*`, which a barcode font or a scanner
reads), and every channel order the package carries (those merged into it too). Labels are in the reader's
language; every value is escaped."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.i18n import t
from domain.models.stock import ShelfStock
from domain.models.stock_orders import StockOrder, merged_orders
from domain.models.warehouses import Shelf, Warehouse, WmsProduct

SHELVES_SHOWN = 5  # the fullest shelves of a SKU named on its line


@dataclass(frozen=True)
class PickLine:
    sku: str
    name: str
    quantity: int  # what remains to pick (planned, less what was shipped)
    shelves: list[str]


async def pick_lines(db: AsyncSession, row: StockOrder) -> list[PickLine]:
    skus = [line.sku for line in row.lines]
    named = await db.execute(select(WmsProduct.sku, WmsProduct.name).where(
        WmsProduct.merchant_id == row.merchant_id, WmsProduct.sku.in_(skus)))
    names = {sku: name for sku, name in named}
    shelves: dict[str, list[str]] = {}
    held = await db.execute(
        select(ShelfStock.sku, Shelf.code).join(Shelf, Shelf.id == ShelfStock.shelf_id)
        .where(ShelfStock.warehouse_id == row.warehouse_id, ShelfStock.sku.in_(skus), ShelfStock.quantity > 0)
        .order_by(ShelfStock.sku, ShelfStock.quantity.desc(), Shelf.code))
    for sku, code in held:
        shelves.setdefault(sku, []).append(code)
    return [PickLine(line.sku, names.get(line.sku, ""), line.planned - line.done,
                     shelves.get(line.sku, [])[:SHELVES_SHOWN]) for line in row.lines]


async def channel_orders(db: AsyncSession, row: StockOrder) -> list[str]:
    """The channel orders the package carries: the one it is named after, then those merged into it."""
    merged = await db.scalar(select(merged_orders()).where(StockOrder.id == row.id))
    return [number for number in (row.channel_order_no, merged) if number]


def barcode_text(value: str) -> str:
    return f"*{value.upper()}*"


async def picking_list(db: AsyncSession, row: StockOrder) -> str:
    """The page, in the request's language (domain/i18n.current_language)."""
    warehouse = (await db.execute(select(Warehouse.name, Warehouse.code).where(
        Warehouse.id == row.warehouse_id))).one()
    lines = await pick_lines(db, row)
    label = {key: escape(t(f"picking.{key}")) for key in (
        "title", "orderNo", "warehouse", "printedAt", "sku", "name", "quantity", "shelf", "barcode", "total", "noShelf",
        "logisticNo", "channelOrderNo")}
    body = "".join(
        f"<tr><td>{i}</td><td class='code'>{escape(line.sku)}</td><td>{escape(line.name)}</td>"
        f"<td class='num'>{line.quantity}</td><td>{escape(', '.join(line.shelves)) or label['noShelf']}</td>"
        f"<td class='barcode'>{escape(barcode_text(line.sku))}</td></tr>"
        for i, line in enumerate(lines, start=1))
    carried = ", ".join(await channel_orders(db, row)) or "—"
    facts = [(label["orderNo"], row.order_no), (label["warehouse"], f"{warehouse.name} ({warehouse.code})"),
             (label["logisticNo"], row.logistic_no or "—"), (label["channelOrderNo"], carried),
             (label["printedAt"], datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"))]
    head = "".join(f"<dt>{name}</dt><dd>{escape(value)}</dd>" for name, value in facts)
    return f"""<!doctype html>
<html lang="{escape(t('picking.lang'))}"><head><meta charset="utf-8">
<title>{label['title']} {escape(row.order_no)}</title>
<style>{STYLE}</style></head>
<body><h1>{label['title']}</h1>
<p class="barcode big" data-testid="order-barcode">{escape(barcode_text(row.order_no))}</p>
<dl>{head}</dl>
<table><thead><tr><th>#</th><th>{label['sku']}</th><th>{label['name']}</th><th>{label['quantity']}</th>
<th>{label['shelf']}</th><th>{label['barcode']}</th></tr></thead>
<tbody>{body}</tbody>
<tfoot><tr><td colspan="3">{label['total']}</td><td class="num">{sum(line.quantity for line in lines)}</td>
<td colspan="2"></td></tr></tfoot></table>
</body></html>
"""


STYLE = """
body { font: 12pt/1.4 system-ui, sans-serif; margin: 16mm; color: #000; }
h1 { font-size: 18pt; margin: 0 0 4mm; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 1mm 6mm; margin: 0 0 6mm; }
dt { font-weight: 600; } dd { margin: 0; }
table { width: 100%; border-collapse: collapse; }
th, td { border: 1px solid #000; padding: 2mm; text-align: left; vertical-align: top; }
.num { text-align: right; } .code { font-family: ui-monospace, monospace; }
.barcode { font-family: "Libre Barcode 39 Text", "Free 3 of 9", ui-monospace, monospace; letter-spacing: 1px; }
.big { font-size: 20pt; margin: 0 0 4mm; }
tr { page-break-inside: avoid; }
@page { size: A4; margin: 0; }
@media print { body { margin: 12mm; } }
"""
