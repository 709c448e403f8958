"""Financial reconciliation (docs/reconciliation.md): one run of one merchant and period,
`reconciliation-{merchantId}-{from}-{to}-{shop|all}-...`, found by `MerchantId` (and `ShopId`) in the Web UI. It
pulls each shop's settlement pages (a page the channel did not answer is retried with back-off), compares, and
finishes the run; its query answers the progress."""

from __future__ import annotations

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from activities.reconciliation import (
        compare_reconciliation,
        fetch_settlement_page,
        finish_reconciliation,
        plan_reconciliation,
    )
    from domain.enums.reconciliation import ReconciliationStage, ReconciliationStatus
    from domain.flows.reconciliation import (
        COMPARE_ACTIVITY,
        PAGE_ACTIVITY,
        STATUS,
        WORKFLOW,
        ReconcileFinish,
        ReconcileStart,
        ReconcileTally,
        SettlementPageIn,
    )
    from workflows.jobs import failure_text
    from workflows.options import DEFAULT_ACTIVITY


@workflow.defn(name=WORKFLOW)
class ReconciliationWorkflow:
    def __init__(self) -> None:
        self.tally = ReconcileTally(run_id=0)

    @workflow.run
    async def run(self, start: ReconcileStart) -> ReconcileTally:
        self.tally.run_id = start.run_id
        failure: str | None = None
        try:
            plan = await workflow.execute_activity(plan_reconciliation, start, **DEFAULT_ACTIVITY)
            self.tally.shops_total = len(plan.shop_ids)
            for index, shop_id in enumerate(plan.shop_ids):
                token: str | None = None
                while True:
                    page = await workflow.execute_activity(fetch_settlement_page, SettlementPageIn(
                        run_id=start.run_id, shop_id=shop_id, since=plan.since, until=plan.paid_until, token=token,
                        last_shop=index == len(plan.shop_ids) - 1), **PAGE_ACTIVITY)
                    self.tally.pages += 1
                    self.tally.lines_fetched += page.fetched
                    self.tally.unreadable += page.unreadable
                    if page.next_token is None:
                        break
                    token = page.next_token
                self.tally.shops_done += 1
            self.tally.stage = ReconciliationStage.COMPARING
            compared = await workflow.execute_activity(compare_reconciliation, start, **COMPARE_ACTIVITY)
            self.tally.expected, self.tally.paid = compared.expected, compared.paid
            self.tally.difference, self.tally.counts = compared.difference, compared.counts
        except ActivityError as exc:
            failure = failure_text(exc)[:500]
        done = await workflow.execute_activity(finish_reconciliation, ReconcileFinish(
            run_id=start.run_id, failure=failure, unreadable=self.tally.unreadable), **DEFAULT_ACTIVITY)
        self.tally.status, self.tally.stage, self.tally.message = done.status, done.stage, done.message
        if done.status == ReconciliationStatus.FAILED:
            raise ApplicationError(f"reconciliation failed: {failure}", non_retryable=True)
        return self.tally

    @workflow.query(name=STATUS)
    def status(self) -> ReconcileTally:
        return self.tally
