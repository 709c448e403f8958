"""What a sync run's message says (SPEC §8), orders' and products': stored in these words, which the run's list
shows in the reader's language; a failure's cause after them (the channel's or Temporal's own words) stays as it
came."""

from __future__ import annotations

from domain.i18n import t

SOME_ORDERS_FAILED = "some orders failed, retry later"
SOME_PRODUCTS_FAILED = "some products failed, retry later"
SYNC_FAILED = "sync failed"
RETRY_SUCCEEDED = "retry succeeded"
SHOP_DELETED = "the shop was deleted"
# why a run did nothing (it ends succeeded, saying so)
NOT_SYNCABLE = "the shop is unbound or not connected"
ANOTHER_RUNNING = "another product sync of the shop was under way"

SAID = {SOME_ORDERS_FAILED: "order_sync.someFailed", SOME_PRODUCTS_FAILED: "enums.ProductSyncStatus.PARTIAL",
        SYNC_FAILED: "order_sync.failed", RETRY_SUCCEEDED: "order_sync.retrySucceeded",
        SHOP_DELETED: "order_sync.shopDeleted", NOT_SYNCABLE: "order_sync.notSyncable",
        ANOTHER_RUNNING: "order_sync.anotherRunning"}


def said(message: str | None) -> str | None:
    """A run's message in the reader's language: 'sync failed: <cause>' -> 'Sync failed: <cause>', '同步失败: …'."""
    if message is None:
        return None
    words, colon, cause = message.partition(": ")
    key = SAID.get(words)
    return message if key is None else t(key) + colon + cause
