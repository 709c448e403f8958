"""The one way API, worker and tests connect to Temporal: same address, namespace and converter."""

from __future__ import annotations

import logging
import os
import sys
from typing import NoReturn

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


def exit_process(code: int) -> NoReturn:
    """End a short-lived command that used a Temporal client, skipping the interpreter's teardown: the client's
    Rust threads may still release the GIL while Python finalizes, which aborts the process ("Fatal Python error:
    PyGILState_Release", temporalio/sdk-python#300) and turns a finished step into a failed one."""
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
