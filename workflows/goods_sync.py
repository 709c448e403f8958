"""Product sync (domain/flows/goods_sync.py): one run of one shop, `goods-sync-{shopId}-...` (its Schedule's or
"Sync products"), found by `ShopId` in the Web UI. It records the run and the window to pull, stores the channel's
pages one activity each (a page the channel did not answer is retried with back-off, a rate-limited one after the
channel's Retry-After), and finishes the run, moving the shop's latest product sync time when no page failed:
succeeded, partial (some listings could not be stored: the run's failures) or failed ('sync failed')."""

from __future__ import annotations

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from activities.goods_sync import begin_product_sync, finish_product_sync, sync_product_page
    from domain.enums.order_sync import ProductSyncStatus
    from domain.flows.goods_sync import (
        FAILED_SHOWN,
        PAGE_ACTIVITY,
        STATUS,
        WORKFLOW,
        BeginProductSync,
        ProductPageDone,
        ProductSyncBegun,
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

    async def pages(self, start: ProductSyncStart, begun: ProductSyncBegun) -> None:
        token: str | None = None
        while True:
            page = await workflow.execute_activity(sync_product_page, ProductSyncPage(
                run_id=begun.run_id, shop_id=start.shop_id, since=begun.since, until=begun.until,
                page_size=begun.page_size, token=token), **PAGE_ACTIVITY)
            self.add(page)
            if page.next_token is None:
                return
            token = page.next_token

    @workflow.run
    async def run(self, start: ProductSyncStart) -> ProductSyncTally:
        self.tally.shop_id = start.shop_id
        begun = await workflow.execute_activity(begin_product_sync, BeginProductSync(
            start=start, workflow_id=workflow.info().workflow_id, now=workflow.now()), **DEFAULT_ACTIVITY)
        self.tally.run_id = begun.run_id
        failure: str | None = None
        if begun.skip is None:
            try:
                await self.pages(start, begun)
            except ActivityError as exc:
                failure = failure_text(exc)[:500]
        done = await workflow.execute_activity(finish_product_sync, ProductSyncFinish(
            run_id=begun.run_id, failure=failure, skipped=begun.skip, tally=self.tally), **DEFAULT_ACTIVITY)
        self.tally.status, self.tally.message, self.tally.failed = done.status, done.message, done.failed
        if done.status == ProductSyncStatus.FAILED:
            raise ApplicationError(done.message or "sync failed", non_retryable=True)
        return self.tally

    @workflow.query(name=STATUS)
    def status(self) -> ProductSyncTally:
        return self.tally
