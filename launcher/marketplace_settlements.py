"""The demo marketplace's settlements (payouts), derived from its orders (launcher/marketplace.py).

A paid order is settled six hours after its payment: its total less the channel's fee (3 %), one line per order.
Like a real channel's, not every payout is right: by a stable hash of the order number most match, some are
short-paid, a few over-paid, some missing, and a few lines name orders the shop never had. A test or the console's
demo fixes an order's outcome with `POST /control/settlements {"shop": id, "orders": {"No": "match" | "short" |
"over" | "missing"}, "unknown": ["No", ...]}`.

    GET /shops/{shop}/settlements?paidFrom=&paidTo=&pageToken=&pageSize=   lines paid in [from, to), by
        (paidAt, lineId); `nextPageToken` until the last page
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from demo.regions import region_of
from domain.rules.money import quantize
from launcher.marketplace_pages import iso as _iso
from launcher.marketplace_pages import page

FEE_RATE = Decimal("0.03")
SETTLE_AFTER = timedelta(hours=6)
OUTCOMES = ("match", "short", "over", "missing")


def default_outcome(order_no: str) -> str:
    bucket = int(hashlib.sha1(order_no.encode()).hexdigest()[:8], 16) % 100
    if bucket < 8:
        return "missing"
    if bucket < 16:
        return "short"
    if bucket < 19:
        return "over"
    return "match"


def _line(shop: Any, order_no: str, total: Decimal, paid_at: datetime, outcome: str) -> dict[str, Any]:
    region = region_of(shop.region)
    currency = region.currency
    fees = quantize(total * FEE_RATE, currency)
    amount = total - fees
    if outcome == "short":
        amount -= quantize(total * Decimal("0.05"), currency) or Decimal(1)
    elif outcome == "over":
        amount += region.local(1000)
    return {"settlementId": f"ST-{shop.shop_id[-6:]}-{paid_at:%Y%m%d}", "lineId": f"{order_no}-1",
            "orderNo": order_no, "amount": str(amount), "fees": str(fees), "currency": currency,
            "paidAt": _iso(paid_at)}


def settlement_lines(shop: Any, now: datetime) -> list[dict[str, Any]]:
    """Every line the shop's channel has paid out by `now` (`shop` is launcher.marketplace.Shop)."""
    lines: list[dict[str, Any]] = []
    for number, order in shop.orders.items():
        outcome = shop.settle.get(number) or (default_outcome(number) if order.get("paidAt") else "missing")
        if outcome == "missing":
            continue
        paid = datetime.fromisoformat(order.get("paidAt") or order["orderedAt"]) + SETTLE_AFTER
        if paid <= now:
            lines.append(_line(shop, number, Decimal(order["total"]), paid, outcome))
    for number, paid in shop.unknown.items():
        if paid <= now:
            lines.append(_line(shop, number, region_of(shop.region).local(100_000), paid, "match"))
    return lines


def settlement_page(shop: Any, since: datetime, until: datetime, token: str | None, size: int,
                    now: datetime) -> tuple[list[dict[str, Any]], str | None]:
    """The lines paid in [since, until) after `token`, and the next page's token (None on the last page)."""
    return page(settlement_lines(shop, now), "paidAt", "lineId", since, until, token, size)


def control(shop: Any, body: dict[str, Any], now: datetime) -> None:
    """`/control/settlements`: fix orders' outcomes and add payouts for orders the shop never had."""
    for number, outcome in (body.get("orders") or {}).items():
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}: one of {', '.join(OUTCOMES)}")
        shop.settle[str(number)] = outcome
    for number in body.get("unknown") or []:
        shop.unknown[str(number)] = now - SETTLE_AFTER
