"""Idempotency-Key on creations (ticket/add and every resource-kit add): a retry after a lost reply
returns the first record instead of a second one; a double submission creates once."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import func, select, text, update

from domain.db import transaction
from domain.models.couriers import Courier
from domain.models.idempotency import IdempotencyKey
from domain.models.tickets import Ticket
from tests.conftest import unique
from tests.integration import ticket_support
from tests.integration.ticket_support import new_ticket_body, staff

ticket_worker, mail_sink = ticket_support.ticket_worker, ticket_support.mail_sink  # fixtures
time_skipping_env = ticket_support.own_time_skipping_env


@pytest.fixture
async def clerk(login_as):
    return await login_as("logistics-configuration", "logistics#add")


def courier_body(**fields):
    return {"name": unique("C"), "channel": "SHOPEE_ID", "shippingMethod": "PICK_UP", **fields}


async def couriers_named(name: str) -> int:
    async with transaction() as db:
        return await db.scalar(select(func.count()).where(Courier.name == name)) or 0


async def test_a_retried_kit_add_returns_the_first_record_and_creates_nothing_new(client, clerk):
    body = courier_body()
    headers = {**clerk, "Idempotency-Key": "form-1f3a"}
    first = await client.post("/cms/courier/add", json=body, headers=headers)
    again = await client.post("/cms/courier/add", json=body, headers=headers)
    assert first.status_code == again.status_code == 200, again.text
    assert again.json()["data"] == first.json()["data"]
    assert "Idempotent-Replayed" not in first.headers and again.headers["Idempotent-Replayed"] == "true"
    assert await couriers_named(body["name"]) == 1
    # Without a key, nothing is deduplicated: the name's unique rule answers instead.
    assert (await client.post("/cms/courier/add", json=body, headers=clerk)).status_code == 409


async def test_a_double_submission_at_the_same_moment_creates_once(client, clerk):
    body = courier_body()
    headers = {**clerk, "Idempotency-Key": unique("k")}
    replies = await asyncio.gather(*(client.post("/cms/courier/add", json=body, headers=headers) for _ in range(3)))
    assert [r.status_code for r in replies] == [200, 200, 200], [r.text for r in replies]
    assert len({r.json()["data"]["id"] for r in replies}) == 1
    assert await couriers_named(body["name"]) == 1


async def test_the_same_key_with_another_body_or_route_is_refused_and_changes_nothing(client, login_as):
    clerk = await login_as("logistics-configuration", "logistics#add", "department-management", "department#add")
    key = unique("k")
    headers = {**clerk, "Idempotency-Key": key, "Accept-Language": "zh-CN"}
    assert (await client.post("/cms/courier/add", json=courier_body(), headers=headers)).status_code == 200
    other = courier_body()
    reply = await client.post("/cms/courier/add", json=other, headers=headers)
    assert reply.status_code == 422
    payload = reply.json()
    assert (payload["code"], payload["data"]["field"]) == ("IDEMPOTENCY_KEY_REUSED", "idempotencyKey")
    assert "幂等键" in payload["message"]
    assert await couriers_named(other["name"]) == 0
    department = {"name": unique("D")[:12], "fullName": "Department full"}
    reply = await client.post("/cms/department/add", json=department, headers=headers)
    assert (reply.status_code, reply.json()["code"]) == (422, "IDEMPOTENCY_KEY_REUSED")
    # Keys are per caller: another user's identical key is theirs alone.
    someone = await login_as("logistics-configuration", "logistics#add")
    assert (await client.post("/cms/courier/add", json=other, headers={**someone, "Idempotency-Key": key})
            ).status_code == 200


async def test_a_failed_creation_frees_its_key(client, clerk):
    taken = courier_body()
    assert (await client.post("/cms/courier/add", json=taken, headers=clerk)).status_code == 200
    headers = {**clerk, "Idempotency-Key": unique("k")}
    refused = await client.post("/cms/courier/add", json={**taken}, headers=headers)
    assert refused.status_code == 409  # the name is taken: rolled back, key and all
    fixed = courier_body()
    reply = await client.post("/cms/courier/add", json=fixed, headers=headers)
    assert reply.status_code == 200, reply.text
    assert await couriers_named(fixed["name"]) == 1


async def test_an_expired_key_no_longer_replays(client, clerk):
    body, key = courier_body(), unique("k")
    headers = {**clerk, "Idempotency-Key": key}
    assert (await client.post("/cms/courier/add", json=body, headers=headers)).status_code == 200
    async with transaction() as db:
        await db.execute(update(IdempotencyKey).where(IdempotencyKey.key == key)
                         .values(expires_at=func.now() - text("interval '1 second'")))
    # Past its time-to-live the key is new again: the name's own unique rule answers this retry.
    assert (await client.post("/cms/courier/add", json=body, headers=headers)).status_code == 409


async def test_a_duplicate_waiting_too_long_for_the_first_gets_a_409(client, clerk):
    key = unique("k")
    user_id = (await client.get("/cms/user/info", headers=clerk)).json()["data"]["id"]
    async with transaction() as first:  # a first call that has claimed the key and not yet finished
        await first.execute(text("insert into idempotency_keys (user_id, key, route, fingerprint, expires_at) "
                                 "values (:u, :k, '/courier/add', 'x', now() + interval '1 hour')"),
                            {"u": user_id, "k": key})
        reply = await client.post("/cms/courier/add", json=courier_body(),
                                  headers={**clerk, "Idempotency-Key": key})
        await first.rollback()
    assert reply.status_code == 409
    assert (reply.json()["code"], reply.json()["data"]["field"]) == ("IDEMPOTENCY_IN_PROGRESS", "idempotencyKey")


@pytest.mark.parametrize("key", ["", "with space", "ключ".encode(), "k" * 201])
async def test_a_malformed_key_is_refused_naming_the_header(client, clerk, key):
    body = courier_body()
    reply = await client.post("/cms/courier/add", json=body, headers={**clerk, "Idempotency-Key": key})
    assert reply.status_code == 422, reply.text
    assert reply.json()["data"]["errors"][0]["field"] == "Idempotency-Key"
    assert await couriers_named(body["name"]) == 0


async def test_a_retried_ticket_creation_returns_the_first_ticket(client, ticket_worker):
    reporter = await staff("ticket-new", "ticket-list")
    body = new_ticket_body()
    headers = {**reporter.headers, "Idempotency-Key": unique("k")}
    replies = await asyncio.gather(*(client.post("/cms/ticket/add", json=body, headers=headers) for _ in range(2)))
    again = await client.post("/cms/ticket/add", json=body, headers=headers)
    assert [r.status_code for r in (*replies, again)] == [200, 200, 200], again.text
    assert len({r.json()["data"]["id"] for r in (*replies, again)}) == 1
    assert again.headers["Idempotent-Replayed"] == "true"
    async with transaction() as db:
        assert await db.scalar(select(func.count()).where(Ticket.title == body["title"])) == 1
    reused = await client.post("/cms/ticket/add", json=new_ticket_body(), headers=headers)
    assert (reused.status_code, reused.json()["code"]) == (422, "IDEMPOTENCY_KEY_REUSED")
