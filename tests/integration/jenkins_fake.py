"""A Jenkins that speaks the parts of Jenkins' remote API the Jenkins runner uses, over a real socket:
basic auth with an API token, the crumb issuer (every POST without the crumb is refused, as Jenkins does),
`buildWithParameters` answering 201 with the queue item in `Location` (an identical item still waiting is
reused, as Jenkins merges them), the queue item turning into a build number, the job's builds with their
parameters, the console text read progressively (`X-Text-Size`, `X-More-Data`), the build's result, `stop`.

Builds progress on each read of their console (one line a read), not on a clock, so a test is deterministic
on a busy machine; a job's `hold` keeps its builds running until the test releases them.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

CRUMB_FIELD, CRUMB = "Jenkins-Crumb", "3f1c0a"


@dataclass
class Job:
    lines: list[str]
    result: str = "SUCCESS"
    hold: asyncio.Event | None = None  # set: the build may end


@dataclass
class Build:
    number: int
    job: str
    params: dict[str, str]
    text: str = ""
    emitted: int = 0
    text_done: bool = False
    building: bool = True
    result: str | None = None
    looked_after_end: bool = False
    aborted: bool = False


@dataclass
class Item:
    id: int
    job: str
    params: dict[str, str]
    polls: int = 0
    build: Build | None = None


@dataclass
class FakeJenkins:
    user: str
    token: str
    jobs: dict[str, Job]
    url: str = ""
    fail_triggers: int = 0  # answer this many triggers with 503 first (a Jenkins restarting)
    triggers: list[dict[str, str]] = field(default_factory=list)
    refused_without_crumb: int = 0
    items: dict[int, Item] = field(default_factory=dict)
    builds: dict[str, list[Build]] = field(default_factory=dict)

    # ---- the test's view ----

    def all_builds(self, job: str) -> list[Build]:
        return self.builds.get(job, [])

    # ---- the remote API ----

    def app(self) -> Starlette:
        return Starlette(routes=[Route("/{path:path}", self.handle, methods=["GET", "POST"])])

    async def handle(self, request: Request) -> Response:
        if request.headers.get("authorization") != "Basic " + base64.b64encode(
                f"{self.user}:{self.token}".encode()).decode():
            return PlainTextResponse("Unauthorized", status_code=401)
        if request.method == "POST" and request.headers.get(CRUMB_FIELD) != CRUMB:
            self.refused_without_crumb += 1
            return PlainTextResponse("No valid crumb was included in the request", status_code=403)
        parts = [p for p in request.url.path.split("/") if p]
        job_parts: list[str] = []
        while len(parts) >= 2 and parts[0] == "job":
            job_parts.append(parts[1])
            parts = parts[2:]
        job = "/".join(job_parts)
        if not job:
            return await self.top(request, parts)
        if job not in self.jobs:
            return PlainTextResponse("Not Found", status_code=404)
        if parts == ["buildWithParameters"] and request.method == "POST":
            return await self.trigger(job, request)
        if parts == ["api", "json"]:
            return JSONResponse({"name": job_parts[-1], "builds": [
                {"number": b.number, "url": f"{self.url}/job/{job}/{b.number}/", "actions": actions(b.params)}
                for b in reversed(self.all_builds(job))]})
        if parts and parts[0].isdigit():
            build = next((b for b in self.all_builds(job) if b.number == int(parts[0])), None)
            if build is None:
                return PlainTextResponse("Not Found", status_code=404)
            return self.build_api(build, parts[1:], request)
        return PlainTextResponse("Not Found", status_code=404)

    async def top(self, request: Request, parts: list[str]) -> Response:
        if parts == ["crumbIssuer", "api", "json"]:
            return JSONResponse({"_class": "hudson.security.csrf.DefaultCrumbIssuer", "crumb": CRUMB,
                                 "crumbRequestField": CRUMB_FIELD})
        if parts == ["queue", "api", "json"]:
            return JSONResponse({"items": [
                {"id": i.id, "url": f"queue/item/{i.id}/", "actions": actions(i.params),
                 "task": {"name": i.job.split("/")[-1], "url": f"{self.url}/job/{'/job/'.join(i.job.split('/'))}/"}}
                for i in self.items.values() if i.build is None]})
        if len(parts) == 5 and parts[:2] == ["queue", "item"] and parts[3:] == ["api", "json"]:
            item = self.items.get(int(parts[2]))
            if item is None:
                return PlainTextResponse("Not Found", status_code=404)
            item.polls += 1
            if item.build is None and item.polls > 1:  # waits one look in the queue, then gets an executor
                item.build = self.start(item)
            body: dict[str, Any] = {"id": item.id, "cancelled": False, "executable": None}
            if item.build is not None:
                body["executable"] = {"number": item.build.number, "url": f"{self.url}/{item.build.number}/"}
            return JSONResponse(body)
        return PlainTextResponse("Not Found", status_code=404)

    async def trigger(self, job: str, request: Request) -> Response:
        if self.fail_triggers > 0:
            self.fail_triggers -= 1
            return PlainTextResponse("Jenkins is restarting", status_code=503)
        params = {k: str(v) for k, v in (await request.form()).items()}
        self.triggers.append(params)
        same = next((i for i in self.items.values() if i.build is None and i.job == job and i.params == params), None)
        item = same or Item(id=len(self.items) + 100, job=job, params=params)
        self.items[item.id] = item
        return Response(status_code=201, headers={"Location": f"{self.url}/queue/item/{item.id}/"})

    def start(self, item: Item) -> Build:
        builds = self.builds.setdefault(item.job, [])
        build = Build(number=len(builds) + 1, job=item.job, params=item.params)
        builds.append(build)
        return build

    def build_api(self, build: Build, parts: list[str], request: Request) -> Response:
        job = self.jobs[build.job]
        if parts == ["logText", "progressiveText"]:
            if not build.text_done:
                if build.emitted < len(job.lines):
                    build.text += job.lines[build.emitted] + "\n"
                    build.emitted += 1
                elif job.hold is None or job.hold.is_set():
                    build.text += f"Finished: {job.result}\n"
                    build.text_done = True
            start = int(request.query_params.get("start", "0"))
            data = build.text.encode()
            return Response(data[start:], media_type="text/plain", headers={
                "X-Text-Size": str(len(data)), "X-More-Data": "false" if build.text_done else "true"})
        if parts == ["api", "json"]:
            if build.text_done and build.building:
                if build.looked_after_end:  # the result is recorded a moment after the text ends
                    build.building, build.result = False, "ABORTED" if build.aborted else job.result
                build.looked_after_end = True
            return JSONResponse({"number": build.number, "building": build.building, "result": build.result})
        if parts == ["stop"] and request.method == "POST":
            if build.building and not build.text_done:
                build.text += "Aborted by user\nFinished: ABORTED\n"
                build.text_done = build.aborted = True
            return Response(status_code=302, headers={"Location": f"{self.url}/job/{build.job}/{build.number}/"})
        return PlainTextResponse("Not Found", status_code=404)


def actions(params: dict[str, str]) -> list[dict[str, Any]]:
    return [{"_class": "hudson.model.ParametersAction",
             "parameters": [{"_class": "hudson.model.StringParameterValue", "name": k, "value": v}
                            for k, v in params.items()]}]


@contextlib.asynccontextmanager
async def serving(jenkins: FakeJenkins) -> AsyncIterator[FakeJenkins]:
    """The fake on a free port of 127.0.0.1 for the duration of the block."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    jenkins.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    server = uvicorn.Server(uvicorn.Config(jenkins.app(), log_level="warning", lifespan="off"))
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        while not server.started:
            await asyncio.sleep(0.01)
        yield jenkins
    finally:
        server.should_exit = True
        await task
        sock.close()
