"""The read side of tickets: list items, the detail page (but what depends on the caller's rights: the API adds
it), the SLA state as a user sees it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import TicketEvent
from domain.flows.tickets import workflow_id
from domain.i18n import t
from domain.models.tickets import Ticket, TicketAttachment, TicketComment, TicketHistory, TicketWatcher
from domain.models.users import User
from domain.rules import tickets as rules

Users = dict[int, dict[str, Any]]


def person(id: int, username: str, display_name: str) -> dict[str, Any]:
    return {"id": id, "username": username, "displayName": display_name}


async def users_by_id(db: AsyncSession, ids: Iterable[int | None], known: Users | None = None) -> Users:
    """The people by id; those in `known` (e.g. the caller) are not read again."""
    found = dict(known or {})
    wanted = {i for i in ids if i is not None and i not in found}
    if wanted:
        rows = (await db.execute(select(User.id, User.username, User.display_name).where(User.id.in_(wanted))))
        found.update((i, person(i, name, display)) for i, name, display in rows.all())
    return found


def minutes_left(due: datetime, done: datetime | None, now: datetime) -> int | None:
    return None if done is not None else int((due - now).total_seconds() // 60)


def sla_of(ticket: Ticket, now: datetime) -> dict[str, Any]:
    """Deadlines, time left, breach flags and the elapsed time shown as SPEC §9 asks."""
    end = ticket.resolved_at or ticket.closed_at or now
    value, unit = rules.elapsed_display(max(end - ticket.sla_started_at, timedelta(0)))
    breached = ticket.first_response_breached or ticket.resolve_breached
    return {
        "startedAt": ticket.sla_started_at, "inWorkTime": ticket.sla_work_time,
        "firstResponseDue": ticket.first_response_due, "resolveDue": ticket.resolve_due,
        "firstResponseAt": ticket.first_response_at, "firstResponseMinutes": ticket.first_response_minutes,
        "resolvedAt": ticket.resolved_at, "resolvedInMinutes": ticket.resolved_in_minutes,
        "firstResponseBreached": ticket.first_response_breached, "resolveBreached": ticket.resolve_breached,
        "breached": breached, "qualified": not breached,
        "firstResponseRemainingMinutes": minutes_left(ticket.first_response_due, ticket.first_response_at, now),
        "resolveRemainingMinutes": minutes_left(ticket.resolve_due, ticket.resolved_at, now),
        "elapsed": {"value": value, "unit": unit, "text": t(f"tickets.elapsed.{unit}", n=value)},
    }


def list_item(ticket: Ticket, users: Users, now: datetime) -> dict[str, Any]:
    return {
        "id": ticket.id, "title": ticket.title, "category": ticket.category, "application": ticket.application,
        "issueType": ticket.issue_type, "level": ticket.level,
        "issueLevel": rules.LEVELS_TO_ISSUE.get(ticket.level, "LOW"),
        "status": ticket.status, "state": rules.state_of(ticket.status, ticket.merged_into_id),
        "submitter": users.get(ticket.submitter_id or 0), "assignee": users.get(ticket.assignee_id or 0),
        "pic": users.get(ticket.pic_id or 0), "tags": list(ticket.tags or []), "accountId": ticket.account_id,
        "mergedIntoId": ticket.merged_into_id, "createdAt": ticket.created_at, "updatedAt": ticket.updated_at,
        "lastReplyAt": ticket.last_reply_at, "closedAt": ticket.closed_at, "sla": sla_of(ticket, now),
    }


async def list_items(db: AsyncSession, tickets: Sequence[Ticket], now: datetime,
                     known: Users | None = None) -> list[dict[str, Any]]:
    users = await users_by_id(db, (i for r in tickets for i in (r.submitter_id, r.assignee_id, r.pic_id)), known)
    return [list_item(r, users, now) for r in tickets]


def attachment(row: TicketAttachment) -> dict[str, Any]:
    return {"id": row.id, "kind": row.kind, "fileId": row.file_id, "url": row.url, "name": row.name,
            "createdAt": row.created_at}


async def detail(db: AsyncSession, ticket: Ticket, viewer_id: int, now: datetime) -> dict[str, Any]:
    """The detail page as anyone may see it; `watching`: whether the viewer watches the ticket."""
    tid = ticket.id
    comments = (await db.scalars(select(TicketComment).where(TicketComment.ticket_id == tid)
                                 .order_by(TicketComment.id))).all()
    files = (await db.scalars(select(TicketAttachment).where(TicketAttachment.ticket_id == tid)
                              .order_by(TicketAttachment.id))).all()
    history = (await db.scalars(select(TicketHistory).where(TicketHistory.ticket_id == tid)
                                .order_by(TicketHistory.seq))).all()
    watchers = (await db.scalars(select(TicketWatcher.user_id).where(TicketWatcher.ticket_id == tid))).all()
    merged = (await db.execute(select(Ticket.id, Ticket.title, Ticket.status, Ticket.merged_into_id).where(
        or_(Ticket.merged_into_id == tid, Ticket.id == ticket.merged_into_id)).order_by(Ticket.id))).all()
    people = [ticket.submitter_id, ticket.assignee_id, ticket.pic_id, ticket.rd_id, ticket.closed_by_id, *watchers,
              *(c.author_id for c in comments), *(h.actor_id for h in history)]
    users = await users_by_id(db, people)
    watching = viewer_id in watchers
    system = t("tickets.system")
    return {
        **list_item(ticket, users, now),
        "description": ticket.description, "solution": ticket.solution, "accountEmail": ticket.account_email,
        "project": ticket.project, "rd": users.get(ticket.rd_id or 0), "estimatedAt": ticket.estimated_at,
        "closedBy": users.get(ticket.closed_by_id or 0), "watchers": [users[w] for w in watchers if w in users],
        "watching": watching,
        "comments": [{"id": c.id, "author": users.get(c.author_id or 0), "body": c.body, "createdAt": c.created_at,
                      "attachments": [attachment(f) for f in files if f.comment_id == c.id]} for c in comments],
        "attachments": [attachment(f) for f in files if f.comment_id is None],
        "history": [{"seq": h.seq, "at": h.at, "actor": users.get(h.actor_id or 0),
                     "actorName": h.actor_name or system, "action": h.action,
                     "actionLabel": t(f"enums.{event_enum(h.action)}.{h.action}"), "fromStatus": h.from_status,
                     "toStatus": h.to_status, "detail": h.detail} for h in history],
        "mergedFrom": [ticket_ref(r) for r in merged if r.merged_into_id == tid],
        "mergedInto": next((ticket_ref(r) for r in merged if r.id == ticket.merged_into_id), None),
        "flowPending": ticket.flow_pending, "workflowId": workflow_id(tid),
    }


def ticket_ref(row: Any) -> dict[str, Any]:
    return {"id": row.id, "title": row.title, "state": rules.state_of(row.status, row.merged_into_id)}


def event_enum(action: str) -> str:
    return "TicketEvent" if action in TicketEvent.__members__ else "TicketAction"
