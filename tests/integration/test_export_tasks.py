"""Export tasks (docs/exports.md) on Temporal's time-skipping server with real PostgreSQL: a list past the threshold
is exported by a task whose flow writes every row through the kit's writer, keeps the file for the retention time
and then expires it; a failure ends DOWNLOAD_FAILED with its reason and can be retried; another user neither lists
nor downloads it; the rows are those the requester's data authority reached when they asked."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import openpyxl
import pytest
from sqlalchemy import select
from temporalio import activity
from temporalio.exceptions import ApplicationError
from temporalio.worker import Worker

from activities import exports as a
from api.resource.export_tasks import write_export
from domain.db import transaction
from domain.flows import exports as x
from domain.models.data_authority import DataScope
from domain.models.exports import ExportTask
from domain.settings import get_settings
from domain.storage import get_storage
from tests.conftest import unique
from tests.integration.people import bearer, create_user, token_for
from tests.integration.temporal_support import api_pointed_at, register_search_attributes
from workflows.exports import ExportTaskWorkflow

COURIERS = ("logistics-configuration", "logistics#add", "logistics#export")
THRESHOLD = 3


def main_worker(client: Any, *activities: Any) -> Worker:
    return Worker(client, task_queue=get_settings().task_queue, workflows=[ExportTaskWorkflow],
                  activities=list(activities or (a.finish_export, a.expire_export)),
                  graceful_shutdown_timeout=timedelta(seconds=1))


@pytest.fixture
async def flows(own_time_skipping_env: Any, app: Any, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Any]:
    """The API on this module's server, the flow's worker and the export writer polling it, a threshold of 3."""
    env = own_time_skipping_env
    await register_search_attributes(env.client)
    monkeypatch.setattr(get_settings(), "export_threshold", THRESHOLD)
    with api_pointed_at(app, env.client):
        async with main_worker(env.client), Worker(env.client, task_queue=get_settings().export_task_queue,
                                                   activities=[write_export]):
            yield env


async def couriers(client: Any, headers: dict[str, str], prefix: str, count: int, **fields: Any) -> list[str]:
    names = [f"{prefix}{chr(97 + i)}" for i in range(count)]
    for name in names:
        body = {"name": name, "channel": "SHOPEE_ID", "shippingMethod": "PICK_UP", **fields}
        reply = await client.post("/cms/courier/add", json=body, headers=headers)
        assert reply.status_code == 200, reply.text
    return names


async def export(client: Any, headers: dict[str, str], prefix: str, status: int = 202) -> Any:
    reply = await client.post("/cms/courier/export", json={"name": prefix, "sort": "name"}, headers=headers)
    assert reply.status_code == status, reply.text
    return reply


async def detail(client: Any, headers: dict[str, str], task_id: int, status: int = 200) -> dict[str, Any]:
    reply = await client.get(f"/cms/export-task/detail/{task_id}", headers=headers)
    assert reply.status_code == status, reply.text
    return reply.json()["data"]


async def until_state(client: Any, headers: dict[str, str], task_id: int, state: str) -> dict[str, Any]:
    for _ in range(300):
        task = await detail(client, headers, task_id)
        if task["state"] == state:
            return task
        await asyncio.sleep(0.05)
    raise AssertionError(f"export task {task_id} never {state}: {task}")


def names_in(content: bytes) -> list[str]:
    sheet = openpyxl.load_workbook(io.BytesIO(content), read_only=True).worksheets[0]
    rows = list(sheet.iter_rows(values_only=True))
    column = list(rows[0]).index("Name")
    return [row[column] for row in rows[1:]]


async def test_a_large_export_is_a_task_that_writes_every_row_then_expires(client, login_as, flows):
    staff = await login_as(*COURIERS)
    prefix = unique("Exp")
    names = await couriers(client, staff, prefix, 5)
    reply = await export(client, staff, prefix)
    started = reply.json()
    assert started["message"].startswith("Processing, please wait")
    assert started["data"]["state"] == "PROCESSING"
    task = await until_state(client, staff, started["data"]["id"], "ACTIVE")
    assert (task["rowsWritten"], task["total"], task["percent"]) == (5, 5, 100)
    assert task["resource"] == "Courier" and task["route"] == "/cms/courier/export"
    listed = (await client.post("/cms/export-task/search", json={"state": ["ACTIVE"]}, headers=staff)).json()["data"]
    assert [i["id"] for i in listed["items"]] == [task["id"]]
    file = await client.get(f"/cms/export-task/{task['id']}/download", headers=staff)
    assert file.status_code == 200
    assert task["filename"] in file.headers["content-disposition"]
    assert names_in(file.content) == names

    async with transaction() as db:
        key = await db.scalar(select(ExportTask.file_key).where(ExportTask.id == task["id"]))
    await flows.sleep(timedelta(hours=get_settings().export_retention_hours, minutes=1))
    await until_state(client, staff, task["id"], "EXPIRED")
    gone = await client.get(f"/cms/export-task/{task['id']}/download", headers=staff)
    assert (gone.status_code, gone.json()["code"]) == (410, "EXPORT_EXPIRED")
    with pytest.raises(FileNotFoundError):
        [chunk async for chunk in get_storage().stream(key)]


async def test_a_small_export_stays_immediate(client, login_as, flows):
    staff = await login_as(*COURIERS)
    prefix = unique("Few")
    names = await couriers(client, staff, prefix, THRESHOLD)
    reply = await export(client, staff, prefix, status=200)
    assert names_in(reply.content) == names


async def test_only_the_requester_or_an_export_administrator_reads_a_task(client, login_as, flows):
    staff = await login_as(*COURIERS)
    prefix = unique("Own")
    await couriers(client, staff, prefix, 4)
    task = await until_state(client, staff, (await export(client, staff, prefix)).json()["data"]["id"], "ACTIVE")
    other = await login_as(*COURIERS)
    await detail(client, other, task["id"], status=404)
    refused = await client.get(f"/cms/export-task/{task['id']}/download", headers=other)
    assert refused.status_code == 404
    mine = (await client.post("/cms/export-task/search", json={"id": task["id"]}, headers=other)).json()["data"]
    assert mine["items"] == []
    admin = await login_as("export-task#admin")
    assert (await client.get(f"/cms/export-task/{task['id']}/download", headers=admin)).status_code == 200


async def test_the_file_holds_the_rows_the_requesters_authority_reached_when_they_asked(client, login_as, flows):
    staff = await login_as(*COURIERS)
    prefix = unique("Scope")
    await couriers(client, staff, prefix, 2, country="PH")
    indonesian = await couriers(client, staff, prefix + "i", 4, country="ID")
    user = await create_user(*COURIERS, prefix="expscope", country="ID")
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    scoped = bearer(await token_for(user))
    task = await until_state(client, scoped, (await export(client, scoped, prefix)).json()["data"]["id"], "ACTIVE")
    file = await client.get(f"/cms/export-task/{task['id']}/download", headers=scoped)
    assert names_in(file.content) == indonesian


async def test_a_failed_write_ends_download_failed_and_a_retry_writes_it(client, login_as, flows, monkeypatch):
    staff = await login_as(*COURIERS)
    prefix = unique("Fail")
    names = await couriers(client, staff, prefix, 4)

    async def broken(*_: Any, **__: Any) -> None:
        raise OSError("storage full")

    monkeypatch.setattr(get_storage(), "put_file", broken)
    task = await until_state(client, staff, (await export(client, staff, prefix)).json()["data"]["id"],
                             "DOWNLOAD_FAILED")
    assert "storage full" in task["error"]
    not_ready = await client.get(f"/cms/export-task/{task['id']}/download", headers=staff)
    assert (not_ready.status_code, not_ready.json()["code"]) == (409, "EXPORT_NOT_READY")
    monkeypatch.undo()
    monkeypatch.setattr(get_settings(), "export_threshold", THRESHOLD)
    retried = await client.post(f"/cms/export-task/{task['id']}/retry", headers=staff)
    assert retried.status_code == 200, retried.text
    assert (retried.json()["data"]["state"], retried.json()["data"]["attempt"]) == ("PROCESSING", 2)
    await until_state(client, staff, task["id"], "ACTIVE")
    file = await client.get(f"/cms/export-task/{task['id']}/download", headers=staff)
    assert names_in(file.content) == names
    again = await client.post(f"/cms/export-task/{task['id']}/retry", headers=staff)
    assert (again.status_code, again.json()["code"]) == (409, "EXPORT_NOT_RETRYABLE")


async def test_the_flow_writes_records_sleeps_the_retention_then_expires(own_time_skipping_env):
    """The workflow alone, its activities mocked by name: write, finish, the retention's sleep, expire."""
    env = own_time_skipping_env
    await register_search_attributes(env.client)
    calls: list[tuple[str, Any]] = []

    @activity.defn(name=x.WRITE)
    async def write(request: x.WriteRequest) -> x.Written:
        calls.append(("write", request.attempt))
        return x.Written(rows=7, file_key="k", size=10)

    @activity.defn(name="finish_export")
    async def finish(request: x.FinishRequest) -> str:
        calls.append(("finish", request.written.rows if request.written else request.error))
        return "ACTIVE"

    @activity.defn(name="expire_export")
    async def expire(request: x.ExpireRequest) -> None:
        calls.append(("expire", request.task_id))

    queue = unique("exq")
    start = x.ExportStart(task_id=99, retention_seconds=72 * 3600, queue=queue)
    async with main_worker(env.client, finish, expire), Worker(env.client, task_queue=queue, activities=[write]):
        before = await env.get_current_time()
        handle = await env.client.start_workflow(
            x.WORKFLOW, start, id=unique("export-task-"), task_queue=get_settings().task_queue,
            search_attributes=x.attributes(99, "someone", "Courier", x.ExportState.PROCESSING))
        assert await handle.result() == "EXPIRED"
        assert await env.get_current_time() - before >= timedelta(hours=72)
    assert calls == [("write", 1), ("finish", 7), ("expire", 99)]


async def test_a_refused_write_is_recorded_with_its_reason(own_time_skipping_env):
    env = own_time_skipping_env
    await register_search_attributes(env.client)
    seen: list[str | None] = []

    @activity.defn(name=x.WRITE)
    async def write(request: x.WriteRequest) -> x.Written:
        raise ApplicationError("no list Nothing exports here", type="EXPORT_REFUSED", non_retryable=True)

    @activity.defn(name="finish_export")
    async def finish(request: x.FinishRequest) -> str:
        seen.append(request.error)
        return "DOWNLOAD_FAILED"

    @activity.defn(name="expire_export")
    async def expire(request: x.ExpireRequest) -> None:
        raise AssertionError("a failed export has no file to expire")

    queue = unique("exq")
    async with main_worker(env.client, finish, expire), Worker(env.client, task_queue=queue, activities=[write]):
        handle = await env.client.start_workflow(
            x.WORKFLOW, x.ExportStart(task_id=98, retention_seconds=60, queue=queue), id=unique("export-task-"),
            task_queue=get_settings().task_queue)
        assert await handle.result() == "DOWNLOAD_FAILED"
    assert seen == ["no list Nothing exports here"]


async def active_file(client: Any, headers: dict[str, str], reply: Any) -> list[tuple[Any, ...]]:
    """The rows of the file a started export task wrote (header first)."""
    assert reply.status_code == 202, reply.text
    task = await until_state(client, headers, reply.json()["data"]["id"], "ACTIVE")
    file = await client.get(f"/cms/export-task/{task['id']}/download", headers=headers)
    sheet = openpyxl.load_workbook(io.BytesIO(file.content), read_only=True).worksheets[0]
    return list(sheet.iter_rows(values_only=True))


async def test_the_hand_written_lists_past_the_threshold_are_tasks_too(client, login_as, flows):
    """The ticket list and the audit log are not kit resources; their exports become tasks the same way, and the
    task's file holds the rows the list shows (in the requester's language)."""
    from tests.integration.ticket_support import insert_ticket

    staff = await login_as("ticket-list", "ticket#export", "audit-log", "audit#export", *COURIERS)
    category = unique("Cat")
    ids = [await insert_ticket(category=category) for _ in range(THRESHOLD + 1)]
    rows = await active_file(client, staff, await client.post(
        "/cms/ticket/export", json={"category": [category], "sort": "id"}, headers=staff))
    assert rows[0][:2] == ("Ticket id", "Title") and [row[0] for row in rows[1:]] == ids

    prefix = unique("Aud")
    added = [(await client.post("/cms/courier/add", headers=staff, json={
        "name": name, "channel": "SHOPEE_ID", "shippingMethod": "PICK_UP"})).headers["x-transaction-id"]
        for name in (f"{prefix}{i}" for i in range(THRESHOLD + 1))]
    now = datetime.now(UTC)
    window = {"startTime": (now - timedelta(days=1)).isoformat(), "endTime": (now + timedelta(minutes=5)).isoformat()}
    exported = await client.post("/cms/audit/export", headers=staff, json={**window, "url": "/cms/courier/add"})
    logged = await active_file(client, staff, exported)
    assert logged[0][:3] == ("Time", "Application", "Action")
    assert set(added) <= {row[logged[0].index("Transaction ID")] for row in logged[1:]}
