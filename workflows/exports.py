"""The export task flow `export-task-{id}` (docs/exports.md).

It has the file written (the writer runs on the export queue, served by the API processes where the lists are
declared, and heartbeats its rows written), records the task ACTIVE with its expiry or DOWNLOAD_FAILED with the
reason, then sleeps for the retention time and expires the file (removed, the task EXPIRED). A retry of a failed
task is a new run under the same id.
"""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from activities.exports import expire_export, finish_export
    from domain.enums import ExportState
    from domain.flows import exports as x
    from workflows.options import DEFAULT_ACTIVITY, STEP_FAILED

S = ExportState
# A writer that keeps failing (the database away, the storage full) ends the task DOWNLOAD_FAILED after a few
# attempts; a refusal of the request itself (the list gone, the task no longer current) at once.
WRITE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=2), backoff_coefficient=2.0,
                          maximum_interval=timedelta(seconds=30), maximum_attempts=3,
                          non_retryable_error_types=["DATA_REFUSED", "EXPORT_REFUSED"])


@workflow.defn(name=x.WORKFLOW, sandboxed=False)  # kept pure by tests/unit/test_exports_workflow_purity.py
class ExportTaskWorkflow:
    @workflow.run
    async def run(self, start: x.ExportStart) -> str:
        if start.console_url:  # the way back to the console
            workflow.set_current_details(f"[Export #{start.task_id}]({start.console_url}/export-tasks)")
        written: x.Written | None = None
        error: str | None = None
        try:
            written = await workflow.execute_activity(
                x.WRITE, x.WriteRequest(task_id=start.task_id, attempt=start.attempt), result_type=x.Written,
                task_queue=start.queue, heartbeat_timeout=timedelta(seconds=start.heartbeat_seconds),
                start_to_close_timeout=timedelta(hours=2), schedule_to_close_timeout=timedelta(hours=6),
                retry_policy=WRITE_RETRY)
        except STEP_FAILED as exc:
            cause = getattr(exc, "cause", None) or exc
            error = (getattr(cause, "message", None) or str(cause))[:2000]  # the reason, as the failure said it
        state = await workflow.execute_activity(
            finish_export, x.FinishRequest(task_id=start.task_id, attempt=start.attempt, at=workflow.now(),
                                           retention_seconds=start.retention_seconds, written=written, error=error),
            **DEFAULT_ACTIVITY)
        workflow.upsert_search_attributes([x.REQUEST_STATE.value_set(state.value)])
        if state != S.ACTIVE:
            return state.value
        await workflow.sleep(timedelta(seconds=start.retention_seconds))
        await workflow.execute_activity(expire_export, x.ExpireRequest(task_id=start.task_id, attempt=start.attempt),
                                        **DEFAULT_ACTIVITY)
        workflow.upsert_search_attributes([x.REQUEST_STATE.value_set(S.EXPIRED.value)])
        return S.EXPIRED.value
