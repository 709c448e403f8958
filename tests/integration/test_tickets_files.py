"""Ticket attachments and private files (api/file_access.py): whoever may see a ticket may read its files, and
nobody can attach a file they may not read."""

from sqlalchemy import select

from domain.db import transaction
from domain.models.tickets import TicketAttachment
from tests.integration.people import create_user
from tests.integration.test_files import upload
from tests.integration.ticket_support import insert_ticket, new_ticket_body, staff


async def link_status(client, who, file_id):
    return (await client.get(f"/cms/common/generate-file-url/{file_id}", headers=who.headers)).status_code


async def test_a_ticket_file_is_readable_by_whoever_may_see_the_ticket(client):
    submitter, lister = await staff("ticket-user-list"), await staff("ticket-list")
    watcherless, unrelated = await staff("ticket-user-list"), await staff()
    file_id = (await upload(client, submitter.headers)).json()["data"]["id"]
    assignee = await create_user("ticket-user-list")
    ticket = await insert_ticket(submitter_id=submitter.id, assignee_id=assignee.id)
    async with transaction() as db:
        db.add(TicketAttachment(ticket_id=ticket, kind="IMAGE", file_id=file_id, created_by=submitter.id))

    assert await link_status(client, submitter, file_id) == 200  # the uploader
    assert await link_status(client, lister, file_id) == 200  # sees every ticket
    assert await link_status(client, watcherless, file_id) == 404  # "my tickets" only, not involved
    assert await link_status(client, unrelated, file_id) == 404  # no ticket rights


async def test_attaching_a_file_one_may_not_read_is_refused_and_changes_nothing(client):
    owner, other = await staff("ticket-new", "ticket-list"), await staff("ticket-new", "ticket-list")
    private = (await upload(client, owner.headers)).json()["data"]["id"]
    body = new_ticket_body(attachments=[{"kind": "IMAGE", "fileId": private, "name": "a.png"}])

    reply = await client.post("/cms/ticket/add", json=body, headers={**other.headers, "Accept-Language": "en"})
    assert reply.status_code == 422, reply.text
    error = reply.json()["data"]["errors"][0]
    assert (error["field"], error["rule"]) == ("attachments", "not_found")
    assert str(private) in error["message"]
    listed = (await client.post("/cms/ticket/search", json={"keyword": body["title"]}, headers=other.headers)).json()
    assert listed["data"]["total"] == 0

    missing = new_ticket_body(attachments=[{"kind": "IMAGE", "fileId": 999999999}])
    reply = await client.post("/cms/ticket/add", json=missing, headers=other.headers)
    assert reply.status_code == 422 and reply.json()["data"]["errors"][0]["rule"] == "not_found"


async def test_a_comment_cannot_attach_somebody_elses_private_file(client):
    owner, tech = await staff(), await staff("ticket-list", "ticket#comment")
    private = (await upload(client, owner.headers)).json()["data"]["id"]
    ticket_id = await insert_ticket()
    reply = await client.post(f"/cms/ticket/{ticket_id}/comment", headers=tech.headers, json={
        "content": "see", "attachments": [{"kind": "IMAGE", "fileId": private}]})
    assert reply.status_code == 422, reply.text  # refused before the flow is asked
    assert reply.json()["data"]["errors"][0]["field"] == "attachments"
    async with transaction() as db:
        assert await db.scalar(select(TicketAttachment.id).where(TicketAttachment.ticket_id == ticket_id)) is None
