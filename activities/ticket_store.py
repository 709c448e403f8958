"""Ticket persistence shared by the activities and the API: the flow's start input read from the row,
one change written in one transaction, notifications recorded and mailed once."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import and_, bindparam, delete, insert, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain import audit
from domain.context import transaction_id
from domain.db import transaction
from domain.enums import CalendarDayKind, Status
from domain.i18n import DEFAULT_LANGUAGE, t
from domain.models.calendars import BusinessCalendarRow, CalendarDay
from domain.models.ticket_settings import TicketOnDuty
from domain.models.tickets import Ticket, TicketAttachment, TicketComment, TicketHistory, TicketWatcher
from domain.models.users import User
from domain.rules.calendar import CalendarData
from domain.settings import get_settings
from services import notifications
from workflows import ticket_models as m

# Row columns the workflow owns (everything of TicketState but identity, title and the watcher list).
STATE_COLUMNS = tuple(set(m.TicketState.model_fields) - {"ticket_id", "title", "submitter_id", "watchers"})
EDITABLE = ("title", "description", "category", "application", "issue_type", "tags", "project", "pic_id", "rd_id",
            "account_id", "account_email", "estimated_at")
NOT_AUDITED = ("seq", "flow_pending")


# The default business calendar's days between two dates, in one statement built once: it is on the path of
# every ticket creation, and building it afresh cost more than running it.
_DEFAULT = (select(BusinessCalendarRow.id, BusinessCalendarRow.time_zone)
            .order_by(BusinessCalendarRow.is_default.desc(), BusinessCalendarRow.id).limit(1).subquery())
CALENDAR_DAYS = (select(_DEFAULT.c.time_zone, CalendarDay.day, CalendarDay.kind).select_from(_DEFAULT)
                 .outerjoin(CalendarDay, and_(CalendarDay.calendar_id == _DEFAULT.c.id,
                                              CalendarDay.day >= bindparam("since"),
                                              CalendarDay.day <= bindparam("until"))))


async def load_calendar(db: AsyncSession, today: date) -> CalendarData:
    """The default business calendar around `today` (last year to two years ahead) as plain data."""
    days = (await db.execute(CALENDAR_DAYS, {"since": date(today.year - 1, 1, 1),
                                             "until": date(today.year + 2, 12, 31)})).all()
    if not days:
        return CalendarData()
    return CalendarData(time_zone=days[0].time_zone,
                        holidays=tuple(sorted(d.day for d in days if d.kind == CalendarDayKind.HOLIDAY)),
                        make_up_days=tuple(sorted(d.day for d in days if d.kind == CalendarDayKind.WORKDAY)))


def state_of(ticket: Ticket, watchers: list[int]) -> m.TicketState:
    values = {c: getattr(ticket, c) for c in STATE_COLUMNS}
    return m.TicketState(ticket_id=ticket.id, title=ticket.title, submitter_id=ticket.submitter_id,
                         watchers=sorted(watchers), **values)


async def start_input(db: AsyncSession, ticket: Ticket, today: date,
                      calendar: CalendarData | None = None) -> m.TicketStart:
    watchers = (await db.scalars(select(TicketWatcher.user_id).where(TicketWatcher.ticket_id == ticket.id))).all()
    return m.TicketStart(state=state_of(ticket, list(watchers)), calendar=calendar or await load_calendar(db, today),
                         console_url=get_settings().console_web)


def coerce(column: str, value: Any) -> Any:
    if column == "estimated_at" and isinstance(value, str):
        return datetime.fromisoformat(value)
    return value


def audited(row: Ticket) -> dict[str, Any]:
    snap = audit.snapshot(row)
    for key in NOT_AUDITED:
        snap.pop(key, None)
    return snap


async def write_change(change: m.TicketChange) -> bool:
    """History entry, row, comment, attachments, watchers and audit in one transaction; False when the
    (ticket_id, seq) entry exists already, i.e. a retried activity that had committed before."""
    token = transaction_id.set(change.transaction_id)
    try:
        async with transaction() as db:
            written = await db.scalar(pg_insert(TicketHistory).values(
                ticket_id=change.ticket_id, seq=change.seq, at=change.at, actor_id=change.actor_id,
                actor_name=change.actor_name, action=change.action, from_status=change.from_status,
                to_status=change.state.status, detail=change.detail, transaction_id=change.transaction_id,
            ).on_conflict_do_nothing(constraint="uq_ticket_history_ticket_id_seq").returning(TicketHistory.id))
            if written is None:
                return False
            ticket = await db.get_one(Ticket, change.ticket_id, with_for_update=True)
            before = audited(ticket)
            for column in STATE_COLUMNS:
                setattr(ticket, column, getattr(change.state, column))
            ticket.title = change.state.title
            ticket.flow_pending = False
            if change.solution is not None:
                ticket.solution = change.solution
            for column, value in change.edit.items():
                if column in EDITABLE:
                    setattr(ticket, column, coerce(column, value))
            await add_comment(db, change)
            if change.action in ("WATCH", "UNWATCH"):
                await sync_watchers(db, change.ticket_id, change.state.watchers)
            await db.flush()
            await audit.record_change(db, operator_id=change.actor_id,
                                      operator_name=change.actor_name or t("tickets.system", DEFAULT_LANGUAGE),
                                      entity="Ticket", entity_id=change.ticket_id, action="update",
                                      before=before, after=audited(ticket))
        return True
    finally:
        transaction_id.reset(token)


async def add_comment(db: AsyncSession, change: m.TicketChange) -> None:
    comment_id = None
    if change.comment is not None:
        comment_id = await db.scalar(insert(TicketComment).values(
            ticket_id=change.ticket_id, seq=change.seq, author_id=change.actor_id, body=change.comment,
            created_at=change.at).returning(TicketComment.id))
    if change.attachments:
        await db.execute(insert(TicketAttachment), [
            {"ticket_id": change.ticket_id, "comment_id": comment_id, "file_id": a.file_id, "url": a.url,
             "name": a.name, "kind": a.kind, "created_by": change.actor_id, "created_at": change.at}
            for a in change.attachments])


async def sync_watchers(db: AsyncSession, ticket_id: int, watchers: list[int]) -> None:
    await db.execute(delete(TicketWatcher).where(TicketWatcher.ticket_id == ticket_id,
                                                 TicketWatcher.user_id.not_in(watchers or [0])))
    if watchers:
        await db.execute(pg_insert(TicketWatcher).values([{"ticket_id": ticket_id, "user_id": u} for u in watchers])
                         .on_conflict_do_nothing())


async def stand_ins(db: AsyncSession, pic_id: int | None) -> list[User]:
    """Who hears of a ticket nobody holds: its PIC, else the ticket team's people on duty (enabled users only)."""
    enabled = User.status == Status.ENABLED
    if pic_id is not None:
        pic = await db.scalar(select(User).where(User.id == pic_id, enabled))
        if pic is not None:
            return [pic]
    return list((await db.scalars(select(User).join(TicketOnDuty, TicketOnDuty.user_id == User.id)
                                  .where(enabled).order_by(User.id))).all())


async def deliver_notice(notice: m.TicketNotice) -> int:
    """The ticket's recipients (its PIC or the people on duty when it asks for a stand-in) notified once per key.
    Returns how many mails went out."""
    recipients = list(notice.recipients)
    if notice.fallback:
        async with transaction() as db:
            pic_id = await db.scalar(select(Ticket.pic_id).where(Ticket.id == notice.ticket_id))
            recipients += [u.id for u in await stand_ins(db, pic_id)]
    return await notifications.deliver(notice.key, notice.kind, notice.params, f"/ticket/{notice.ticket_id}",
                                       recipients)
