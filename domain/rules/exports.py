"""Export tasks' rules (docs/exports.md): when an export becomes a task, who may read a task, what may be retried."""

from __future__ import annotations

from datetime import datetime, timedelta

from domain.enums import ExportState
from domain.errors import DomainError, NotFound

ADMIN = "export-task#admin"  # lists and downloads everyone's export tasks
PROGRESS_EVERY = 5_000  # rows between two progress writes to the task (and heartbeats)


def becomes_task(matched: int, threshold: int) -> bool:
    """A list matching more rows than the threshold is exported by a task; up to it, at once."""
    return matched > threshold


def workflow_id(task_id: int) -> str:
    """One task, one flow: `export-task-{id}` (a retry is a new run under the same id)."""
    return f"export-task-{task_id}"


def task_of(flow_id: str) -> int | None:
    """The task of an `export-task-{id}` flow (None for any other id)."""
    prefix, _, task_id = flow_id.rpartition("-")
    return int(task_id) if prefix == "export-task" and task_id.isdigit() else None


def file_key(task_id: int, attempt: int, filename: str) -> str:
    return f"private/exports/{task_id}/{attempt}/{filename}"


def expires_at(finished: datetime, retention_hours: float) -> datetime:
    return finished + timedelta(hours=retention_hours)


def percent(written: int, total: int | None, state: ExportState) -> int:
    """The progress bar: whole percent rounded down, never 100 before the file is ready."""
    if state != ExportState.PROCESSING:
        return 100 if state in (ExportState.ACTIVE, ExportState.EXPIRED) else min(percent_of(written, total), 99)
    return min(percent_of(written, total), 99)


def percent_of(written: int, total: int | None) -> int:
    if not total:
        return 0
    return min(written * 100 // total, 100)


def check_readable(requested_by: int, user_id: int, admin: bool) -> None:
    """Only the requester, or a holder of the export administration permission, reads a task: to anyone else it is
    not there (404, as a task that does not exist)."""
    if requested_by != user_id and not admin:
        raise NotFound(entity="ExportTask")


def check_downloadable(state: ExportState) -> None:
    """A file is there to download only while the task is ACTIVE."""
    if state == ExportState.EXPIRED:
        raise DomainError("EXPORT_EXPIRED", status=410)
    if state != ExportState.ACTIVE:
        raise DomainError("EXPORT_NOT_READY", status=409, state=str(state))


def check_retryable(state: ExportState) -> None:
    """Only a failed export is written again (an expired one is exported anew from its list)."""
    if state != ExportState.DOWNLOAD_FAILED:
        raise DomainError("EXPORT_NOT_RETRYABLE", status=409, state=str(state))
