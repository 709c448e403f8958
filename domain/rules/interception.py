"""Auto interception and the stock side of an order's fulfilment, as pure rules: whether a rule matches an order,
which of a merchant's rules holds it, the ledger keys of an order line's reservation, and the SPEC §8 stock
exception cause an order short of stock is held with. services/orders/fulfilment.py reads and writes; nothing
here touches the database."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from domain.enums import StockExceptionCause, StockSyncStatus

NAME_MAX = 100
KEYWORD_MAX = 100
REMARK_MAX = 500
PRIORITY_MAX = 9999
SHOPS_MAX = 50
SKUS_MAX = 100


class LineStock(StrEnum):
    """What an order line's stock at the shop's warehouse is: reserved at acceptance, short (nothing reserved),
    released (cancelled or held again), or shipped through an outbound order."""

    RESERVED = "RESERVED"
    SHORT = "SHORT"
    RELEASED = "RELEASED"
    SHIPPED = "SHIPPED"


@dataclass(frozen=True)
class OrderFacts:
    """What a rule looks at in an order."""

    channel: str
    shop_id: int
    country: str | None
    total: Decimal
    skus: frozenset[str]
    buyer: tuple[str | None, ...]  # name, phone, email, recipient, address lines: what a keyword is looked for in


@dataclass(frozen=True)
class Rule:
    id: int
    name: str
    priority: int
    channels: Sequence[str] = ()
    shop_ids: Sequence[int] = ()
    country: str | None = None
    min_total: Decimal | None = None
    max_total: Decimal | None = None
    skus: Sequence[str] = ()
    buyer_keyword: str | None = None


def matches(rule: Rule, order: OrderFacts) -> bool:
    """Every condition the rule sets holds for the order (an empty list or a null is "any")."""
    keyword = (rule.buyer_keyword or "").strip().casefold()
    return all((
        not rule.channels or order.channel in rule.channels,
        not rule.shop_ids or order.shop_id in rule.shop_ids,
        rule.country is None or order.country == rule.country,
        rule.min_total is None or order.total >= rule.min_total,
        rule.max_total is None or order.total <= rule.max_total,
        not rule.skus or not order.skus.isdisjoint(rule.skus),
        not keyword or any(keyword in (text or "").casefold() for text in order.buyer),
    ))


def first_match(rules: Iterable[Rule], order: OrderFacts, released: Iterable[int] = ()) -> Rule | None:
    """The enabled rule that holds the order: the first by priority (then the older rule) that matches, skipping
    the rules whose hold on this order was released."""
    skipped = set(released)
    ordered = sorted((r for r in rules if r.id not in skipped), key=lambda r: (r.priority, r.id))
    return next((r for r in ordered if matches(r, order)), None)


def check_totals(min_total: Decimal | None, max_total: Decimal | None) -> bool:
    return min_total is None or max_total is None or min_total <= max_total


def has_condition(channels: Sequence[str], shop_ids: Sequence[int], skus: Sequence[str], country: str | None,
                  min_total: Decimal | None, max_total: Decimal | None, buyer_keyword: str | None) -> bool:
    return bool(channels or shop_ids or skus) or any(
        v is not None for v in (country, min_total, max_total, buyer_keyword))


# ---- the ledger keys of an order's stock -----------------------------------------------------------------------

def reserve_key(order_id: int, revision: int, line_no: int) -> str:
    """The reservation of a line at an acceptance: the order's revision when accepted makes each acceptance its
    own (an order released and accepted again reserves again); a retried acceptance reserves once."""
    return f"order:{order_id}:r{revision}:reserve:{line_no}"


def release_key(reserve: str) -> str:
    """The release of one reservation, once in its life, whichever of cancel or hold asks for it."""
    return f"{reserve}:release"


def handover_key(reserve: str) -> str:
    """The reservation handed to the outbound order that ships it (its own lock takes its place)."""
    return f"{reserve}:handover"


# ---- why an order is short of stock (SPEC §8) ------------------------------------------------------------------

@dataclass(frozen=True)
class LastPush:
    """The latest stock push of the short SKU to the order's store."""

    status: StockSyncStatus
    cause: StockExceptionCause | None
    pushed_at: datetime


def short_cause(sync_enabled: bool, push: LastPush | None, ordered_at: datetime) -> StockExceptionCause:
    """Why the channel sold what the warehouse does not hold: the store's stock is not synced, the SKU was never
    pushed, its push failed or had its own exception, the order came after the last push, or the sync lagged."""
    if not sync_enabled:
        return StockExceptionCause.STOCK_SYNC_NOT_ENABLED
    if push is None or push.status == StockSyncStatus.NOT_PUSHED:
        return StockExceptionCause.STOCK_NOT_PUSHED
    if push.status == StockSyncStatus.PUSH_FAILED:
        return StockExceptionCause.CHANNEL_PUSH_FAILED
    if push.cause is not None:
        return push.cause
    if ordered_at > push.pushed_at:
        return StockExceptionCause.ORDER_RECEIVED_AFTER_PUSH
    return StockExceptionCause.SYNC_DELAY
