"""The one way API, worker and tests connect to Temporal: same address, namespace and converter."""

from __future__ import annotations

from temporalio.client import Client
from temporalio.contrib.pydantic import pydantic_data_converter

from domain.settings import get_settings


async def connect(address: str | None = None, namespace: str | None = None) -> Client:
    settings = get_settings()
    return await Client.connect(
        address or settings.temporal_target,
        namespace=namespace or settings.temporal_namespace,
        data_converter=pydantic_data_converter,
    )
