"""One fire of a timed mail: `mail-{taskId}-{nominalTime}` (docs/decisions/mail-outbox.md).

The task's Schedule starts it (Temporal appends the nominal time to the action's id `mail-{taskId}`), and so
does "send again" with the time it was asked. It writes one outbox row per recipient, then sends the rows
still pending in batches until none is left. A paused task stops it between mails; it then waits for
`recover` and sends only what was not sent. `retry` asks it to look again for rows put back to pending.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from activities.mail import prepare_mail_fire, send_mail_batch
    from domain.flows.mail import (
        MAIL_FIRE_TIME,
        MAIL_TASK_ID,
        RECOVER,
        RETRY,
        WORKFLOW,
        BatchResult,
        FireRef,
        FireResult,
        MailFireStart,
        fire_time_of,
    )
    from workflows.options import DEFAULT_ACTIVITY

# A batch may run for minutes (a thousand mails); it heartbeats, so a killed worker is noticed within 15 s
# and the batch runs again elsewhere: the outbox rows say what is left.
SENDING: dict[str, Any] = {
    "start_to_close_timeout": timedelta(minutes=30), "heartbeat_timeout": timedelta(seconds=15),
    "retry_policy": RetryPolicy(initial_interval=timedelta(seconds=1), maximum_interval=timedelta(seconds=30),
                                non_retryable_error_types=["DATA_REFUSED"])}


@workflow.defn(name=WORKFLOW)
class MailFireWorkflow:
    def __init__(self) -> None:
        self.recovered = False
        self.more = False

    @workflow.run
    async def run(self, start: MailFireStart) -> FireResult:
        workflow_id = workflow.info().workflow_id
        ref = FireRef(task_id=start.task_id, fire_time=fire_time_of(workflow_id), workflow_id=workflow_id)
        workflow.upsert_search_attributes([MAIL_TASK_ID.value_set(str(ref.task_id)),
                                           MAIL_FIRE_TIME.value_set(ref.fire_time)])
        prepared = await workflow.execute_activity(prepare_mail_fire, ref, **DEFAULT_ACTIVITY)
        result = FireResult(found=prepared.found)
        while prepared.found:
            batch: BatchResult = await workflow.execute_activity(send_mail_batch, ref, **SENDING)
            result.sent += batch.sent
            result.failed += batch.failed
            if batch.paused:
                self.recovered = False
                await workflow.wait_condition(lambda: self.recovered)
                continue
            if batch.remaining == 0:
                if not self.more:
                    break
                self.more = False
        return result

    @workflow.signal(name=RECOVER)
    def recover(self) -> None:
        """The task was recovered: go on with the recipients not yet sent to."""
        self.recovered = True

    @workflow.signal(name=RETRY)
    def retry(self) -> None:
        """Failed rows of this fire were put back to pending: send them too before finishing."""
        self.more = True
