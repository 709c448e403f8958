"""Lean reads (api/lean.py): the ticket search answered beneath FastAPI gives the very reply FastAPI gives, and
a change to who may do what takes effect on the next call in every process (the auth epoch, migration 0004)."""

from datetime import UTC, datetime, timedelta

from sqlalchemy import text

from api.principals import CALLERS
from domain.db import transaction
from domain.models.tickets import TicketWatcher
from tests.conftest import unique
from tests.integration.lean_support import answered
from tests.integration.people import create_user, login
from tests.integration.ticket_support import insert_ticket, staff

SEARCH = "/cms/ticket/search"

__all__ = ["answered"]  # fixtures


def without_transaction_id(reply) -> dict:
    body = reply.json()
    assert body["transactionId"] == reply.headers["x-transaction-id"]
    return {**body, "transactionId": None}


async def epoch() -> int:
    async with transaction() as db:
        return int(await db.scalar(text("select value from auth_epoch where id = 1")))


async def test_the_lean_reply_is_the_fastapi_reply(client, answered):
    everyone, involved = await staff("ticket-list"), await staff("ticket-user-list")
    category, now = unique("Cat"), datetime.now(UTC)
    for level in ("P0", "P1", "P3"):
        await insert_ticket(category=category, level=level, submitter_id=involved.id, assignee_id=everyone.id,
                            title=f"{category} {level}", tags=["vip"], resolve_breached=level == "P0")
    watched = await insert_ticket(category=category, status="CLOSED", created_at=now - timedelta(days=40),
                                  closed_at=now - timedelta(days=39))
    async with transaction() as db:
        db.add(TicketWatcher(ticket_id=watched, user_id=involved.id))
    bodies = [{}, {"category": [category]}, {"category": [category], "level": ["P0", "P1"], "sort": "level"},
              {"category": [category], "breached": True}, {"keyword": f"{category} P1"}, {"keyword": f"#{watched}"},
              {"category": [category], "createdAt": [(now - timedelta(days=1)).isoformat(), None]},
              {"category": [category], "page": 2, "pageSize": 1}, {"category": [category], "page": 9},
              {"category": [category], "scope": "ASSIGNED"}, {"category": [category], "tag": "vip"},
              {"category": [category], "status": ["CLOSED"]}]
    for who in (everyone, involved):
        for body in bodies:
            CALLERS.clear()  # the first call reads the caller afresh, so FastAPI answers it
            full = await client.post(SEARCH, json=body, headers=who.headers)
            lean = await client.post(SEARCH, json=body, headers=who.headers)
            assert answered[-2:] == [False, True], body
            assert full.status_code == lean.status_code == 200, full.text
            assert without_transaction_id(lean) == without_transaction_id(full), body
            assert lean.headers["content-type"] == full.headers["content-type"]
    mine = (await client.post(SEARCH, json={"category": [category]}, headers=involved.headers)).json()["data"]
    assert mine["total"] == 4  # submitted three, watches one
    assert (await client.post(SEARCH, json={"category": [category]}, headers=everyone.headers)).json()["data"][
        "total"] == 4


async def test_a_revoked_permission_or_session_takes_effect_on_the_next_call(client, answered):
    me = await staff("ticket-list")
    assert (await client.post(SEARCH, json={}, headers=me.headers)).status_code == 200
    assert (await client.post(SEARCH, json={}, headers=me.headers)).status_code == 200
    assert answered[-1] is True
    grant = text("delete from role_authorities ra using user_roles ur where ur.role_id = ra.role_id "
                 "and ur.user_id = :user")
    async with transaction() as db:
        await db.execute(grant, {"user": me.id})
    refused = await client.post(SEARCH, json={}, headers=me.headers)
    assert (refused.status_code, refused.json()["code"], answered[-1]) == (403, "NO_PERMISSION", False)

    other = await staff("ticket-list")
    assert (await client.post(SEARCH, json={}, headers=other.headers)).status_code == 200
    async with transaction() as db:
        await db.execute(text("update users set status = 'DISABLED' where id = :id"), {"id": other.id})
    assert (await client.post(SEARCH, json={}, headers=other.headers)).status_code == 401

    third = await staff("ticket-list")
    assert (await client.post(SEARCH, json={}, headers=third.headers)).status_code == 200
    assert (await client.post("/cms/auth/logout", headers=third.headers)).status_code == 200
    gone = await client.post(SEARCH, json={}, headers=third.headers)
    assert (gone.status_code, answered[-1]) == (401, False)


async def test_a_bad_body_from_a_known_caller_gets_the_translated_field_error(client, answered):
    me = await staff("ticket-list")
    assert (await client.post(SEARCH, json={}, headers=me.headers)).status_code == 200
    reply = await client.post(SEARCH, json={"pageSize": 501, "status": ["NOPE"]},
                              headers={**me.headers, "Accept-Language": "zh-CN"})
    assert (reply.status_code, answered[-1]) == (422, False)
    fields = {e["field"]: e["rule"] for e in reply.json()["data"]["errors"]}
    assert fields == {"pageSize": "le", "status[0]": "enum"}
    bad_sort = await client.post(SEARCH, json={"sort": "password"}, headers=me.headers)
    assert (bad_sort.status_code, bad_sort.json()["code"], answered[-1]) == (400, "SORT_FIELD", False)


async def test_only_changes_to_rights_move_the_epoch(client):
    user = await create_user("ticket-list")
    before = await epoch()
    assert (await login(client, user.username)).status_code == 200  # a new session and a last-login time
    assert await epoch() == before
    async with transaction() as db:
        await db.execute(text("update roles set status = status where id in "
                              "(select role_id from user_roles where user_id = :id)"), {"id": user.id})
    assert await epoch() == before + 1


async def test_the_lean_search_keeps_each_callers_data_scope(client, answered):
    """One statement is rendered per shape and reused: two users scoped to their own records must each get
    their own tickets from it, not the first caller's."""
    from domain.models.data_authority import DataScope

    category = unique("Own")
    people = [await staff("ticket-list"), await staff("ticket-list")]
    for who in people:
        async with transaction() as db:
            db.add(DataScope(user_id=who.id, scope_type="OWN", values=[]))
        await insert_ticket(category=category, submitter_id=who.id, title=f"{category} {who.id}")
    CALLERS.clear()
    for who in people:
        for _ in range(2):  # FastAPI first, then the lean path
            found = (await client.post(SEARCH, json={"category": [category]}, headers=who.headers)).json()["data"]
            assert [i["title"] for i in found["items"]] == [f"{category} {who.id}"]
    assert answered[-2:] == [False, True]
