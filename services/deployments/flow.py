"""The deploy flows as client calls (docs/deployments.md): a run into its project's queue (signal-with-start), a
task's review clock, the signals that tell a queue or a review what the database already holds, and a running
run's cancellation."""

from __future__ import annotations

import logging
from typing import Any

from temporalio.client import Client

from domain.flows import deployments as m
from domain.models.deployments import DeployTask
from domain.settings import get_settings
from services.flows import rpc_timeout, watched

log = logging.getLogger("omp.deployments")


async def enqueue(client: Client, code: str, run_id: int) -> None:
    """The run into the queue of project `code`, which starts if none runs; a failure reaches the caller."""
    async with watched():
        await client.start_workflow(
            m.QUEUE_WORKFLOW, m.QueueState(project=code), id=m.queue_id(code),
            task_queue=get_settings().deploy_task_queue, start_signal=m.ENQUEUE,
            start_signal_args=[m.Enqueued(run_id=run_id)], rpc_timeout=rpc_timeout(),
            search_attributes=m.queue_attributes(code), static_summary=f"Deploy queue of {code}")


async def start_review_clock(client: Client | None, task: DeployTask) -> None:
    """The task's review deadline as a durable timer; without Temporal the review route still refuses a late
    decision (the deadline is on the row), so this only logs a failure."""
    clock = m.ReviewClock(task_id=task.id, revision=task.revision, due=task.review_due_at)
    if client is None:
        log.warning("review clock of deploy task %s not started: Temporal unreachable", task.id)
        return
    try:
        async with watched():
            await client.start_workflow(
                m.REVIEW_WORKFLOW, clock, id=m.review_id(task.id), task_queue=get_settings().deploy_task_queue,
                start_signal=m.REVISED, start_signal_args=[clock], rpc_timeout=rpc_timeout(),
                static_summary=f"Review deadline of deploy task #{task.id}")
    except Exception as exc:
        log.warning("review clock of deploy task %s not started: %s", task.id, exc)


async def signal_quietly(client: Client | None, workflow_id: str, signal: str, *args: Any) -> None:
    """Fire and forget: the database already holds the truth, the flow only learns of it sooner."""
    if client is None:
        return
    try:
        async with watched():
            await client.get_workflow_handle(workflow_id).signal(signal, *args, rpc_timeout=rpc_timeout())
    except Exception as exc:
        log.info("signal %s to %s not delivered: %s", signal, workflow_id, exc)


async def forget(client: Client | None, code: str, run_id: int) -> None:
    """A run withdrawn while it waited leaves its project's queue at once."""
    await signal_quietly(client, m.queue_id(code), m.FORGET, m.Enqueued(run_id=run_id))


async def decided(client: Client | None, task_id: int) -> None:
    """The task's review was decided: its deadline no longer runs."""
    await signal_quietly(client, m.review_id(task_id), m.DECIDE)


async def cancel_run(client: Client, run_id: int) -> None:
    """A running run cancelled: its activity stops the deploy, and the run records its end."""
    async with watched():
        await client.get_workflow_handle(m.run_id(run_id)).cancel()
