"""A hung Temporal server costs a call a short, clean 503 (or, for a new ticket, a flow started later), and
no call holds a database connection or transaction while it waits on Temporal."""

import asyncio

import pytest
from sqlalchemy import text
from temporalio.client import Client
from temporalio.contrib.pydantic import pydantic_data_converter

from domain.db import transaction
from domain.settings import get_settings
from tests.integration import ticket_support
from tests.integration.ticket_support import EVERYTHING, create_at_server_time, new_ticket_body, row, staff

ticket_worker, mail_sink = ticket_support.ticket_worker, ticket_support.mail_sink  # fixtures
HANG_GUARD = 120  # seconds: far above the API's Temporal time-out, far below "forever"


class FreezableProxy:
    """A TCP relay to the Temporal server that can stop relaying: the server looks alive and answers nothing."""

    def __init__(self, target: str) -> None:
        self.host, port = target.rsplit(":", 1)
        self.port = int(port)
        self.frozen = False
        self.asked_while_frozen = asyncio.Event()

    async def start(self) -> str:
        self.server = await asyncio.start_server(self.relay, "127.0.0.1", 0)
        return f"127.0.0.1:{self.server.sockets[0].getsockname()[1]}"

    async def relay(self, reader, writer) -> None:
        up_reader, up_writer = await asyncio.open_connection(self.host, self.port)

        async def pipe(src, dst, upstream):
            while data := await src.read(65536):
                if self.frozen:
                    if upstream:
                        self.asked_while_frozen.set()
                    continue  # swallowed: nothing reaches the other side any more
                dst.write(data)
                await dst.drain()

        await asyncio.gather(pipe(reader, up_writer, True), pipe(up_reader, writer, False), return_exceptions=True)
        for w in (writer, up_writer):
            w.close()

    def close(self) -> None:
        self.server.close()


@pytest.fixture
async def hung_temporal(app, ticket_worker, monkeypatch):
    proxy = FreezableProxy(ticket_worker.client.service_client.config.target_host)
    address = await proxy.start()
    client = await Client.connect(address, namespace=get_settings().temporal_namespace,
                                  data_converter=pydantic_data_converter)
    monkeypatch.setattr(get_settings(), "temporal_rpc_seconds", 2.0)
    app.state.flows._client = client  # the ticket_worker fixture puts its own back afterwards
    yield proxy
    proxy.close()


async def idle_in_transaction() -> int:
    async with transaction() as db:
        return await db.scalar(text("select count(*) from pg_stat_activity where datname = current_database() "
                                    "and state like 'idle in transaction%' and pid <> pg_backend_pid()"))


async def while_hung(proxy, request):
    """Send a call while Temporal hangs; once it waits on Temporal, no connection may be held in a transaction."""
    proxy.frozen = True
    call = asyncio.create_task(request)
    await asyncio.wait_for(proxy.asked_while_frozen.wait(), HANG_GUARD)
    assert await idle_in_transaction() == 0
    return await asyncio.wait_for(call, HANG_GUARD)


async def test_an_action_waiting_on_a_hung_temporal_holds_no_connection_and_ends_in_503(
        client, ticket_worker, hung_temporal):
    tech = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(ticket_worker, tech.principal)
    reply = await while_hung(hung_temporal, client.post(f"/cms/ticket/{ticket_id}/comment", json={"content": "x"},
                                                        headers={**tech.headers, "Accept-Language": "id"}))
    assert (reply.status_code, reply.json()["code"]) == (503, "TICKET_FLOW_TIMEOUT"), reply.text
    assert "Alur tiket" in reply.json()["message"]


async def test_a_new_ticket_is_saved_when_temporal_hangs_and_its_flow_starts_later(
        client, ticket_worker, hung_temporal):
    tech = await staff(*EVERYTHING)
    reply = await while_hung(hung_temporal, client.post("/cms/ticket/add", json=new_ticket_body(),
                                                        headers=tech.headers))
    assert reply.status_code == 200, reply.text
    assert reply.json()["data"]["flowPending"] is True
    assert (await row(reply.json()["data"]["id"])).flow_pending  # the reconciler starts it


async def test_after_one_time_out_calls_answer_at_once_until_temporal_answers_again(
        app, client, ticket_worker, hung_temporal, monkeypatch):
    """A hung server used to cost every call its full time-out; after the first, the breaker answers at once."""
    from services import flows

    tech = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(ticket_worker, tech.principal)
    comment = {"content": "x"}
    first = await while_hung(hung_temporal, client.post(f"/cms/ticket/{ticket_id}/comment", json=comment,
                                                        headers=tech.headers))
    assert first.status_code == 503
    monkeypatch.setattr(get_settings(), "temporal_rpc_seconds", 60.0)  # a call that still asked would hang here
    loop = asyncio.get_running_loop()
    started = loop.time()
    again = await asyncio.wait_for(client.post(f"/cms/ticket/{ticket_id}/comment", json=comment,
                                               headers=tech.headers), HANG_GUARD)
    added = await asyncio.wait_for(client.post("/cms/ticket/add", json=new_ticket_body(), headers=tech.headers),
                                   HANG_GUARD)
    assert loop.time() - started < 30  # neither waited on the hung server
    assert (again.status_code, again.json()["code"]) == (503, "SERVICE_UNAVAILABLE"), again.text
    assert (added.status_code, added.json()["data"]["flowPending"]) == (200, True)
    app.state.flows._client = ticket_worker.client  # Temporal answers again (the frozen relay's streams are broken)
    flows.breaker.open_until = flows.time.monotonic()  # the open time has passed: the next call is the probe
    assert (await client.post(f"/cms/ticket/{ticket_id}/comment", json=comment,
                              headers=tech.headers)).status_code == 200
    assert flows.breaker.open_until == 0.0
