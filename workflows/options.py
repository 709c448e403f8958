"""Activity defaults every workflow starts from: bounded attempts time, retries with back-off.

Business refusals are raised as non-retryable ApplicationErrors, so retrying forever is safe for
everything else (a database or SMTP outage heals and the flow goes on).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from temporalio.common import RetryPolicy

RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), backoff_coefficient=2.0,
                    maximum_interval=timedelta(minutes=1), maximum_attempts=0)

DEFAULT_ACTIVITY: dict[str, Any] = {"start_to_close_timeout": timedelta(seconds=30), "retry_policy": RETRY}
