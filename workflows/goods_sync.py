"""Product sync (domain/flows/goods_sync.py): one run of one shop, `goods-sync-{shopId}-...`, found by `ShopId` in
the Web UI. It reads the window to pull, stores the channel's pages one activity each (a page the channel did not
answer is retried with back-off, a rate-limited one after the channel's Retry-After), and moves the shop's latest
product sync time when no page failed: succeeded, partial (some listings could not be stored, named in the
tally) or failed ('sync failed')."""

from __future__ import annotations

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from activities.goods_sync import begin_product_sync, finish_product_sync, sync_product_page
    from domain.enums.order_sync import OrderSyncStatus
    from domain.flows.goods_sync import (
        FAILED_SHOWN,
        PAGE_ACTIVITY,
        STATUS,
        WORKFLOW,
        BeginProductSync,
        ProductPageDone,
        ProductSyncFinish,
        ProductSyncPage,
        ProductSyncStart,
        ProductSyncTally,
    )
    from workflows.jobs import failure_text
    from workflows.options import DEFAULT_ACTIVITY


@workflow.defn(name=WORKFLOW)
class ProductSyncWorkflow:
    def __init__(self) -> None:
        self.tally = ProductSyncTally()

    def add(self, page: ProductPageDone) -> None:
        t = self.tally
        t.pages += 1
        t.fetched, t.created, t.updated = t.fetched + page.fetched, t.created + page.created, t.updated + page.updated
        t.unchanged, t.failed = t.unchanged + page.unchanged, t.failed + page.failed
        t.failed_items = (t.failed_items + page.failed_items)[:FAILED_SHOWN]

    @workflow.run
    async def run(self, start: ProductSyncStart) -> ProductSyncTally:
        self.tally.shop_id = start.shop_id
        begun = await workflow.execute_activity(
            begin_product_sync, BeginProductSync(shop_id=start.shop_id, now=workflow.now()), **DEFAULT_ACTIVITY)
        if begun.skip is not None:
            self.tally.status, self.tally.message = OrderSyncStatus.SUCCEEDED, begun.skip
            return self.tally
        token: str | None = None
        try:
            while True:
                page = await workflow.execute_activity(sync_product_page, ProductSyncPage(
                    shop_id=start.shop_id, since=begun.since, until=begun.until, page_size=begun.page_size,
                    token=token), **PAGE_ACTIVITY)
                self.add(page)
                if page.next_token is None:
                    break
                token = page.next_token
        except ActivityError as exc:
            self.tally.status, self.tally.message = OrderSyncStatus.FAILED, f"sync failed: {failure_text(exc)}"[:500]
            raise ApplicationError(self.tally.message, non_retryable=True) from exc
        await workflow.execute_activity(finish_product_sync, ProductSyncFinish(
            shop_id=start.shop_id, until=begun.until), **DEFAULT_ACTIVITY)
        self.tally.status = OrderSyncStatus.PARTIAL if self.tally.failed else OrderSyncStatus.SUCCEEDED
        return self.tally

    @workflow.query(name=STATUS)
    def status(self) -> ProductSyncTally:
        return self.tally
