"""The Jenkins runner's client: Jenkins' remote API over plain HTTP (a crumb for each write, basic auth with an API
token), used when OMP_JENKINS_URL and OMP_JENKINS_TOKEN are set and the project names a job.

The queue item, then the build number, are stored on the run as soon as Jenkins gives them, so an attempt
that resumes after a worker died follows the same build instead of triggering a second one. Each build
carries the run's id as the parameter OMP_RUN_ID: an attempt that finds no stored queue item (its worker died
between the trigger and the write) first looks for a queue item or build with it. The console text is read
progressively (`logText/progressiveText?start=`) into the run's log chunks (activities/deploy_jenkins.py follows
the build as the run's activity).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import httpx

from domain.enums import DeployRunStatus
from domain.settings import get_settings
from services.deployments.store import RunContext

RUN_PARAM = "OMP_RUN_ID"
# The newest builds looked at for a run's own (a resumed attempt's build is among the latest).
BUILDS_SEARCHED = 50
RESULTS = {"SUCCESS": DeployRunStatus.SUCCEEDED, "ABORTED": DeployRunStatus.CANCELLED}


def configured() -> bool:
    settings = get_settings()
    return bool(settings.jenkins_url and settings.jenkins_token)


class Jenkins:
    def __init__(self, http: httpx.AsyncClient, job: str) -> None:
        self.http = http
        self.job = "/".join(f"job/{quote(part, safe='')}" for part in job.strip("/").split("/"))

    async def crumb(self) -> dict[str, str]:
        """Jenkins' CSRF crumb; an instance with crumbs switched off answers 404 and needs none."""
        reply = await self.http.get("/crumbIssuer/api/json")
        if reply.status_code == 404:
            return {}
        reply.raise_for_status()
        body = reply.json()
        return {body["crumbRequestField"]: body["crumb"]}

    async def trigger(self, params: dict[str, str]) -> str:
        reply = await self.http.post(f"/{self.job}/buildWithParameters", data=params, headers=await self.crumb())
        reply.raise_for_status()
        return reply.headers["Location"]

    async def find(self, run_id: int) -> dict[str, Any] | None:
        """The queue item or build of the run, if an earlier attempt triggered one."""
        wanted = str(run_id)
        reply = await self.http.get("/queue/api/json")
        reply.raise_for_status()
        for item in reply.json().get("items", []):
            if item.get("task", {}).get("url", "").rstrip("/").endswith(self.job) and \
                    parameter(item, RUN_PARAM) == wanted:
                return {"queue": f"{str(self.http.base_url).rstrip('/')}/{item['url'].strip('/')}/"}
        tree = f"builds[number,actions[parameters[name,value]]]{{0,{BUILDS_SEARCHED}}}"
        reply = await self.http.get(f"/{self.job}/api/json", params={"tree": tree})
        reply.raise_for_status()
        for build in reply.json().get("builds", []):
            if parameter(build, RUN_PARAM) == wanted:
                return {"queue": "", "build": int(build["number"])}
        return None

    async def build_of(self, queue_url: str) -> int | None:
        reply = await self.http.get(f"{queue_url.rstrip('/')}/api/json")
        reply.raise_for_status()
        item = reply.json()
        if item.get("cancelled"):
            return -1
        executable = item.get("executable") or {}
        return int(executable["number"]) if "number" in executable else None

    async def text(self, build: int, start: int) -> tuple[bytes, int, bool]:
        reply = await self.http.get(f"/{self.job}/{build}/logText/progressiveText", params={"start": start})
        reply.raise_for_status()
        size = int(reply.headers.get("X-Text-Size", start + len(reply.content)))
        return reply.content, size, reply.headers.get("X-More-Data", "").lower() == "true"

    async def result(self, build: int) -> str | None:
        reply = await self.http.get(f"/{self.job}/{build}/api/json")
        reply.raise_for_status()
        body: dict[str, Any] = reply.json()
        return None if body.get("building") else body.get("result")

    async def stop(self, build: int) -> None:
        await self.http.post(f"/{self.job}/{build}/stop", headers=await self.crumb())


def parameter(entry: dict[str, Any], name: str) -> str | None:
    """A build parameter's value from the `actions` of a queue item or build."""
    for action in entry.get("actions") or []:
        for param in (action or {}).get("parameters") or []:
            if param.get("name") == name:
                return str(param.get("value"))
    return None


def client() -> httpx.AsyncClient:
    settings = get_settings()
    auth = (settings.jenkins_user or "", settings.jenkins_token or "")
    return httpx.AsyncClient(base_url=(settings.jenkins_url or "").rstrip("/"), auth=auth, timeout=30.0)


def build_params(ctx: RunContext) -> dict[str, str]:
    return {"VERSION": ctx.version, "ENVIRONMENT": ctx.environment, "SERVERS": ",".join(ctx.server_ips),
            **{name: str(value) for name, value in ctx.params.items()}, RUN_PARAM: str(ctx.run_id)}
