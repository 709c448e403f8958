"""Tickets for daily work (SPEC §4, §9): reassign with the assignee told, no claim of one's own ticket, the
managed category and application lists on create and edit, the merge target listing what was merged into it,
the priority preview, and no unseen breach or reminder of a ticket nobody holds (its PIC, else the people on
duty). The API drives the flow on the time-skipping server like the console does."""

from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, insert, select, update

from domain.db import transaction
from domain.models.audit import EntityChange
from domain.models.notifications import Notification
from domain.models.ticket_settings import TicketOnDuty
from domain.models.tickets import Ticket
from tests.integration import ticket_support
from tests.integration.ticket_support import EVERYTHING, create_at_server_time, eventually, mails_received, row, staff

ticket_worker, mail_sink = ticket_support.ticket_worker, ticket_support.mail_sink  # fixtures


async def act(client, who, ticket_id, path, body=None, status=200):
    reply = await client.post(f"/cms/ticket/{ticket_id}/{path}", json=body or {}, headers=who.headers)
    assert reply.status_code == status, reply.text
    return reply.json()


async def notified(ticket_id, kind):
    async with transaction() as db:
        return set((await db.scalars(select(Notification.user_id).where(
            Notification.key.like(f"ticket-{ticket_id}-%"), Notification.kind == kind))).all())


async def put_on_duty(*user_ids):
    async with transaction() as db:
        await db.execute(delete(TicketOnDuty))
        if user_ids:
            await db.execute(insert(TicketOnDuty), [{"user_id": i} for i in user_ids])


async def test_reassign_hands_the_ticket_over_and_tells_the_new_assignee(client, ticket_worker, mail_sink):
    env = ticket_worker
    lead, first, second = await staff(*EVERYTHING), await staff(*EVERYTHING), await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(env, lead.principal)
    data = (await act(client, first, ticket_id, "claim"))["data"]
    assert "CLAIM" not in data["allowedActions"]  # the assignee is not offered to claim it again
    assert (await act(client, first, ticket_id, "claim", status=409))["code"] == "TICKET_ALREADY_YOURS"
    assert "CLAIM" in (await client.get(f"/cms/ticket/detail/{ticket_id}", headers=lead.headers)).json()[
        "data"]["allowedActions"]
    data = (await act(client, lead, ticket_id, "assign", {"assigneeId": second.id, "reason": "knows Shopee"}))["data"]
    assert data["assignee"]["id"] == second.id and data["status"] == "PENDING_FOR_OPERATION"
    assert data["history"][-1]["action"] == "ASSIGN" and data["history"][-1]["detail"]["reached"] == "Person"
    assert await eventually(lambda: notified(ticket_id, "TICKET_ASSIGNED")) == {second.id}
    mails = await mails_received(mail_sink, 1)
    assert f"Ticket #{ticket_id} is assigned to you" in mails[0] and "knows Shopee" in mails[0]
    again = await act(client, lead, ticket_id, "assign", {"assigneeId": second.id}, status=409)
    assert again["code"] == "TICKET_SAME_ASSIGNEE"
    nobody = await act(client, lead, ticket_id, "assign", {"assigneeId": 999999999}, status=422)
    assert nobody["data"]["errors"][0]["field"] == "assigneeId"
    async with transaction() as db:
        change = await db.scalar(select(EntityChange).where(
            EntityChange.entity == "Ticket", EntityChange.entity_id == str(ticket_id)).order_by(EntityChange.id.desc()))
    assert change.changes["assignee_id"] == {"before": first.id, "after": second.id}


async def test_reassign_needs_the_assign_button(client, ticket_worker):
    env = ticket_worker
    lead, helper = await staff(*EVERYTHING), await staff(*(p for p in EVERYTHING if p != "ticket#assign"))
    ticket_id = await create_at_server_time(env, lead.principal)
    assert "ASSIGN" not in (await act(client, helper, ticket_id, "watch"))["data"]["allowedActions"]
    await act(client, helper, ticket_id, "assign", {"assigneeId": helper.id}, status=403)
    assert (await row(ticket_id)).assignee_id is None


async def test_categories_and_applications_come_from_their_lists(client, ticket_worker):
    env = ticket_worker
    lead = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(env, lead.principal)
    before = await row(ticket_id)
    refused = await act(client, lead, ticket_id, "modify", {"category": "Orderz", "title": "New title"}, status=422)
    error = refused["data"]["errors"][0]
    assert error["field"] == "category" and "Orderz" in error["message"]
    after = await row(ticket_id)
    assert (after.title, after.category, after.seq) == (before.title, before.category, before.seq)
    reply = await client.post("/cms/ticket/add", headers=lead.headers, json=ticket_support.new_ticket_body(
        application="NOT_A_LIST_ENTRY"))
    assert reply.status_code == 422 and reply.json()["data"]["errors"][0]["field"] == "application"
    edited = (await act(client, lead, ticket_id, "modify", {"category": "Stock", "application": "OMS",
                                                            "estimatedAt": "2030-01-02T03:04:05Z"}))["data"]
    assert (edited["category"], edited["application"]) == ("Stock", "OMS")
    assert edited["history"][-1]["detail"]["fields"] == "application, category, estimated_at"


async def test_the_merge_target_lists_what_was_merged_into_it(client, ticket_worker):
    env = ticket_worker
    lead = await staff(*EVERYTHING)
    target = await create_at_server_time(env, lead.principal)
    merged = await create_at_server_time(env, lead.principal)
    data = (await act(client, lead, merged, "merge", {"targetId": target}))["data"]
    assert data["mergedInto"]["id"] == target
    detail = (await client.get(f"/cms/ticket/detail/{target}", headers=lead.headers)).json()["data"]
    assert detail["mergedFrom"] == [{"id": merged, "title": data["title"], "state": "MERGED"}]
    refused = await act(client, lead, target, "merge", {"targetId": merged}, status=409)
    assert refused["code"] == "TICKET_MERGE_TARGET"
    assert refused["data"] == {"field": "targetId"}  # the dialog shows it on the target picked


async def test_the_priority_preview_shows_the_new_deadlines_and_an_immediate_breach(client, ticket_worker):
    env = ticket_worker
    lead = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(env, lead.principal, issueLevel="MODERATE")  # P3
    ticket = await row(ticket_id)
    # the API's clock is the wall clock: a start 40 minutes before it puts P0's first response behind us
    async with transaction() as db:
        started = datetime.now(UTC) - timedelta(minutes=40)
        await db.execute(update(Ticket).where(Ticket.id == ticket_id).values(sla_started_at=started))
    seen = (await act(client, lead, ticket_id, "priority/preview", {"issueLevel": "CRITICAL"}))["data"]
    assert seen["level"] == "P0" and seen["breachesNow"] == ["FIRST_RESPONSE"]
    assert ticket.seq == (await row(ticket_id)).seq  # a preview changes nothing
    calm = (await act(client, lead, ticket_id, "priority/preview", {"issueLevel": "LOW"}))["data"]
    assert calm["breachesNow"] == [] and calm["level"] == "P4"


async def test_an_unassigned_breach_reaches_the_pic(client, ticket_worker, mail_sink):
    env = ticket_worker
    lead, pic, on_duty = await staff(*EVERYTHING), await staff(*EVERYTHING), await staff(*EVERYTHING)
    await put_on_duty(on_duty.id)
    ticket_id = await create_at_server_time(env, lead.principal, issueLevel="CRITICAL", picId=pic.id)
    await env.sleep(timedelta(minutes=31))
    assert await eventually(lambda: notified(ticket_id, "TICKET_BREACH")) == {pic.id}
    mails = await mails_received(mail_sink, 1)
    assert f"Ticket #{ticket_id} missed its first response deadline" in mails[0]


async def test_an_unassigned_breach_without_pic_reaches_the_people_on_duty_once(client, ticket_worker, mail_sink):
    env = ticket_worker
    lead, one, two = await staff(*EVERYTHING), await staff(*EVERYTHING), await staff(*EVERYTHING)
    await put_on_duty(one.id, two.id)
    ticket_id = await create_at_server_time(env, lead.principal, issueLevel="CRITICAL")
    await env.sleep(timedelta(minutes=31))
    assert await eventually(lambda: notified(ticket_id, "TICKET_BREACH")) == {one.id, two.id}
    await mails_received(mail_sink, 2)
    async with transaction() as db:
        rows = (await db.scalars(select(Notification).where(Notification.key.like(f"ticket-{ticket_id}-%")))).all()
    assert len(rows) == 2 and all(r.mail_sent_at is not None for r in rows)


async def test_remind_on_an_unassigned_ticket_says_whom_it_reached_or_refuses(client, ticket_worker, mail_sink):
    env = ticket_worker
    lead, pic, on_duty = await staff(*EVERYTHING), await staff(*EVERYTHING), await staff(*EVERYTHING)
    await put_on_duty()
    lonely = await create_at_server_time(env, lead.principal)
    refused = await act(client, lead, lonely, "remind", status=409)
    assert refused["code"] == "TICKET_NOBODY_TO_REMIND" and "no PIC" in refused["message"]
    assert (await row(lonely)).seq == 1  # refused before the flow was asked: nothing written
    await put_on_duty(on_duty.id)
    data = (await act(client, lead, lonely, "remind", {"reason": "merchant waiting"}))["data"]
    assert data["history"][-1]["detail"]["reached"] == "Person"
    assert await eventually(lambda: notified(lonely, "TICKET_REMIND")) == {on_duty.id}
    with_pic = await create_at_server_time(env, lead.principal, picId=pic.id)
    await act(client, lead, with_pic, "remind")
    assert await eventually(lambda: notified(with_pic, "TICKET_REMIND")) == {pic.id}
