"""Stock synchronisation with the sales channels and its exceptions (SPEC §8)."""

from __future__ import annotations

from enum import StrEnum


class StockSyncStatus(StrEnum):
    """SPEC §4 sync or push: not pushed, pushing, push failed, complete."""

    NOT_PUSHED = "NOT_PUSHED"
    PUSHING = "PUSHING"
    PUSH_FAILED = "PUSH_FAILED"
    COMPLETE = "COMPLETE"


class StockExceptionCause(StrEnum):
    """SPEC §8 stock exception causes of a stock push."""

    MULTIPLE_EXTERNAL_VARIATIONS = "MULTIPLE_EXTERNAL_VARIATIONS"
    NOT_CAUSED_BY_ORDER = "NOT_CAUSED_BY_ORDER"
    STOCK_SYNC_NOT_ENABLED = "STOCK_SYNC_NOT_ENABLED"
    PROMOTION_STOCK_NOT_ENABLED = "PROMOTION_STOCK_NOT_ENABLED"
    ORDER_PULL_DELAY = "ORDER_PULL_DELAY"
    ORDER_RECEIVED_AFTER_PUSH = "ORDER_RECEIVED_AFTER_PUSH"
    CHANNEL_PUSH_FAILED = "CHANNEL_PUSH_FAILED"
    STOCK_NOT_PUSHED = "STOCK_NOT_PUSHED"
    SYNC_DELAY = "SYNC_DELAY"


class StockEventKind(StrEnum):
    """What happened to a merchant's stock settings or channel stock (the stock events screen)."""

    SYNC = "SYNC"  # sync stock to one store
    FIX = "FIX"  # stock fix: balances rebuilt from their change records
    LOCK_STOCK = "LOCK_STOCK"  # the lock stock switch turned on or off
    PROMOTION_STOCK = "PROMOTION_STOCK"  # the promotion stock switch turned on or off
