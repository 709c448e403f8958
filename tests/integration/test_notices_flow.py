"""The notice release flow on the time-skipping server (SPEC §4 TO_BE_RELEASED -> PUBLISHED -> EXPIRED): durable
timers release and expire a notice at its times, a change of times re-plans the running flow, the home page
shows a notice once released, and the reconciler starts the flows of notices saved while Temporal was down."""

from datetime import timedelta

import pytest
from sqlalchemy import select
from temporalio.client import WorkflowExecutionStatus

from domain.db import transaction
from domain.models.notices import Notice
from domain.settings import get_settings
from services.notices import reconcile
from tests.conftest import own_flows, unique
from tests.integration.ticket_support import eventually
from workflows.notices import NoticeReleaseWorkflow

ALL = ("notices-faq-manage", "notice#add", "notice#edit", "notice#delete")
env = own_flows  # fixture: every worker on this module's own test server, the API's client pointed at it


@pytest.fixture
async def staff(login_as):
    return await login_as(*ALL)


async def add(client, headers, now, release_in, end_in, **fields):
    body = {"kind": "NOTICE", "title": unique("Released "), "language": "zh-CN", "startAt": now.isoformat(),
            "endAt": (now + end_in).isoformat(), "releaseAt": (now + release_in).isoformat(), "state": "ONLINE",
            "pinned": False, "text": "<p>New feature: stock sync every minute</p>", **fields}
    reply = await client.post("/cms/notice/add", json=body, headers=headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def status_of(notice_id):
    async with transaction() as db:
        return await db.scalar(select(Notice.release_status).where(Notice.id == notice_id))


def becomes(notice_id, status):
    async def check():
        return await status_of(notice_id) == status
    return check


async def test_a_notice_is_released_at_its_time_and_expires_at_its_end(client, env, staff, login_as):
    now = await env.get_current_time()
    notice = await add(client, staff, now, timedelta(hours=2), timedelta(days=3))
    assert notice["releaseStatus"] == "TO_BE_RELEASED" and notice["flowPending"] is False
    reader = {**(await login_as()), "Accept-Language": "zh-CN"}
    handle = env.client.get_workflow_handle(f"notice-{notice['id']}")

    await env.sleep(timedelta(hours=1, minutes=59))
    assert await status_of(notice["id"]) == "TO_BE_RELEASED"
    home = (await client.get("/cms/notice/latest", headers=reader)).json()["data"]
    assert notice["id"] not in {n["id"] for n in home}

    await env.sleep(timedelta(minutes=2))
    await eventually(becomes(notice["id"], "PUBLISHED"))
    home = (await client.get("/cms/notice/latest", headers=reader)).json()["data"]
    # a release is an update: the newest on the home page, after any pinned one
    assert next(n["id"] for n in home if not n["pinned"]) == notice["id"]

    await env.sleep(timedelta(days=3))
    assert await handle.result() == "EXPIRED"
    assert await status_of(notice["id"]) == "EXPIRED"
    home = (await client.get("/cms/notice/latest", headers=reader)).json()["data"]
    assert notice["id"] not in {n["id"] for n in home}


async def test_new_times_re_plan_the_running_flow(client, env, staff):
    now = await env.get_current_time()
    notice = await add(client, staff, now, timedelta(hours=1), timedelta(days=1))
    handle = env.client.get_workflow_handle(f"notice-{notice['id']}")
    first_run = (await handle.describe()).run_id
    moved = await client.post("/cms/notice/modify", headers=staff, json={
        "id": notice["id"], "releaseAt": (now + timedelta(hours=5)).isoformat()})
    assert moved.status_code == 200, moved.text
    assert (await handle.describe()).run_id == first_run  # the same flow, told the new plan

    await env.sleep(timedelta(hours=2))
    assert await status_of(notice["id"]) == "TO_BE_RELEASED"  # the old release time passed: nothing written
    await env.sleep(timedelta(hours=3, minutes=1))
    await eventually(becomes(notice["id"], "PUBLISHED"))
    assert await handle.query(NoticeReleaseWorkflow.released) == "PUBLISHED"

    # an expired notice given a later end is released again by a new run
    await env.sleep(timedelta(days=1))
    assert await handle.result() == "EXPIRED"
    now = await env.get_current_time()
    again = await client.post("/cms/notice/modify", headers=staff, json={
        "id": notice["id"], "endAt": (now + timedelta(days=2)).isoformat()})
    assert again.status_code == 200, again.text
    await eventually(becomes(notice["id"], "PUBLISHED"))  # the server's clock is past the release time
    assert (await handle.describe()).status == WorkflowExecutionStatus.RUNNING  # waiting for the new end


async def test_a_deleted_notice_is_left_alone_by_its_flow(client, env, staff):
    now = await env.get_current_time()
    notice = await add(client, staff, now, timedelta(hours=1), timedelta(days=1))
    assert (await client.delete(f"/cms/notice/delete/{notice['id']}", headers=staff)).status_code == 200
    handle = env.client.get_workflow_handle(f"notice-{notice['id']}")
    await env.sleep(timedelta(hours=2))
    assert await handle.result() is None
    assert await status_of(notice["id"]) == "TO_BE_RELEASED"


async def test_the_reconciler_starts_the_flows_of_notices_saved_while_temporal_was_down(
        client, env, staff, app, monkeypatch):
    now = await env.get_current_time()
    with monkeypatch.context() as down:  # the API's client gone, and nothing listening where it would connect
        down.setattr(app.state.flows, "_client", None)
        down.setattr(get_settings(), "temporal_address", "127.0.0.1:9")
        notice = await add(client, staff, now, timedelta(hours=1), timedelta(days=1))
    assert notice["flowPending"] is True
    assert await reconcile(env.client, older_than=timedelta(0)) >= 1
    async with transaction() as db:
        assert await db.scalar(select(Notice.flow_pending).where(Notice.id == notice["id"])) is False
    await env.sleep(timedelta(hours=1, minutes=1))
    await eventually(becomes(notice["id"], "PUBLISHED"))
