"""Stock sync (SPEC §2 stock screens, §4 stock lock and promotion stock, §5 sync stock and stock fix, §8 stock
exception causes): what one store's sync pushes for one sku, and the checks of the two audited actions.

Pure: the figures come from the balances of the warehouses bound to the store, the switches from the merchant's
stock settings; the workflow and the API call these with what they read.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from domain.enums import StockExceptionCause, StockMovementType, StockSyncStatus
from domain.errors import DomainError, Invalid, Problem

FIX_MAX_SKUS = 200  # one stock fix repairs at most this many SKUs (each over every warehouse of the merchant)
SKU_MAX = 100  # as the stock module keeps it
SYNC_DELAY = timedelta(minutes=5)  # a push written later than this after the request notes a sync delay
PUSH_BATCH = 500  # SKUs planned and written per activity call
PULL_DELAY = timedelta(minutes=5)  # a channel order received later than this after it was placed was pulled late
Cause = StockExceptionCause


@dataclass(frozen=True)
class Switches:
    """The merchant's stock settings (SPEC §4: each on or off)."""

    lock_stock: bool = False  # main-store stock lock: the store's stock is held, nothing is pushed
    promotion_stock: bool = False  # promotion stock kept for promotions: not pushed to the regular listing


@dataclass(frozen=True)
class Store:
    """What of the store decides whether anything can be pushed to its channel."""

    bound: bool  # still bound to the merchant (shops screen)
    connected: bool  # its channel connection is live
    sync_enabled: bool  # at least one of its warehouse bindings has stock sync on


@dataclass(frozen=True)
class Figures:
    """One sku summed over the warehouses bound to the store with sync on."""

    available: int
    promotion: int


@dataclass(frozen=True)
class Push:
    quantity: int
    status: StockSyncStatus
    cause: StockExceptionCause | None


@dataclass(frozen=True)
class ChannelOrder:
    """An outbound order of the sku fulfilling a channel order of the store (services/stock/orders.py)."""

    channel_order_no: str
    ordered_at: datetime  # when the buyer placed it on the channel
    received_at: datetime  # when it reached us (the outbound order was created)


@dataclass(frozen=True)
class SincePrevious:
    """What happened to one sku of the store since its previous completed push: when that was and what the
    channel was told, and the channel orders of the sku received since (all of them when it was never pushed)."""

    pushed_at: datetime | None = None
    quantity: int | None = None
    orders: tuple[ChannelOrder, ...] = ()


def order_cause(since: SincePrevious, quantity: int) -> StockExceptionCause | None:
    """SPEC §8, the causes seen by comparing the store's channel orders with its pushes:
    - one channel order arrived as several outbound orders of this sku: several external variations of the
      listing map to it ('multiple external variations in one order');
    - an order placed before the previous push reached us after it: that push did not count it ('orders received
      after push');
    - an order reached us more than PULL_DELAY after it was placed ('order pull delay');
    - the quantity differs from what the previous push told the channel, and no channel order came since: a
      manual movement, a receipt or a fix changed it ('not caused by an order')."""
    numbers = [o.channel_order_no for o in since.orders]
    if len(numbers) != len(set(numbers)):
        return Cause.MULTIPLE_EXTERNAL_VARIATIONS
    if since.pushed_at is not None and any(o.ordered_at <= since.pushed_at for o in since.orders):
        return Cause.ORDER_RECEIVED_AFTER_PUSH
    if any(o.received_at - o.ordered_at > PULL_DELAY for o in since.orders):
        return Cause.ORDER_PULL_DELAY
    if since.quantity is not None and since.quantity != quantity and not since.orders:
        return Cause.NOT_CAUSED_BY_ORDER
    return None


def plan_push(figures: Figures, switches: Switches, store: Store, requested_at: datetime,
              pushed_at: datetime, since: SincePrevious = SincePrevious()) -> Push:
    """SPEC §4 and §8: the quantity one sku would show on the store's channel, and why it was not pushed, or
    what is off about it. The first cause that applies wins, in the order a merchant would check them."""
    quantity = max(0, figures.available + (0 if switches.promotion_stock else figures.promotion))
    if not store.sync_enabled:
        return Push(quantity, StockSyncStatus.NOT_PUSHED, Cause.STOCK_SYNC_NOT_ENABLED)
    if switches.lock_stock:
        return Push(quantity, StockSyncStatus.NOT_PUSHED, Cause.STOCK_NOT_PUSHED)
    if not (store.bound and store.connected):
        return Push(quantity, StockSyncStatus.PUSH_FAILED, Cause.CHANNEL_PUSH_FAILED)
    cause = order_cause(since, quantity)
    if cause is None and figures.promotion > 0 and not switches.promotion_stock:
        cause = Cause.PROMOTION_STOCK_NOT_ENABLED
    if cause is None and pushed_at - requested_at > SYNC_DELAY:
        cause = Cause.SYNC_DELAY
    return Push(quantity, StockSyncStatus.COMPLETE, cause)


# ---- a push's status (SPEC §4 sync or push: not pushed, pushing, push failed, complete) -------------------------

RETRYABLE = frozenset({StockSyncStatus.PUSH_FAILED, StockSyncStatus.NOT_PUSHED})


def check_attempt(status: StockSyncStatus) -> None:
    """A push row is written PUSHING; its attempt moves it once, to what the channel answered."""
    if status != StockSyncStatus.PUSHING:
        raise DomainError("STOCK_PUSH_NOT_PUSHING", status=409, current=f"enums.StockSyncStatus.{status.value}")


def check_retry(status: StockSyncStatus) -> None:
    """A push that failed or was not pushed may be tried again (it goes back to PUSHING and is attempted with the
    stock and settings of now); one pushing or complete may not."""
    if status not in RETRYABLE:
        raise DomainError("STOCK_PUSH_NOT_RETRYABLE", status=409, current=f"enums.StockSyncStatus.{status.value}")


def fix_skus(skus: Iterable[str]) -> list[str]:
    """SPEC §5: stock fix needs inventory SKUs. Blank entries are dropped and repeats counted once; none left,
    too many, or one too long is refused naming `skus`."""
    cleaned = list(dict.fromkeys(s.strip() for s in skus if s and s.strip()))
    if not cleaned:
        raise Invalid("skus", "required")
    problems = []  # too many and too long named together
    if len(cleaned) > FIX_MAX_SKUS:
        problems.append(Problem("skus", "stock_fix_too_many", {"max": FIX_MAX_SKUS}))
    too_long = [s for s in cleaned if len(s) > SKU_MAX]
    if too_long:
        problems.append(Problem("skus", "stock_sku_too_long", {"max": SKU_MAX, "sku": too_long[0][:SKU_MAX] + "…"}))
    if problems:
        raise Invalid.of(problems)
    return cleaned


def unknown_skus(asked: list[str], known: Iterable[str]) -> list[str]:
    """The SKUs of a fix that the merchant has no stock of, in the order asked."""
    have = set(known)
    return [s for s in asked if s not in have]


@dataclass(frozen=True)
class SyncTarget:
    """SPEC §5: sync stock needs merchant, country, channel and store."""

    merchant_id: int
    country: str
    channel: str
    shop_id: int


def check_store(asked: SyncTarget, merchant_id: int, country: str, channel: str) -> None:
    """The store picked must be the merchant's, in the country and on the channel picked: a mismatch names the
    field that disagrees with the store."""
    problems = []  # every field that disagrees, at once
    if merchant_id != asked.merchant_id:
        problems.append(Problem("shopId", "stock_store_not_merchants"))
    if country != asked.country:
        problems.append(Problem("country", "stock_store_country", {"country": country}))
    if channel != asked.channel:
        problems.append(Problem("channel", "stock_store_channel", {"channel": channel}))
    if problems:
        raise Invalid.of(problems)


# ---- lock stock (SPEC §2 stock screens) ------------------------------------------------------------------------

# Movements a lock refuses: new stock taken out of the merchant's warehouses by hand or by a new outbound order.
# What a live order does next (its package leaves, its void) goes on: that stock was taken before the lock.
LOCK_REFUSES = frozenset({StockMovementType.MANUAL_OUTBOUND, StockMovementType.TRANSFER_OUTBOUND,
                          StockMovementType.LOCK_OUTBOUND})


@dataclass(frozen=True)
class Lock:
    """One lock as a refusal names it: the store's name or the SKU, who locked it and when."""

    store: bool
    target: str
    by: str | None
    at: datetime


def refuse_locked(lock: Lock | None) -> None:
    """A locked store's stock is not synced; a locked SKU is neither pushed nor taken out of the merchant's
    warehouses: refused naming the lock, who set it and when."""
    if lock is not None:
        raise DomainError("STOCK_STORE_LOCKED" if lock.store else "STOCK_SKU_LOCKED", status=409,
                          target=lock.target, by=lock.by or "-", at=f"{lock.at:%Y-%m-%d %H:%M} UTC")


def check_lock_target(shop_id: int | None, product_id: int | None) -> None:
    """A lock holds one store's stock or one SKU's, never both, never neither."""
    if shop_id is None and product_id is None:
        raise Invalid("shopId", "stock_lock_target")
    if shop_id is not None and product_id is not None:
        raise Invalid("productId", "stock_lock_one_target")
