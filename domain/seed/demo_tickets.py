"""Demo tickets for `make run`: written flow-pending, so the API's start-up reconciler starts their flows."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import TicketEvent, TicketIssueType, TicketLevel, TicketStatus
from domain.models.tickets import Ticket, TicketHistory
from domain.models.users import User
from domain.rules import tickets as rules
from domain.rules.calendar import CalendarData

# title, issue type, level, status, minutes ago
TICKETS = [
    ("Shopee orders stopped syncing since this morning", TicketIssueType.ORDER_SYNC, TicketLevel.P0,
     TicketStatus.NEW, 5),
    ("Tokopedia product stock not updated after edit", TicketIssueType.PRODUCT_SYNC, TicketLevel.P1,
     TicketStatus.PENDING_FOR_OPERATION, 40),
    ("Push to third-party warehouse fails for bundle SKUs", TicketIssueType.PUSH_TO_THIRD_WAREHOUSE,
     TicketLevel.P2, TicketStatus.WORK_IN_PROCESS, 300),
    ("Lazada shipping label prints blank", TicketIssueType.ORDER_PRINT_LABEL, TicketLevel.P3,
     TicketStatus.PENDING, 1500),
    ("TikTok orders shipped twice", TicketIssueType.ORDER_SHIPMENTS, TicketLevel.P1,
     TicketStatus.PENDING_FOR_CONFIRMATION, 2000),
    ("Question about the monthly order limit", TicketIssueType.OTHERS, TicketLevel.P4, TicketStatus.NEW, 20),
]


async def create(db: AsyncSession, calendar: CalendarData | None = None) -> None:
    admin = await db.scalar(select(User.id).where(User.username == "admin"))
    work_time = (calendar or CalendarData()).build()
    now = datetime.now(UTC)
    for title, issue_type, level, status, minutes_ago in TICKETS:
        started = now - timedelta(minutes=minutes_ago)
        in_work = work_time.is_work_time(started)
        first_due, resolve_due = rules.deadlines(level, started, in_work)
        taken = status != TicketStatus.NEW
        ticket = Ticket(
            title=title, description=f"{title}. Reported by the merchant through customer service.",
            category="Integration", application="SYS_ERP", issue_type=issue_type, level=level, status=status,
            submitter_id=admin, assignee_id=admin if taken else None, account_id="demo-merchant-1",
            account_email="merchant@example.com", tags=["demo"], created_at=started, sla_started_at=started,
            sla_work_time=in_work, first_response_due=first_due, resolve_due=resolve_due,
            first_response_at=started + timedelta(minutes=3) if taken else None,
            first_response_minutes=3 if taken else None,
            resolved_at=now - timedelta(minutes=30) if status in rules.RESOLVED_STATUSES else None,
            confirming_since=now - timedelta(minutes=30) if status == TicketStatus.PENDING_FOR_CONFIRMATION else None,
            flow_pending=True, seq=1)
        db.add(ticket)
        await db.flush()
        db.add(TicketHistory(ticket_id=ticket.id, seq=1, at=started, actor_id=admin, actor_name="admin",
                             action=TicketEvent.CREATE, to_status=status, detail={"level": level}))
    await db.flush()
