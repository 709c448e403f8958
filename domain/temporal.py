"""The one way API, worker and tests connect to Temporal: same address, namespace and converter."""

from __future__ import annotations

from datetime import timedelta

from temporalio.client import Client
from temporalio.common import RetryPolicy
from temporalio.contrib.pydantic import pydantic_data_converter

from domain.settings import get_settings

# Defaults for activities unless a workflow has a reason to differ.
ACTIVITY_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), backoff_coefficient=2.0,
                             maximum_interval=timedelta(minutes=1), maximum_attempts=0)
ACTIVITY_TIMEOUT = timedelta(seconds=30)


async def connect(address: str | None = None, namespace: str | None = None) -> Client:
    settings = get_settings()
    return await Client.connect(
        address or settings.temporal_target,
        namespace=namespace or settings.temporal_namespace,
        data_converter=pydantic_data_converter,
    )
