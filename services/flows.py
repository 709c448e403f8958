"""Flow client calls shared by every module's service: the breaker that bounds this process's calls to Temporal
(`watched`), and the one mapping of a flow's refusals, its Update failures and its RPC failures to DomainErrors."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, TypeVar

from temporalio import activity
from temporalio.client import (
    Client,
    WorkflowExecutionStatus,
    WorkflowHandle,
    WorkflowUpdateFailedError,
    WorkflowUpdateRPCTimeoutOrCancelledError,
)
from temporalio.exceptions import ApplicationError
from temporalio.service import RPCError, RPCStatusCode

from domain.errors import DomainError
from domain.i18n import t
from domain.settings import get_settings

log = logging.getLogger("omp.flows")
T = TypeVar("T")


# How long the API answers at once instead of asking a Temporal that just timed out or was unreachable.
OPEN_SECONDS = 15.0
# How long a half-open trial may last before it is taken as lost (its call hung or ended without a word about
# Temporal): the next call then tries. Every call also gives its trial back when it ends (api/middleware.py).
TRIAL_SECONDS = OPEN_SECONDS
OUTAGES = (RPCStatusCode.DEADLINE_EXCEEDED, RPCStatusCode.UNAVAILABLE, RPCStatusCode.CANCELLED)
BreakerState = Literal["CLOSED", "OPEN", "HALF_OPEN"]


class Breaker:
    """After a Temporal call timed out, the next calls of this process fail at once for OPEN_SECONDS (a new
    ticket is saved with its flow left to the reconciler) instead of each waiting out its own time-out;
    then one call at a time tries again (the trial), and its success closes the breaker. A trial belongs to
    the call that took it: it ends with that call's word on Temporal (`record`), with the call itself
    (`release`), or after TRIAL_SECONDS, whichever comes first."""

    def __init__(self) -> None:
        self.open_until = 0.0
        self.trial: object | None = None
        self.trial_until = 0.0

    def allow(self, call: object) -> bool:
        now = time.monotonic()
        if now < self.open_until:
            return False
        if self.trial is not None and now < self.trial_until:
            return self.trial is call  # the call holding the trial may ask again
        self.trial = None
        if self.open_until:
            self.trial, self.trial_until = call, now + TRIAL_SECONDS  # half open: this call is the trial
        return True

    def record(self, exc: BaseException | None) -> None:
        """After a call: an outage (re)opens the breaker, anything else (an answer, a refusal) closes it."""
        self.trial = None
        if exc is not None and is_outage(exc):
            log.warning("Temporal did not answer; calls fail at once for %s s: %s", OPEN_SECONDS, exc)
            self.open_until = time.monotonic() + OPEN_SECONDS
        else:
            self.open_until = 0.0

    def release(self, call: object) -> None:
        """The call ended: a trial it still holds never reached a verdict, so the next call tries."""
        if self.trial is call:
            self.trial = None

    def reset(self) -> None:
        self.open_until, self.trial = 0.0, None

    def state(self) -> tuple[BreakerState, datetime | None]:
        """Closed; open until when; or half open (until when the trial under way may last, or None: the next
        call tries)."""
        now = time.monotonic()
        if not self.open_until:
            return "CLOSED", None
        if now < self.open_until:
            return "OPEN", wall_time(self.open_until - now)
        if self.trial is not None and now < self.trial_until:
            return "HALF_OPEN", wall_time(self.trial_until - now)
        return "HALF_OPEN", None


def wall_time(seconds_ahead: float) -> datetime:
    return (datetime.now(UTC) + timedelta(seconds=seconds_ahead)).replace(microsecond=0)


def is_outage(exc: BaseException) -> bool:
    if isinstance(exc, WorkflowUpdateRPCTimeoutOrCancelledError | asyncio.TimeoutError):
        return True
    return isinstance(exc, RPCError) and exc.status in OUTAGES


breaker = Breaker()


def rpc_timeout() -> timedelta:
    """How long any one call to Temporal may take before it is given up (a hung server is an error, not a wait)."""
    return timedelta(seconds=get_settings().temporal_rpc_seconds)


async def flow_status(client: Client, workflow_id: str, run_id: str | None = None) -> WorkflowExecutionStatus | None:
    """Temporal's status of the flow's latest run (or of `run_id`); None when Temporal has no such flow (never
    started, or forgotten with its history). Temporal unreachable raises: nothing is decided on a guess."""
    try:
        described = await client.get_workflow_handle(workflow_id, run_id=run_id).describe(rpc_timeout=rpc_timeout())
    except RPCError as exc:
        if exc.status == RPCStatusCode.NOT_FOUND:
            return None
        raise
    return described.status


async def flow_runs(client: Client, workflow_id: str) -> bool:
    """Whether the flow's latest run is running; no flow at all is not running."""
    return await flow_status(client, workflow_id) == WorkflowExecutionStatus.RUNNING


# What a watched block may take beyond OMP_TEMPORAL_RPC_SECONDS: its calls' own time-outs end first where they
# have one; the block's deadline ends the calls that have none (a schedule's, a signal's) on a hung server.
WATCH_MARGIN = 5.0


class TemporalTimeout(TimeoutError):
    """A watched block outlived its deadline: Temporal hangs."""


class watched:
    """`async with watched(): await client...` bounds the calls to Temporal by a deadline and tells the breaker
    how they ended."""

    async def __aenter__(self) -> None:
        self.deadline = asyncio.timeout(get_settings().temporal_rpc_seconds + WATCH_MARGIN)
        await self.deadline.__aenter__()

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> Literal[False]:
        try:
            await self.deadline.__aexit__(kind, exc, tb)
        except TimeoutError as timed_out:  # the deadline cancelled the block
            breaker.record(timed_out)
            raise TemporalTimeout(f"no answer from Temporal within {get_settings().temporal_rpc_seconds} s") \
                from timed_out
        breaker.record(exc)
        return False


def flow_refusal(exc: ApplicationError, default_code: str, statuses: dict[str, int],
                 enum_params: dict[str, str]) -> DomainError:
    """A refusal of a flow (its validators, or a change it could not write) as a translated error: input rules
    name their field (422), a parameter holding an enumeration value (`enum_params`: parameter -> enum name) is
    shown by its label, and any other refusal is `statuses[code]`, else 409."""
    code = exc.type or default_code
    params: dict[str, Any] = dict(exc.details[0]) if exc.details and isinstance(exc.details[0], dict) else {}
    if code == "VALIDATION_FAILED":
        return DomainError(code, status=422, field=params.pop("field", "body"), **params)
    for name, enum in enum_params.items():
        if name in params:
            params[name] = t(f"enums.{enum}.{params[name]}")
    return DomainError(code, status=statuses.get(code, 409), data={"code": code}, **params)


async def updating(handle: WorkflowHandle[Any, Any], update: str, arg: Any, result_type: type[T], *,
                   refused: Callable[[ApplicationError], DomainError],
                   unanswered: Callable[[BaseException], DomainError],
                   not_found: Callable[[], Awaitable[DomainError]] | None = None,
                   restart: Callable[[], Awaitable[T]] | None = None,
                   rpc_timeout: timedelta | None = None) -> T:
    """The Update `update` of a flow, watched: a refusal of the flow (its validator, or a change it could not
    write) becomes `refused(cause)`; a flow that is not there, `await not_found()` when given, or, with `restart`
    (a flow that ended and is started again from its row with the same Update: an update-with-start), the result
    of `await restart()`, whose failures map the same way; no answer (an RPC failure, an Update that timed out
    or was cancelled), `unanswered(exc)`. `rpc_timeout` bounds each call (by default, only the watch does)."""
    try:
        async with watched():
            try:
                result: T = await handle.execute_update(update, arg, result_type=result_type, rpc_timeout=rpc_timeout)
            except RPCError as exc:
                if exc.status != RPCStatusCode.NOT_FOUND or restart is None:
                    raise
                result = await restart()
            return result
    except WorkflowUpdateFailedError as exc:
        if isinstance(exc.cause, ApplicationError):
            raise refused(exc.cause) from None
        raise
    except RPCError as exc:
        if exc.status == RPCStatusCode.NOT_FOUND and not_found is not None:
            raise await not_found() from None
        raise unanswered(exc) from exc
    except WorkflowUpdateRPCTimeoutOrCancelledError as exc:
        raise unanswered(exc) from exc


@contextlib.asynccontextmanager
async def beating() -> AsyncIterator[None]:
    """Heartbeats while an activity works (a batch of moves, an export's rows), also while it waits for a row another
    transaction holds or a slow statement: the worker learns of a cancel only from a heartbeat's reply, and a wait
    must not look like a dead worker."""
    info = activity.info()
    every = (info.heartbeat_timeout.total_seconds() / 3) if info.heartbeat_timeout else 10.0

    async def beat() -> None:
        while True:
            await asyncio.sleep(every)
            activity.heartbeat()

    task = asyncio.create_task(beat())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
