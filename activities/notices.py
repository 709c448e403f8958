"""The notice release flow's activities: thin adapters over services/notices.py, which writes and starts flows."""

from __future__ import annotations

from datetime import timedelta

from temporalio import activity

from domain.flows.notices import NoticeMark
from services import notices


@activity.defn
async def mark_release(mark: NoticeMark) -> bool:
    """The notice takes the status its run waited for, if its times are still those (else False)."""
    return await notices.mark_release(mark)


@activity.defn
async def reconcile_notice_flows(older_than_seconds: int) -> int:
    """Run by the `notice-reconcile` flow of earlier releases; the scheduled task calls `reconcile` now."""
    return await notices.reconcile(activity.client(), timedelta(seconds=older_than_seconds))
