"""Ticket persistence shared by the activities and the API: a new ticket's row, the flow's start input read
from the row, the flow-started mark, one change written in one transaction, who stands in for a ticket nobody
holds, the managed lists a ticket's values come from."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, bindparam, delete, insert, select, text
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain import audit
from domain.context import transaction_id
from domain.db import transaction
from domain.enums import CalendarDayKind, Status, TicketEvent, TicketLevel, TicketStatus
from domain.errors import Invalid
from domain.flows import tickets as m
from domain.i18n import DEFAULT_LANGUAGE, t
from domain.models.calendars import BusinessCalendarRow, CalendarDay
from domain.models.merchants import Merchant
from domain.models.ticket_settings import TicketApplication, TicketCategory, TicketOnDuty
from domain.models.tickets import Ticket, TicketAttachment, TicketComment, TicketHistory, TicketWatcher
from domain.models.users import User
from domain.rules import tickets as rules
from domain.rules.calendar import CalendarData
from domain.settings import get_settings
from services.actors import Actor

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


async def add_ticket(db: AsyncSession, actor: Actor, values: dict[str, Any], level: TicketLevel,
                     attachments: Iterable[m.AttachmentIn], now: datetime) -> tuple[Ticket, m.TicketStart]:
    """A new ticket (marked flow-pending) with its deadlines from the business calendar, its first history entry,
    its attachments and its audit entry, in the caller's transaction; with the start of its flow."""
    calendar = await load_calendar(db, now.date())
    in_work = calendar.build().is_work_time(now)
    first_due, resolve_due = rules.deadlines(level, now, in_work)
    ticket = Ticket(**values, level=level, status=TicketStatus.NEW, submitter_id=actor.id, created_at=now,
                    sla_started_at=now, sla_work_time=in_work, first_response_due=first_due,
                    resolve_due=resolve_due, flow_pending=True, seq=1)
    db.add(ticket)
    await db.flush()
    db.add(TicketHistory(ticket_id=ticket.id, seq=1, at=now, actor_id=actor.id, actor_name=actor.username,
                         action=TicketEvent.CREATE, to_status=TicketStatus.NEW, detail={"level": level},
                         transaction_id=transaction_id.get()))
    db.add_all(TicketAttachment(ticket_id=ticket.id, kind=a.kind, file_id=a.file_id, url=a.url, name=a.name,
                                created_by=actor.id, created_at=now) for a in attachments)
    await db.flush()
    await audit.record_change(db, operator_id=actor.id, operator_name=actor.username, entity="Ticket",
                              entity_id=ticket.id, action="create", before=None, after=audit.snapshot(ticket))
    start = m.TicketStart(state=state_of(ticket, watchers=[]), calendar=calendar,
                          console_url=get_settings().console_web)
    return ticket, start


NO_DISK_WAIT = text("set local synchronous_commit to off")
FLOWS_STARTED = text("update tickets set flow_pending = false where id = any(:ids)")


async def mark_started(ticket_ids: Iterable[int], db: AsyncSession | None = None) -> None:
    """Clear the marker once the flows run: in the caller's transaction when given (one statement more on a
    connection already held), else in one of its own. Its commit need not wait for the disk: were the clear
    lost in a crash, the reconciler would start the running flow again (a no-op, USE_EXISTING) and clear it."""
    if db is None:
        async with transaction() as own:
            await mark_started(ticket_ids, own)
        return
    await db.execute(NO_DISK_WAIT)
    await db.execute(FLOWS_STARTED, {"ids": list(ticket_ids)})


# The managed lists a ticket's values must come from (the settings screens), by field.
LISTS: dict[str, Any] = {"category": TicketCategory, "application": TicketApplication}


async def ensure_listed(db: AsyncSession, values: dict[str, Any]) -> None:
    """Each listed field's value must be an enabled entry of its list; a refusal names the field."""
    for field, model in LISTS.items():
        value = values.get(field)
        if value is not None and await db.scalar(select(model.id).where(model.code == value, model.enabled)) is None:
            raise Invalid(field, "not_listed", value=value)


MERCHANT_ID_DIGITS = 18  # a bigint's digits, so the id is looked up rather than overflowing


async def ensure_account(db: AsyncSession, account_id: str | None,
                         within: Sequence[ColumnElement[bool]] = ()) -> str | None:
    """A ticket's issue account is a merchant, named by its id (the picker shows its email); answers the merchant's
    email, or refuses the field. `within`: the caller's data authority over merchants (api/merchant_scope.py): a
    merchant outside it is refused as a missing one is."""
    if account_id is None:
        return None
    email = await db.scalar(select(Merchant.email).where(Merchant.id == int(account_id), *within)) if (
        account_id.isdigit() and len(account_id) <= MERCHANT_ID_DIGITS) else None
    if email is None:
        raise Invalid("accountId", "ticket_account_missing", value=account_id)
    return email


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


async def stand_in_ids(ticket_id: int) -> list[int]:
    """Who stands in for the ticket (`stand_ins` of its PIC), read in a transaction of its own."""
    async with transaction() as db:
        pic_id = await db.scalar(select(Ticket.pic_id).where(Ticket.id == ticket_id))
        return [u.id for u in await stand_ins(db, pic_id)]
