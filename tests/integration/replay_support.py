"""Determinism checks of the flows (DESIGN.md Temporal rule 10): histories recorded by earlier code, kept under
`histories/`, must replay against the current code, and so must the ones a test run makes now. A change that
would break running flows fails here; put it behind `workflow.patched(...)` instead. After a deliberate, patched
change, record afresh with OMP_RECORD_HISTORY=1 (the new files sit beside the old ones, which keep replaying)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from temporalio.client import WorkflowHistory
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.worker import Replayer

HISTORIES = Path(__file__).parent / "histories"


def replayer(*workflows: type) -> Replayer:
    return Replayer(workflows=list(workflows), data_converter=pydantic_data_converter)


async def replay_recorded(prefix: str, *workflows: type) -> None:
    """Replays the committed histories whose file name starts with `prefix` (there must be some)."""
    files = sorted(HISTORIES.glob(f"{prefix}*.json"))
    assert files, f"no recorded {prefix} histories under {HISTORIES}"
    await replay({f.stem: WorkflowHistory.from_json(f.stem, f.read_text()) for f in files}, *workflows)


async def replay(histories: dict[str, WorkflowHistory], *workflows: type) -> None:
    """Replays each history; a failure names the history."""
    for name, history in histories.items():
        try:
            await replayer(*workflows).replay_workflow(history)
        except Exception as exc:
            raise AssertionError(f"the {name} history does not replay: {exc}") from exc


async def replay_all(histories: dict[str, WorkflowHistory], *workflows: type) -> None:
    """Replays the histories a test made, then records them when asked to (OMP_RECORD_HISTORY=1)."""
    await replay(histories, *workflows)
    if os.environ.get("OMP_RECORD_HISTORY"):
        HISTORIES.mkdir(exist_ok=True)
        for name, history in histories.items():
            (HISTORIES / f"{name}.json").write_text(history.to_json())


async def history_of(env: Any, workflow_id: str, run_id: str | None = None) -> WorkflowHistory:
    return await env.client.get_workflow_handle(workflow_id, run_id=run_id).fetch_history()
