"""Where a breach's lateness goes, read from each due ticket's workflow history: the timer's own lateness (set
late by a slow workflow task, or fired late by the server), the workflow task after it (waiting for the worker,
then running), the breach activity (waiting for the worker, then its transaction up to the row's write).

For each ticket, the first-response breach is the `persist_ticket_change` activity whose input says
FIRST_RESPONSE_BREACH; its phases, all in milliseconds, add up to the lateness measured in PostgreSQL:

- `timerSetLate`: the timer's due instant (TimerStarted + its duration) after the ticket's deadline. A timer's
  duration is counted from `workflow.now()`, the start of the workflow task that set it, but runs from the
  task's completion: a task that waited for a thread before running sets its timer that much late.
- `timerFiredLate`: TimerFired after the timer's due instant (the server's timer queue).
- `taskWaited`: TimerFired to the WorkflowTaskScheduled that handles it (later than the firing when a task of
  the flow was under way then, e.g. the one completing another activity).
- `taskQueued`: WorkflowTaskScheduled to WorkflowTaskStarted (polled by the worker).
- `taskRan`: WorkflowTaskStarted to WorkflowTaskCompleted (the activation, with the wait for a thread).
- `activityQueued`: ActivityTaskScheduled to ActivityTaskStarted (polled by the worker).
- `activityToRow`: ActivityTaskStarted to the row's `updated_at` (the transaction's start, PostgreSQL `now()`).
"""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from typing import Any

import psycopg
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client

from bench.harness.figures import summary

PHASES = ("timerSetLate", "timerFiredLate", "taskWaited", "taskQueued", "taskRan", "activityQueued", "activityToRow")
E = EventType


def at(event: Any) -> datetime:
    return event.event_time.ToDatetime(tzinfo=UTC)  # type: ignore[no-any-return]  # protobuf is untyped


def ms(start: datetime, end: datetime) -> float:
    return round((end - start).total_seconds() * 1000, 1)


def phases(events: list[Any], due: datetime, written: datetime) -> dict[str, float] | None:
    """The breach's phases in one history, or None when it has no first-response breach or no timer led to it."""
    by_id = {e.event_id: e for e in events}
    scheduled = next((e for e in events if e.event_type == E.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
                      and e.activity_task_scheduled_event_attributes.activity_type.name == "persist_ticket_change"
                      and json.loads(e.activity_task_scheduled_event_attributes.input.payloads[0].data)
                      .get("action") == "FIRST_RESPONSE_BREACH"), None)
    if scheduled is None:
        return None
    started = next(e for e in events if e.event_type == E.EVENT_TYPE_ACTIVITY_TASK_STARTED
                   and e.activity_task_started_event_attributes.scheduled_event_id == scheduled.event_id)
    task_done = by_id[scheduled.activity_task_scheduled_event_attributes.workflow_task_completed_event_id]
    task_started = by_id[task_done.workflow_task_completed_event_attributes.started_event_id]
    task_scheduled = by_id[task_done.workflow_task_completed_event_attributes.scheduled_event_id]
    fired = next((e for e in reversed(events[:events.index(task_scheduled)])
                  if e.event_type == E.EVENT_TYPE_TIMER_FIRED), None)
    if fired is None:  # the deadline had passed when the flow's first task ran: no timer, only a late start
        return None
    timer = by_id[fired.timer_fired_event_attributes.started_event_id]
    timer_due = at(timer) + timer.timer_started_event_attributes.start_to_fire_timeout.ToTimedelta()
    return {"timerSetLate": ms(due, timer_due), "timerFiredLate": ms(timer_due, at(fired)),
            "taskWaited": ms(at(fired), at(task_scheduled)),
            "taskQueued": ms(at(task_scheduled), at(task_started)), "taskRan": ms(at(task_started), at(task_done)),
            "activityQueued": ms(at(scheduled), at(started)), "activityToRow": ms(at(started), written),
            "lateness": ms(due, written), "firedAt": at(fired).timestamp(),
            "sticky": float(task_scheduled.workflow_task_scheduled_event_attributes.task_queue.kind == 2)}


async def breakdown(client: Client, conn: psycopg.Connection, tag: str, worst: int = 10) -> dict[str, Any]:
    """Each phase's percentiles over the tagged tickets, and the phases of the `worst` latest breaches."""
    rows = conn.execute("select id, first_response_due, updated_at from tickets "
                        "where %s = any(tags) and first_response_breached", (tag,)).fetchall()
    gate = asyncio.Semaphore(16)

    async def one(ticket_id: int, due: datetime, written: datetime) -> dict[str, float] | None:
        async with gate:
            history = await client.get_workflow_handle(f"ticket-{ticket_id}").fetch_history()
        found = phases(list(history.events), due, written)
        return None if found is None else {**found, "ticketId": ticket_id}

    found = [p for p in await asyncio.gather(*(one(*row) for row in rows)) if p is not None]
    result: dict[str, Any] = {"tickets": len(found)}
    for phase in (*PHASES, "lateness"):
        figures = summary([p[phase] for p in found], 1)
        figures.pop("perSecond")
        result[phase] = {**figures, "max": max((p[phase] for p in found), default=0.0)}
    result["stickyShare"] = round(sum(p["sticky"] for p in found) / len(found), 3) if found else 0.0
    result["worst"] = sorted(found, key=lambda p: -p["lateness"])[:worst]
    return result
