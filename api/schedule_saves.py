"""Saves whose truth is a row and whose Temporal Schedule follows it (timed mails, scheduled tasks): the row
commits first and the call's connection goes back to the pool; only then is Temporal asked. A Temporal that is
down or hangs costs the save nothing: the row is kept, the reply says its schedule follows, and the schedule
reconciliation (services/schedule_sync.py) brings the schedule to the row (docs/decisions/schedules-follow-rows.md).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import Request
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from api.deps import release
from api.envelope import ok
from api.flows import temporal_client
from domain.errors import DomainError
from domain.i18n import t
from domain.rules.jobs import SCHEDULE_SYNC_MINUTES
from domain.settings import get_settings
from services.flows import is_outage, watched

log = logging.getLogger("omp.schedules")


async def follow(request: Request, db: AsyncSession, change: Callable[[Client], Awaitable[Any]]) -> bool:
    """Commit the call's writes, then bring the schedule to them (`change`). False when Temporal was down or did
    not answer in time: the row stays as saved and the reconciliation finishes the change."""
    await release(db)
    try:
        client = await temporal_client(request)
        async with watched():  # the whole change within one call's time-out: a hung Temporal answers nothing
            await asyncio.wait_for(change(client), get_settings().temporal_rpc_seconds)
    except DomainError as exc:
        if exc.status != 503:
            raise
        log.warning("schedule left to the reconciliation: %s", exc.code)
    except Exception as exc:
        if not is_outage(exc):
            raise
        log.warning("schedule left to the reconciliation: %s", exc)
    else:
        return True
    return False


def saved(data: Any, followed: bool) -> Any:
    """The reply of such a save: a plain success, or one saying the schedule follows."""
    reply = ok(data)
    if not followed:
        reply["message"] = t("common.schedule_pending", minutes=SCHEDULE_SYNC_MINUTES)
    return reply
