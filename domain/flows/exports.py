"""The export task flow's data: its start input, the activities' inputs and outputs (docs/exports.md).

Pure: the workflow, the activities (the writer served by the API processes, the rest by the worker) and the API
share these models.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel
from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes

from domain.enums import ExportState

WORKFLOW = "export-task"  # the workflow type's registered name, and its TaskName in the Temporal Web UI
WRITE = "write_export"  # the writer activity, registered by name on the export queue (settings.export_task_queue)
# A writer that stops heartbeating this long is taken for dead; the next attempt writes the file again.
HEARTBEAT_SECONDS = 30

# `TaskName = 'export-task' AND Requester = 'alice'`, `Requester = 'Courier'`, `RequestId = 12`,
# `RequestState = 'DOWNLOAD_FAILED'`: an export found by its requester, its list, its id or its state.
TASK_NAME = SearchAttributeKey.for_keyword("TaskName")
REQUEST_ID = SearchAttributeKey.for_int("RequestId")
REQUEST_STATE = SearchAttributeKey.for_keyword("RequestState")
REQUESTER = SearchAttributeKey.for_keyword_list("Requester")


def attributes(task_id: int, username: str, resource: str, state: ExportState) -> TypedSearchAttributes:
    return TypedSearchAttributes([SearchAttributePair(TASK_NAME, WORKFLOW), SearchAttributePair(REQUEST_ID, task_id),
                                  SearchAttributePair(REQUEST_STATE, state.value),
                                  SearchAttributePair(REQUESTER, [username, resource])])


class ExportStart(BaseModel):
    task_id: int
    attempt: int = 1  # 1 for the first run, then one more for each retry
    retention_seconds: float
    queue: str  # the writer's task queue
    heartbeat_seconds: int = HEARTBEAT_SECONDS
    console_url: str | None = None


class WriteRequest(BaseModel):
    task_id: int
    attempt: int


class Written(BaseModel):
    rows: int
    file_key: str
    size: int


class FinishRequest(BaseModel):
    task_id: int
    attempt: int
    at: datetime
    retention_seconds: float
    written: Written | None = None  # None: the writing failed
    error: str | None = None


class ExpireRequest(BaseModel):
    task_id: int
    attempt: int
