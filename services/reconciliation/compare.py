"""The comparison of a reconciliation run, set-based: one statement writes an item per order of the period (and
per payment naming an order the shop never had), a second sums them into the run's totals.

expected = the order's total less the fees the channel's settlement lines name (nothing for a cancelled order);
paid = the sum of the order's settlement lines. A cancelled order without a payment is no item; one the channel
paid is OVER_PAID. The kinds follow domain/rules/reconciliation.kind_of."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums.reconciliation import ReconciliationKind

COMPARE = text("""
WITH o AS (
    SELECT o.id, o.shop_id, o.channel_order_no, o.total, o.currency, o.ordered_at,
           o.status = 'CANCELLED' AS cancelled
    FROM orders o
    WHERE o.merchant_id = :merchant AND o.ordered_at >= :since AND o.ordered_at < :until
      AND (CAST(:shop AS bigint) IS NULL OR o.shop_id = :shop)
), s AS (
    SELECT l.shop_id, l.channel_order_no, sum(l.amount) AS amount, sum(l.fees) AS fees, max(l.paid_at) AS paid_at,
           max(l.currency) AS currency, left(string_agg(DISTINCT l.settlement_id, ','), 500) AS settlement_ids
    FROM settlement_lines l
    WHERE l.merchant_id = :merchant AND l.paid_at >= :since AND l.paid_at < :paid_until
      AND (CAST(:shop AS bigint) IS NULL OR l.shop_id = :shop)
    GROUP BY l.shop_id, l.channel_order_no
), j AS (
    SELECT coalesce(o.shop_id, s.shop_id) AS shop_id, coalesce(o.channel_order_no, s.channel_order_no) AS number,
           o.id AS order_id, o.total, coalesce(o.currency, s.currency) AS currency, o.ordered_at,
           coalesce(o.cancelled, false) AS cancelled, coalesce(s.fees, 0) AS fees, s.amount, s.paid_at,
           s.settlement_ids,
           CASE WHEN o.id IS NULL OR o.cancelled THEN 0 ELSE o.total - coalesce(s.fees, 0) END AS expected
    FROM o FULL JOIN s ON s.shop_id = o.shop_id AND s.channel_order_no = o.channel_order_no
    WHERE (o.id IS NOT NULL AND NOT (o.cancelled AND s.amount IS NULL))
       OR (o.id IS NULL AND s.paid_at < :until AND NOT EXISTS (
           SELECT 1 FROM order_keys k WHERE k.shop_id = s.shop_id AND k.channel_order_no = s.channel_order_no))
)
INSERT INTO reconciliation_items (run_id, merchant_id, shop_id, channel_order_no, order_id, kind, currency,
                                  order_total, fees, expected, paid, difference, ordered_at, paid_at, settlement_ids)
SELECT :run, :merchant, shop_id, number, order_id,
       CASE WHEN order_id IS NULL THEN 'UNKNOWN_ORDER'
            WHEN amount IS NULL THEN 'UNPAID'
            WHEN amount < expected THEN 'SHORT_PAID'
            WHEN amount > expected THEN 'OVER_PAID'
            ELSE 'MATCHED' END,
       currency, total, fees, expected, coalesce(amount, 0), coalesce(amount, 0) - expected, ordered_at, paid_at,
       settlement_ids
FROM j
""")

# A difference the replaced run had resolved stays resolved, with its note, while it is the same difference.
CARRY = text("""
UPDATE reconciliation_items i
SET resolved_at = c.resolved_at, resolved_by = c.resolved_by, resolution_note = c.resolution_note
FROM reconciliation_runs r, jsonb_to_recordset(r.carried_resolutions) AS c(
    shop_id bigint, channel_order_no text, kind text, difference numeric, resolved_at timestamptz,
    resolved_by text, resolution_note text)
WHERE r.id = :run AND i.run_id = :run AND i.shop_id = c.shop_id AND i.channel_order_no = c.channel_order_no
  AND i.kind = c.kind AND i.difference = c.difference
""")

TOTALS = text("""
SELECT kind, count(*) AS n, coalesce(sum(expected), 0) AS expected, coalesce(sum(paid), 0) AS paid,
       count(DISTINCT currency) AS currencies, max(currency) AS currency
FROM reconciliation_items WHERE run_id = :run GROUP BY kind
""")


async def compare(db: AsyncSession, *, run_id: int, merchant_id: int, shop_id: int | None, since: datetime,
                  until: datetime, paid_until: datetime) -> tuple[dict[str, int], Decimal, Decimal, str | None]:
    """The run's items written afresh (a retried activity writes the same), the replaced run's resolutions given
    back to the differences that stand, and (counts per kind, expected, paid,
    the currency when there is one)."""
    await db.execute(text("DELETE FROM reconciliation_items WHERE run_id = :run"), {"run": run_id})
    await db.execute(COMPARE, {"run": run_id, "merchant": merchant_id, "shop": shop_id, "since": since,
                               "until": until, "paid_until": paid_until})
    await db.execute(CARRY, {"run": run_id})
    counts = {kind.value: 0 for kind in ReconciliationKind}
    expected = paid = Decimal(0)
    currencies: set[str] = set()
    for row in (await db.execute(TOTALS, {"run": run_id})).all():
        counts[row.kind] = row.n
        expected += row.expected
        paid += row.paid
        if row.currency:
            currencies.add(row.currency)
    return counts, expected, paid, (next(iter(currencies)) if len(currencies) == 1 else None)
