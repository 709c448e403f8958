"""The ticket workflow on the time-skipping server (SPEC §4, §9): breach, auto-close, priority change,
merge and unmerge, reopen, refusals, continue-as-new; the API drives it like the console does."""

from datetime import timedelta

from sqlalchemy import func, select

from domain.db import transaction
from domain.models.audit import EntityChange
from domain.models.notifications import Notification
from domain.models.tickets import TicketHistory
from tests.integration import ticket_support
from tests.integration.ticket_support import EVERYTHING, create_at_server_time, eventually, mails_received, row, staff

ticket_worker, mail_sink = ticket_support.ticket_worker, ticket_support.mail_sink  # fixtures


async def act(client, who, ticket_id, path, body=None, status=200):
    reply = await client.post(f"/cms/ticket/{ticket_id}/{path}", json=body or {}, headers=who.headers)
    assert reply.status_code == status, reply.text
    return reply.json()


async def history(ticket_id):
    async with transaction() as db:
        rows = (await db.scalars(select(TicketHistory).where(TicketHistory.ticket_id == ticket_id)
                                 .order_by(TicketHistory.seq))).all()
    return [h.action for h in rows]


async def test_a_missed_first_response_marks_the_ticket_and_notifies_assignee_and_watchers(
        client, ticket_worker, mail_sink):
    """P0: first response within 15 minutes in work time, 30 outside it; then breached, notified."""
    env = ticket_worker
    lead, tech, watcher = await staff(*EVERYTHING), await staff(*EVERYTHING), await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(env, lead.principal, issueLevel="CRITICAL", assigneeId=tech.id)
    await act(client, watcher, ticket_id, "watch")
    ticket = await row(ticket_id)
    assert ticket.level == "P0" and not ticket.flow_pending
    assert ticket.first_response_due - ticket.sla_started_at in (timedelta(minutes=15), timedelta(minutes=30))
    await env.sleep(timedelta(minutes=31))
    breached = await eventually(lambda: _breached(ticket_id))
    assert breached.first_response_breached and not breached.resolve_breached
    assert "FIRST_RESPONSE_BREACH" in await history(ticket_id)
    async with transaction() as db:
        notified = set((await db.scalars(select(Notification.user_id).where(
            Notification.key.like(f"ticket-{ticket_id}-%")))).all())
    assert notified == {tech.id, watcher.id}
    mails = await mails_received(mail_sink, 2)
    assert all(f"Ticket #{ticket_id} missed its first response deadline" in m for m in mails)
    detail = (await client.get(f"/cms/ticket/detail/{ticket_id}", headers=lead.headers)).json()["data"]
    assert detail["sla"]["firstResponseBreached"] and detail["sla"]["breached"] and not detail["sla"]["qualified"]


async def _breached(ticket_id):
    ticket = await row(ticket_id)
    return ticket if ticket.first_response_breached else None


async def test_pending_for_confirmation_longer_than_the_close_limit_closes_automatically(client, ticket_worker):
    """Close limit: 4320 minutes (3 days)."""
    env = ticket_worker
    tech = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(env, tech.principal)
    await act(client, tech, ticket_id, "start")
    await act(client, tech, ticket_id, "complete", {"solution": "Re-authorised the shop"})
    data = (await act(client, tech, ticket_id, "approve"))["data"]
    assert data["status"] == "PENDING_FOR_CONFIRMATION"
    await env.sleep(timedelta(minutes=4319))
    assert (await row(ticket_id)).status == "PENDING_FOR_CONFIRMATION"
    await env.sleep(timedelta(minutes=2))
    closed = await eventually(lambda: _status(ticket_id, "CLOSED"))
    assert closed.closed_by_id is None and closed.closed_at is not None
    assert (await history(ticket_id))[-1] == "AUTO_CLOSE"
    async with transaction() as db:
        audit_row = await db.scalar(select(EntityChange).where(
            EntityChange.entity == "Ticket", EntityChange.entity_id == str(ticket_id),
            EntityChange.operator_name == "System").order_by(EntityChange.id.desc()))
    assert audit_row.changes["status"] == {"before": "PENDING_FOR_CONFIRMATION", "after": "CLOSED"}


async def _status(ticket_id, status):
    ticket = await row(ticket_id)
    return ticket if ticket.status == status else None


async def test_a_priority_change_recomputes_the_deadlines_keeping_elapsed_time(client, ticket_worker):
    env = ticket_worker
    tech = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(env, tech.principal, issueLevel="MODERATE")  # P3
    before = await row(ticket_id)
    assert before.resolve_due - before.sla_started_at == timedelta(minutes=2880)
    await env.sleep(timedelta(minutes=40))
    await act(client, tech, ticket_id, "priority", {"issueLevel": "CRITICAL"})  # P0
    after = await row(ticket_id)
    assert after.level == "P0" and after.sla_started_at == before.sla_started_at
    assert after.resolve_due - after.sla_started_at == timedelta(minutes=120)
    assert after.first_response_due - after.sla_started_at in (timedelta(minutes=15), timedelta(minutes=30))
    # 40 minutes have passed: the new first-response deadline is already behind us, so it breaches at once
    assert (await eventually(lambda: _breached(ticket_id))).first_response_breached
    refused = await act(client, tech, ticket_id, "priority", {"issueLevel": "CRITICAL"}, status=409)
    assert refused["code"] == "TICKET_SAME_PRIORITY"


async def test_merge_closes_the_ticket_and_unmerge_restores_it(client, ticket_worker):
    env = ticket_worker
    tech = await staff(*EVERYTHING)
    target = await create_at_server_time(env, tech.principal)
    ticket_id = await create_at_server_time(env, tech.principal)
    await act(client, tech, ticket_id, "start")
    merged = (await act(client, tech, ticket_id, "merge", {"targetId": target}))["data"]
    assert (merged["status"], merged["state"], merged["mergedIntoId"]) == ("CLOSED", "MERGED", target)
    assert merged["allowedActions"] == ["UNMERGE", "WATCH"]
    refused = await act(client, tech, ticket_id, "reopen", status=409)
    assert refused["code"] == "TICKET_ILLEGAL_TRANSITION"
    assert refused["message"] == 'A ticket that is "Merged" cannot take the action "Reopen"'
    restored = (await act(client, tech, ticket_id, "unmerge"))["data"]
    assert (restored["status"], restored["mergedIntoId"]) == ("WORK_IN_PROCESS", None)
    assert (await history(ticket_id))[-3:] == ["START_PROCESSING", "MERGE", "UNMERGE"]
    # a merge into itself or into a closed ticket is refused before the flow is asked
    itself = await act(client, tech, ticket_id, "merge", {"targetId": ticket_id}, 409)
    assert (itself["code"], itself["data"]) == ("TICKET_MERGE_SELF", {"field": "targetId"})


async def test_reopen_starts_a_new_resolve_clock(client, ticket_worker):
    env = ticket_worker
    tech = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(env, tech.principal)
    for path, body in (("claim", None), ("start", None), ("complete", {"solution": "fixed"}), ("approve", None),
                       ("confirm", None)):
        await act(client, tech, ticket_id, path, body)
    closed = await row(ticket_id)
    assert closed.status == "CLOSED" and closed.closed_by_id == tech.id and closed.resolved_in_minutes is not None
    await env.sleep(timedelta(hours=5))
    reopened = (await act(client, tech, ticket_id, "reopen", {"reason": "happened again"}))["data"]
    assert reopened["status"] == "PENDING_FOR_OPERATION"
    ticket = await row(ticket_id)
    assert ticket.closed_at is None and ticket.resolved_at is None
    assert ticket.sla_started_at > closed.sla_started_at
    assert ticket.resolve_due - ticket.sla_started_at == timedelta(minutes=2880)


async def test_an_illegal_action_is_refused_in_the_callers_language_and_changes_nothing(client, ticket_worker):
    env = ticket_worker
    tech = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(env, tech.principal)
    seq = (await row(ticket_id)).seq
    reply = await client.post(f"/cms/ticket/{ticket_id}/confirm", json={},
                              headers={**tech.headers, "Accept-Language": "zh-CN"})
    assert reply.status_code == 409
    assert reply.json()["message"] == "状态为「新建」的工单不能执行「确认关闭」"
    assert (await row(ticket_id)).seq == seq
    assert await history(ticket_id) == ["CREATE"]


async def test_watching_twice_is_refused(client, ticket_worker):
    env = ticket_worker
    tech = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(env, tech.principal)
    data = (await act(client, tech, ticket_id, "watch"))["data"]
    assert data["watching"] and "UNWATCH" in data["allowedActions"] and "WATCH" not in data["allowedActions"]
    assert (await act(client, tech, ticket_id, "watch", status=409))["code"] == "TICKET_ALREADY_WATCHING"
    assert not (await act(client, tech, ticket_id, "unwatch"))["data"]["watching"]


async def test_a_finished_flow_is_started_again_for_a_late_reopen(client, ticket_worker):
    """A closed ticket's flow ends after a week; reopening later starts it again from the row."""
    env = ticket_worker
    tech = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(env, tech.principal)
    await act(client, tech, ticket_id, "wont-fix", {"reason": "works as designed"})
    handle = env.client.get_workflow_handle(f"ticket-{ticket_id}")
    first_run = (await handle.describe()).run_id
    await env.sleep(timedelta(days=8))
    result = await handle.result()
    assert result["status"] == "WONT_FIX"
    reopened = (await act(client, tech, ticket_id, "reopen"))["data"]
    assert reopened["status"] == "PENDING_FOR_OPERATION"
    assert (await env.client.get_workflow_handle(f"ticket-{ticket_id}").describe()).run_id != first_run
    async with transaction() as db:
        count = await db.scalar(select(func.count()).select_from(TicketHistory).where(
            TicketHistory.ticket_id == ticket_id))
    assert count == 3  # create, won't fix, reopen


async def test_comment_remind_and_edit_go_through_the_flow_with_history_and_audit(client, ticket_worker, mail_sink):
    env = ticket_worker
    reporter, tech = await staff(*EVERYTHING), await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(env, reporter.principal, assigneeId=tech.id)
    own = (await act(client, reporter, ticket_id, "comment", {"content": "more details"}))["data"]
    assert own["sla"]["firstResponseAt"] is None  # the submitter's own comment is no response
    data = (await act(client, tech, ticket_id, "comment", {"content": "looking", "attachments": [
        {"kind": "VIDEO", "url": "https://files.example/screen.mp4"}]}))["data"]
    assert data["sla"]["firstResponseAt"] is not None and data["lastReplyAt"] is not None
    assert [c["body"] for c in data["comments"]] == ["more details", "looking"]
    assert data["comments"][1]["attachments"][0]["kind"] == "VIDEO"
    await act(client, reporter, ticket_id, "remind", {"reason": "merchant is waiting"})
    mails = await mails_received(mail_sink, 1)
    assert f"Reminder on ticket #{ticket_id}" in mails[0] and "merchant is waiting" in mails[0]
    edited = await client.post(f"/cms/ticket/{ticket_id}/modify", headers=reporter.headers,
                               json={"title": "Orders from Shopee missing", "picId": tech.id, "tags": ["shopee"]})
    assert edited.status_code == 200, edited.text
    data = edited.json()["data"]
    assert (data["title"], data["pic"]["id"], data["tags"]) == ("Orders from Shopee missing", tech.id, ["shopee"])
    assert [h["action"] for h in data["history"]] == ["CREATE", "COMMENT", "COMMENT", "REMIND", "EDIT"]
    async with transaction() as db:
        change = await db.scalar(select(EntityChange).where(
            EntityChange.entity == "Ticket", EntityChange.entity_id == str(ticket_id),
            EntityChange.transaction_id == edited.headers["x-transaction-id"]))
    assert change.changes["title"]["after"] == "Orders from Shopee missing"
    assert change.operator_id == reporter.id
    nothing = await act(client, reporter, ticket_id, "modify", {}, status=409)
    assert nothing["code"] == "TICKET_NOTHING_TO_EDIT"
