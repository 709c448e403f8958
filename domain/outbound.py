"""The console's own outbound calls to addresses its users choose (domain/rules/outbound.py): the host is
resolved as the call would resolve it, and refused when it lands on the console's own network unless allowed."""

from __future__ import annotations

import asyncio
import socket
from ipaddress import ip_address
from typing import Any

from domain.rules import outbound as rules
from domain.rules.jobs import Job
from domain.settings import get_settings

RESOLVE_SECONDS = 5.0


async def addresses_of(host: str) -> list[rules.Address]:
    """Every address the host resolves to now; none when it does not resolve (the call itself will fail)."""
    literal = rules.literal_address(host)
    if literal is not None:
        return [literal]
    try:
        found = await asyncio.wait_for(asyncio.get_running_loop().getaddrinfo(host, None, type=socket.SOCK_STREAM),
                                       RESOLVE_SECONDS)
    except (OSError, TimeoutError):
        return []
    return [ip_address(str(info[4][0]).split("%")[0]) for info in found]


async def check_url(url: str, field: str) -> None:
    host = rules.target_host(url, field)
    allow = rules.AllowList.parse(get_settings().job_probe_allow)
    rules.check_target(host, await addresses_of(host), allow, field)


async def check_job_urls(job: Job, params: dict[str, Any]) -> None:
    """Every URL parameter of a job's (checked) parameters: refused naming `params.<name>`."""
    for param in job.params:
        if param.kind == "url" and params.get(param.name):
            await check_url(params[param.name], f"params.{param.name}")
