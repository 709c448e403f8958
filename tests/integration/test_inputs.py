"""What the database would refuse is refused at the door, with a 422 naming the field; no client string
costs more than its length; bodies have a size and a nesting limit, and a refused call is still logged
(docs/decisions/input-rules.md)."""

import json

from sqlalchemy import select

from domain.db import transaction
from domain.models.audit import OperationLog
from tests.conftest import unique
from tests.integration import ticket_support
from tests.integration.ticket_support import EVERYTHING, create_at_server_time, insert_ticket, staff

JSON = {"Content-Type": "application/json"}
ticket_worker, mail_sink = ticket_support.ticket_worker, ticket_support.mail_sink  # fixtures


def refused(reply, field, rule, status=422):
    assert reply.status_code == status, reply.text
    errors = reply.json()["data"]["errors"]
    assert [(e["field"], e["rule"]) for e in errors] == [(field, rule)], errors
    return errors[0]["message"]


async def logged(transaction_id):
    async with transaction() as db:
        return (await db.scalars(select(OperationLog).where(OperationLog.transaction_id == transaction_id))).all()


async def test_a_nul_in_a_comment_is_refused_and_the_flow_takes_the_next_one(client, ticket_worker):
    """A NUL byte reached PostgreSQL through the flow's activity, which retried it forever."""
    tech = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(ticket_worker, tech.principal)
    reply = await client.post(f"/cms/ticket/{ticket_id}/comment", json={"content": "hi\u0000"},
                              headers={**tech.headers, "Accept-Language": "zh-CN"})
    assert "NUL" in refused(reply, "content", "text_nul")
    assert len(await logged(reply.headers["x-transaction-id"])) == 1
    ok = await client.post(f"/cms/ticket/{ticket_id}/comment", json={"content": "hi"}, headers=tech.headers)
    assert ok.status_code == 200, ok.text
    assert [c["body"] for c in ok.json()["data"]["comments"]] == ["hi"]


async def test_null_for_a_required_column_is_refused(client, ticket_worker):
    tech = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(ticket_worker, tech.principal)
    reply = await client.post(f"/cms/ticket/{ticket_id}/modify", json={"title": None}, headers=tech.headers)
    refused(reply, "title", "not_null")
    courier = await client.post("/cms/courier/modify", json={"id": 1, "name": None},
                                headers=(await staff("logistics-configuration", "logistics#edit")).headers)
    refused(courier, "name", "not_null")


async def test_lone_surrogates_big_integers_and_naive_times_are_refused(client):
    me = await staff(*EVERYTHING)
    raw = '{"title": "x\\ud800", "description": "d"}'  # a lone surrogate, as JSON may carry it
    reply = await client.post("/cms/ticket/add", content=raw, headers={**me.headers, **JSON})
    refused(reply, "title", "text_surrogate")
    reply = await client.post("/cms/ticket/search", json={"assigneeId": 2**64}, headers=me.headers)
    refused(reply, "assigneeId", "int64")
    reply = await client.post("/cms/ticket/search", json={"status": [], "category": ["a", "b\u0000"]},
                              headers=me.headers)
    refused(reply, "category[1]", "text_nul")
    reply = await client.post("/cms/ticket/search", json={"createdAt": ["2026-01-01T00:00:00", None]},
                              headers=me.headers)
    refused(reply, "createdAt[0]", "timezone")
    reply = await client.get(f"/cms/ticket/detail/{2**70}", headers=me.headers)
    assert reply.status_code == 422, reply.text  # beyond what an id column holds: never a 500
    reply = await client.get("/cms/user/options", params={"keyword": "a\u0000"}, headers=me.headers)
    refused(reply, "keyword", "text_nul")


async def test_a_huge_sort_name_is_refused_without_work(client):
    """`to_snake` ran on the client's string before the allow-list: 100,000 characters took 156 s."""
    me = await staff("ticket-list", "logistics-configuration")
    for path in ("/cms/ticket/search", "/cms/courier/search"):
        reply = await client.post(path, json={"sort": "A" * 100_000}, headers=me.headers)
        refused(reply, "sort", "max_length")
    from api.resource.query import apply_sort
    from domain.errors import DomainError
    from domain.models.couriers import Courier

    try:  # the kit's check itself, for callers that build a sort from elsewhere
        apply_sort(select(Courier), Courier, "-" + "A" * 100_000, {"id", "name"}, "-id")
    except DomainError as exc:
        assert exc.code == "SORT_FIELD"
    else:
        raise AssertionError("an unknown sort name was accepted")
    reply = await client.post("/cms/courier/search", json={"sort": "-name"}, headers=me.headers)
    assert reply.status_code == 200, reply.text


async def test_oversized_and_deeply_nested_bodies_get_a_clean_reply_and_a_log_row(client):
    me = await staff("ticket-new")
    nested = '{"a":' * 2000 + "1" + "}" * 2000
    reply = await client.post("/cms/ticket/add", content=nested, headers={**me.headers, **JSON})
    refused(reply, "body", "depth")
    entries = await logged(reply.headers["x-transaction-id"])
    assert [(e.http_status, e.code) for e in entries] == [(422, "VALIDATION_FAILED")]
    big = json.dumps({"title": "t", "description": "x" * (2 * 1024 * 1024)})
    reply = await client.post("/cms/ticket/add", content=big, headers={**me.headers, **JSON})
    assert (reply.status_code, reply.json()["code"]) == (413, "BODY_TOO_LARGE"), reply.text
    entries = await logged(reply.headers["x-transaction-id"])
    assert [(e.http_status, e.code) for e in entries] == [(413, "BODY_TOO_LARGE")]
    reply = await client.post("/cms/ticket/add", json={"title": "t", "description": "x" * 30_000}, headers=me.headers)
    refused(reply, "description", "max_length")


async def test_like_wildcards_in_keywords_match_literally(client):
    me = await staff("ticket-list")
    tag = unique("Pct")
    literal = await insert_ticket(title=f"{tag} 100% done")
    await insert_ticket(title=f"{tag} 1000 done")
    found = await client.post("/cms/ticket/search", json={"keyword": f"{tag} 100%"}, headers=me.headers)
    assert [i["id"] for i in found.json()["data"]["items"]] == [literal]
    found = await client.post("/cms/ticket/search", json={"keyword": f"{tag} 10_"}, headers=me.headers)
    assert found.json()["data"]["items"] == []
    people = await client.get("/cms/user/options", params={"keyword": "_"}, headers=me.headers)
    assert all("_" in " ".join(str(v) for v in u.values()) for u in people.json()["data"]), people.text
