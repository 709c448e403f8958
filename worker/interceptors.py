"""Every activity's failures, classified once for all of them (docs/decisions/input-rules.md):

- a value the database refuses (SQLSTATE class 22 or 23) is a non-retryable `DATA_REFUSED`: no retry
  can make PostgreSQL accept it, so the workflow hears of it at once and refuses the change;
- any other failure is retried by the activity's policy, and noted in `activity_failures` until the
  activity type succeeds again, so /cms/health can say which activities have been failing for how long.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete
from sqlalchemy.dialects.postgresql import insert
from temporalio import activity
from temporalio.exceptions import ApplicationError
from temporalio.worker import ActivityInboundInterceptor, ExecuteActivityInput, Interceptor

from domain.db import refused_value, transaction
from domain.models.health import ActivityFailure

log = logging.getLogger("omp.worker")
DATA_REFUSED = "DATA_REFUSED"
FAILING: set[str] = set()  # activity types this process noted as failing: their next success clears the row


async def note_failure(name: str, exc: BaseException) -> None:
    now = datetime.now(UTC)
    row = {"activity": name, "since": now, "last_at": now, "failures": 1, "error": repr(exc)[:2000]}
    statement = insert(ActivityFailure).values(row)
    async with transaction() as db:
        await db.execute(statement.on_conflict_do_update(index_elements=["activity"], set_={
            "last_at": now, "error": row["error"], "failures": ActivityFailure.failures + 1}))


async def clear_failure(name: str) -> None:
    async with transaction() as db:
        await db.execute(delete(ActivityFailure).where(ActivityFailure.activity == name))


class ClassifyFailures(ActivityInboundInterceptor):
    async def execute_activity(self, input: ExecuteActivityInput) -> Any:
        name = activity.info().activity_type
        try:
            result = await super().execute_activity(input)
        except Exception as exc:
            state = refused_value(exc)
            if state is not None:
                raise ApplicationError(f"the database refused a value (SQLSTATE {state})", {"sqlstate": state},
                                       type=DATA_REFUSED, non_retryable=True) from exc
            if not (isinstance(exc, ApplicationError) and exc.non_retryable):
                await self.noted(note_failure(name, exc))
                FAILING.add(name)
            raise
        if name in FAILING:
            FAILING.discard(name)
            await self.noted(clear_failure(name))
        return result

    @staticmethod
    async def noted(write: Any) -> None:
        """The note is for operators: when the database itself is down it is lost, and health says so anyway."""
        try:
            await write
        except Exception as exc:
            log.warning("activity failure not noted: %s", exc)


class ActivityFailures(Interceptor):
    def intercept_activity(self, next: ActivityInboundInterceptor) -> ActivityInboundInterceptor:
        return ClassifyFailures(next)
