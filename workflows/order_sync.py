"""Order sync (docs/order-sync.md): one run of one shop, `order-sync-{shopId}-...`, found by `ShopId` in the Web
UI. It records the run, pulls the channel's pages one activity each (a page the channel did not answer is retried
with back-off, a rate-limited one after the channel's Retry-After), and finishes the run: succeeded, partial
('some orders failed, retry later', the failed orders listed) or failed ('sync failed'). A retry run fetches only
the failed orders of the run it retries, in one activity."""

from __future__ import annotations

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from activities.order_sync import begin_order_sync, finish_order_sync, retry_failed_orders, sync_order_page
    from domain.enums.order_sync import OrderSyncKind, OrderSyncStatus
    from domain.flows.order_sync import (
        PAGE_ACTIVITY,
        STATUS,
        WORKFLOW,
        BeginSync,
        OrderSyncStart,
        PageDone,
        SyncFinish,
        SyncPage,
        SyncTally,
    )
    from workflows.jobs import failure_text
    from workflows.options import DEFAULT_ACTIVITY


@workflow.defn(name=WORKFLOW)
class OrderSyncWorkflow:
    def __init__(self) -> None:
        self.tally = SyncTally()

    def add(self, page: PageDone) -> None:
        self.tally.pages += 1
        self.tally.fetched += page.fetched
        self.tally.created += page.created
        self.tally.updated += page.updated
        self.tally.failed += page.failed

    @workflow.run
    async def run(self, start: OrderSyncStart) -> SyncTally:
        begun = await workflow.execute_activity(begin_order_sync, BeginSync(
            start=start, workflow_id=workflow.info().workflow_id, now=workflow.now()), **DEFAULT_ACTIVITY)
        self.tally.run_id = begun.run_id
        failure: str | None = None
        try:
            if begun.skip is None and start.kind == OrderSyncKind.RETRY:
                self.add(await workflow.execute_activity(
                    retry_failed_orders, SyncPage(run_id=begun.run_id), **PAGE_ACTIVITY))
            elif begun.skip is None:
                token: str | None = None
                while True:
                    page = await workflow.execute_activity(
                        sync_order_page, SyncPage(run_id=begun.run_id, token=token),
                        **PAGE_ACTIVITY)
                    self.add(page)
                    if page.next_token is None:
                        break
                    token = page.next_token
        except ActivityError as exc:
            failure = failure_text(exc)[:500]
        done = await workflow.execute_activity(finish_order_sync, SyncFinish(
            run_id=begun.run_id, failure=failure, tally=self.tally),
                                               **DEFAULT_ACTIVITY)
        self.tally.status, self.tally.message = done.status, done.message
        if done.status == OrderSyncStatus.FAILED:
            raise ApplicationError(f"sync failed: {failure}", non_retryable=True)
        return self.tally

    @workflow.query(name=STATUS)
    def status(self) -> SyncTally:
        return self.tally
