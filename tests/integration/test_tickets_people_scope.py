"""A ticket's assignee, PIC and RD are people within the actor's data authority: the pickers offer only them,
and a person beyond it is refused naming the field, in the reader's language, before anything is written."""

from sqlalchemy import func, select

from domain.db import transaction
from domain.models.data_authority import DataScope
from domain.models.tickets import Ticket
from tests.conftest import unique
from tests.integration.people import create_user
from tests.integration.ticket_support import insert_ticket, new_ticket_body, staff

OUT_OF_SCOPE = {
    "en": "this person is outside your data authority",
    "zh-CN": "此人不在您的数据权限范围内",
    "id": "orang ini di luar wewenang data Anda",
}


async def indonesia_staff():
    actor = await staff("ticket-new", "ticket-list", "ticket#edit", "ticket#assign")
    async with transaction() as db:
        db.add(DataScope(user_id=actor.id, scope_type="COUNTRY", values=["ID"]))
    name = unique("Scope")
    inside = await create_user(country="ID", display_name=name)
    outside = await create_user(country="PH", display_name=name)
    return actor, inside, outside, name


def refused(reply, field: str, lang: str) -> None:
    assert reply.status_code == 422, reply.text
    error = reply.json()["data"]["errors"][0]
    assert (error["field"], error["rule"]) == (field, "out_of_scope")
    assert OUT_OF_SCOPE[lang] in error["message"]


async def test_the_user_picker_offers_only_people_within_the_actors_data_authority(client):
    actor, inside, outside, name = await indonesia_staff()
    found = await client.get("/cms/user/options", params={"keyword": name}, headers=actor.headers)
    assert [u["id"] for u in found.json()["data"]] == [inside.id]
    named = await client.get("/cms/user/options", params={"ids": [outside.id]}, headers=actor.headers)
    assert named.json()["data"] == []


async def test_a_new_ticket_refuses_people_beyond_the_actors_data_authority(client):
    actor, inside, outside, _ = await indonesia_staff()
    for field, lang in (("assigneeId", "en"), ("picId", "zh-CN"), ("rdId", "id")):
        body = new_ticket_body(**{"assigneeId": inside.id, field: outside.id})
        reply = await client.post("/cms/ticket/add", json=body,
                                  headers={**actor.headers, "Accept-Language": lang})
        refused(reply, field, lang)
        async with transaction() as db:
            assert await db.scalar(select(func.count()).where(Ticket.title == body["title"])) == 0


async def test_assigning_and_editing_refuse_people_beyond_the_actors_data_authority(client):
    actor, inside, outside, _ = await indonesia_staff()
    ticket_id = await insert_ticket(status="WORK_IN_PROCESS", assignee_id=inside.id, pic_id=inside.id)
    assign = await client.post(f"/cms/ticket/{ticket_id}/assign", json={"assigneeId": outside.id},
                               headers={**actor.headers, "Accept-Language": "id"})
    refused(assign, "assigneeId", "id")
    for field, lang in (("picId", "en"), ("rdId", "zh-CN")):
        edit = await client.post(f"/cms/ticket/{ticket_id}/modify", json={field: outside.id},
                                 headers={**actor.headers, "Accept-Language": lang})
        refused(edit, field, lang)
    async with transaction() as db:
        row = await db.scalar(select(Ticket).where(Ticket.id == ticket_id))
    assert (row.assignee_id, row.pic_id, row.rd_id) == (inside.id, inside.id, None)
