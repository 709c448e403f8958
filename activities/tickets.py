"""The ticket flow's activities: persist one change, deliver one notification (activities/ticket_store.py)."""

from __future__ import annotations

from temporalio import activity

from activities import ticket_store
from workflows.ticket_models import TicketChange, TicketNotice


@activity.defn
async def persist_ticket_change(change: TicketChange) -> bool:
    """One transaction: row + history entry + comment/attachments/watchers + audit; the (ticket_id, seq)
    unique key makes a retry a no-op (returns False then)."""
    return await ticket_store.write_change(change)


@activity.defn
async def notify_ticket(notice: TicketNotice) -> int:
    """Console notifications and mails for one event; (key, user) is unique, so a retry sends no mail twice."""
    return await ticket_store.deliver_notice(notice)
