"""The export task flow's activities on the worker (workflows/exports.py): record the outcome, expire the file.

The writer itself (`write_export`) runs on the export queue in the API processes (api/resource/export_tasks.py).
Both steps here are compare-and-sets on the task's attempt: safe to repeat.
"""

from __future__ import annotations

from temporalio import activity

from domain.enums import ExportState
from domain.flows import exports as x
from services import exports


@activity.defn
async def finish_export(request: x.FinishRequest) -> ExportState:
    return await exports.finish(request)


@activity.defn
async def expire_export(request: x.ExpireRequest) -> None:
    await exports.expire(request)
