"""The ticket flow's activities: persist one change (services/tickets/store.py), deliver one notification, and
the reconciler of the `ticket-reconcile` flow of earlier releases (services/tickets/flow.py)."""

from __future__ import annotations

from datetime import timedelta

from temporalio import activity

from domain.flows.tickets import TicketChange, TicketNotice
from services import notifications
from services.tickets import flow, store


@activity.defn
async def persist_ticket_change(change: TicketChange) -> bool:
    """One transaction: row + history entry + comment/attachments/watchers + audit; the (ticket_id, seq)
    unique key makes a retry a no-op (returns False then)."""
    return await store.write_change(change)


@activity.defn
async def notify_ticket(notice: TicketNotice) -> int:
    """Console notifications and mails for one event; (key, user) is unique, so a retry sends no mail twice."""
    return await deliver_notice(notice)


async def deliver_notice(notice: TicketNotice) -> int:
    """The ticket's recipients (its PIC or the people on duty when it asks for a stand-in) notified once per key.
    Returns how many mails went out."""
    recipients = list(notice.recipients)
    if notice.fallback:
        recipients += await store.stand_in_ids(notice.ticket_id)
    return await notifications.deliver(notice.key, notice.kind, notice.params, f"/ticket/{notice.ticket_id}",
                                       recipients)


@activity.defn
async def reconcile_ticket_flows(older_than_seconds: int) -> int:
    """Run by the `ticket-reconcile` flow of earlier releases; the scheduled task calls `reconcile` now."""
    return await flow.reconcile(activity.client(), timedelta(seconds=older_than_seconds))
