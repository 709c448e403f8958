"""Activity defaults every workflow starts from: bounded attempts, retries with back-off.

A value the database refuses fails at once (the worker's interceptor makes it a non-retryable
`DATA_REFUSED`, worker/interceptors.py), and business refusals are non-retryable too. Anything else (an
outage) is retried with back-off, but not forever: after `maximum_attempts` the workflow gets the failure
and decides (docs/decisions/input-rules.md).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError
from temporalio.exceptions import TimeoutError as StepTimeout

RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), backoff_coefficient=2.0,
                    maximum_interval=timedelta(minutes=1), maximum_attempts=10,
                    non_retryable_error_types=["DATA_REFUSED"])

# About four minutes of back-off in all; schedule-to-close caps the whole, attempts included.
DEFAULT_ACTIVITY: dict[str, Any] = {"start_to_close_timeout": timedelta(seconds=30),
                                    "schedule_to_close_timeout": timedelta(minutes=10), "retry_policy": RETRY}

# How a step fails: a scheduled activity as an ActivityError around the cause; a local activity as the cause
# itself (its last attempt's ApplicationError, or a TimeoutError once its schedule-to-close time is out).
STEP_FAILED = (ActivityError, ApplicationError, StepTimeout)
