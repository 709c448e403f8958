"""Fixtures and helpers of the ticket tests: a worker on the time-skipping server, an SMTP sink, the API
wired to that server, a ticket created at the server's clock."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from temporalio.client import WorkflowExecutionStatus, WorkflowQueryFailedError
from temporalio.service import RPCError

from api.deps import Principal
from api.schemas.tickets import TicketCreate
from api.ticket_ops import create_ticket
from domain.db import transaction
from domain.models.tickets import Ticket
from domain.settings import get_settings
from launcher.smtp_sink import MailSink
from tests.conftest import own_time_skipping_env as own_time_skipping_env  # re-exported: many tests import it here
from tests.conftest import unique
from tests.integration.temporal_support import api_pointed_at, console_on, workers_running
from tests.integration.temporal_support import register_search_attributes as register_search_attributes  # likewise

EVERYTHING = ("ticket-list", "ticket-new", "ticket-report", "ticket#start", "ticket#claim", "ticket#hold",
              "ticket#complete", "ticket#approve", "ticket#unconfirm", "ticket#confirm", "ticket#wont-fix",
              "ticket#reopen", "ticket#merge", "ticket#unmerge", "ticket#watch", "ticket#remind", "ticket#comment",
              "ticket#priority", "ticket#edit", "ticket#assign")


@pytest.fixture
async def ticket_worker(time_skipping_env, app, mail_sink) -> AsyncIterator[Any]:
    """Every queue's worker on the time-skipping server, and the API's Temporal client pointed at it.
    The flows of the tickets a test created (or a reconciler started) are terminated after it, so the next
    test's skipped time does not wake them and no task is left to a worker that is gone."""
    env = time_skipping_env
    async with transaction() as db:
        first_new = (await db.scalar(select(func.max(Ticket.id))) or 0) + 1
        pending = set((await db.scalars(select(Ticket.id).where(Ticket.flow_pending))).all())  # e.g. demo rows
    async with console_on(env, app):
        try:
            yield env
        finally:
            async with transaction() as db:
                ids = (await db.scalars(select(Ticket.id).where(Ticket.id >= first_new))).all()
            for ticket_id in {*ids, *pending}:
                with contextlib.suppress(RPCError, WorkflowQueryFailedError):
                    await stop_quietly(env.client.get_workflow_handle(f"ticket-{ticket_id}"))


async def stop_quietly(handle: Any) -> None:
    """Terminate a running flow once no task or activity of it is in flight: the time-skipping server
    never skips time again after a flow is terminated in the middle of one."""
    for _ in range(100):
        described = await handle.describe()
        if described.status != WorkflowExecutionStatus.RUNNING:
            return
        raw = described.raw_description
        if not raw.pending_activities and not raw.HasField("pending_workflow_task"):
            break
        await asyncio.sleep(0.05)
    await handle.terminate("test finished")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def mail_sink(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[], list[str]]:
    """An SMTP sink the activities send to; call the fixture's value for the messages received so far."""
    port = free_port()
    settings = get_settings()
    monkeypatch.setattr(settings, "smtp_host", "127.0.0.1")
    monkeypatch.setattr(settings, "smtp_port", port)
    monkeypatch.setattr(settings, "smtp_sink_dir", tmp_path / "mail")  # as the launcher says of its sink
    sink = MailSink(tmp_path / "mail", port=port).start()
    yield lambda: [p.read_text(errors="replace") for p in sorted((tmp_path / "mail").glob("*.eml"))]
    sink.stop()


@pytest.fixture
async def flows(app: Any, dev_server_env: Any, mail_sink: Callable[[], list[str]]) -> AsyncIterator[Any]:
    """The app's flows on the dev server (Schedules need it), the console's workers running, mail to the sink."""
    with api_pointed_at(app, dev_server_env.client):
        async with workers_running(dev_server_env.client):
            yield dev_server_env


def new_ticket_body(**fields: Any) -> dict[str, Any]:
    return {"title": unique("Ticket "), "description": "Orders from Shopee stopped syncing", "category": "Orders",
            "application": "SYS_ERP", "issueType": "ORDER_SYNC", "issueLevel": "MODERATE", **fields}


async def create_at_server_time(env: Any, user: Principal, **fields: Any) -> int:
    """A ticket whose clocks start at the test server's time (it runs ahead of the wall clock once skipped)."""
    now = await env.get_current_time()
    ticket = await create_ticket(TicketCreate.model_validate(new_ticket_body(**fields)), user, env.client, now=now)
    return ticket.id


async def row(ticket_id: int) -> Ticket:
    async with transaction() as db:
        return await db.scalar(select(Ticket).where(Ticket.id == ticket_id))


async def eventually(check: Callable[[], Any], timeout: float = 10) -> Any:
    """Poll an async check until it returns something truthy (activities run on the wall clock)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        value = await check()
        if value:
            return value
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.05)


async def claim_landed(client: Any, ticket_id: int, headers: dict[str, str]) -> None:
    """Claims the ticket through the API; on a busy machine the flow may answer after the call's deadline
    (503 TICKET_FLOW_TIMEOUT): the claim still lands, as the message tells the user, and shows on the ticket."""
    claimed = await client.post(f"/cms/ticket/{ticket_id}/claim", json={}, headers=headers)
    if claimed.status_code == 503 and claimed.json()["code"] == "TICKET_FLOW_TIMEOUT":
        async def landed() -> bool:
            return (await row(ticket_id)).status == "PENDING_FOR_OPERATION"

        await eventually(landed, timeout=120)
    else:
        assert claimed.status_code == 200, claimed.text
    assert (await row(ticket_id)).status == "PENDING_FOR_OPERATION"


async def mails_received(sink: Callable[[], list[str]], count: int) -> list[str]:
    """The sink's messages once it holds `count` of them (activities send them a moment after the call)."""

    async def enough() -> list[str] | None:
        found = sink()
        return found if len(found) >= count else None

    return await eventually(enough)


def at_time(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


class Staff:
    """A user holding some ticket permissions: `.headers` for the API, `.principal` for direct calls."""

    def __init__(self, user: Any, token: str, permissions: tuple[str, ...]) -> None:
        self.id = user.id
        self.headers = {"Authorization": f"Bearer {token}"}
        self.principal = Principal(id=user.id, username=user.username, display_name=user.display_name,
                                   email=user.email, session_id=0, is_super=False, permissions=frozenset(permissions))


async def staff(*permissions: str) -> Staff:
    from tests.integration.people import create_user, token_for

    user = await create_user(*permissions)
    return Staff(user, await token_for(user), permissions)


async def insert_ticket(**fields: Any) -> int:
    """A ticket row written directly (no flow): for lists, filters and dashboards."""
    from datetime import UTC, timedelta

    now = fields.pop("created_at", None) or datetime.now(UTC)
    values: dict[str, Any] = {
        "title": unique("Row "), "description": "d", "category": "Orders", "application": "SYS_ERP",
        "issue_type": "ORDER_SYNC", "level": "P3", "status": "NEW", "sla_started_at": now, "sla_work_time": True,
        "first_response_due": now + timedelta(minutes=120), "resolve_due": now + timedelta(minutes=2880),
        "created_at": now, "flow_pending": False, **fields}
    async with transaction() as db:
        ticket = Ticket(**values)
        db.add(ticket)
        await db.flush()
        return ticket.id
