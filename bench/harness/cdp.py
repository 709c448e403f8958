"""Debian's headless Chromium driven over the DevTools protocol (CDP), for benchmarks of what a page does:
how soon it shows something, how much memory it holds (`Performance.getMetrics`: JSHeapUsedSize, Nodes).

A page is one CDP target reached over its own WebSocket; `wait_for` polls an expression in the page, so a
benchmark reads times from the page's own clock-independent view (the first poll that sees it).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import AsyncIterator
from typing import Any

import httpx
import websockets

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
# The flags of the browser tests (web/e2e/browser.ts): nothing reaches out to the network on its own.
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--window-size=1280,800", "--remote-debugging-port=0"]
LISTENING = re.compile(rb"DevTools listening on (ws://\S+)")


class Page:
    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.ids = itertools.count(1)
        self.pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        async for raw in self.socket:
            message = json.loads(raw)
            future = self.pending.pop(message.get("id", -1), None)
            if future is not None and not future.done():
                future.set_result(message)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self.ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[number] = future
        await self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        reply = await asyncio.wait_for(future, timeout=120)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return dict(reply.get("result", {}))

    async def evaluate(self, expression: str) -> Any:
        reply = await self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in reply:
            raise RuntimeError(f"{expression}: {reply['exceptionDetails']}")
        return reply["result"].get("value")

    async def wait_for(self, expression: str, timeout: float = 120, every: float = 0.02) -> tuple[Any, float]:
        """The first truthy value of `expression` and when it was seen (time.perf_counter())."""
        deadline = time.perf_counter() + timeout
        while True:
            value = await self.evaluate(expression)
            if value:
                return value, time.perf_counter()
            if time.perf_counter() > deadline:
                raise TimeoutError(f"not seen in {timeout} s: {expression}")
            await asyncio.sleep(every)

    async def metrics(self) -> dict[str, float]:
        """The page's own figures after a garbage collection: JSHeapUsedSize (bytes), Nodes, ..."""
        await self.send("HeapProfiler.collectGarbage")
        reply = await self.send("Performance.getMetrics")
        return {m["name"]: m["value"] for m in reply["metrics"]}

    async def close(self) -> None:
        self.reader.cancel()
        await self.socket.close()


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """A headless Chromium with a throw-away profile; yields `new_page()`, which opens a blank tab."""
    profile = tempfile.mkdtemp(prefix="bench-chromium-")
    process = await asyncio.create_subprocess_exec(CHROMIUM, *ARGS, f"--user-data-dir={profile}", "about:blank",
                                                   stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    assert process.stderr is not None
    try:
        found = None
        async with asyncio.timeout(60):
            while found is None:
                line = await process.stderr.readline()
                if not line:
                    raise SystemExit("chromium ended before it listened: apt-get install -y chromium")
                found = LISTENING.search(line)
        endpoint = found.group(1).decode().split("/devtools/")[0].replace("ws://", "http://")
        drain = asyncio.create_task(process.stderr.read())  # keep its pipe from filling
        pages: list[Page] = []

        async def new_page() -> Page:
            async with httpx.AsyncClient() as http:
                target = (await http.put(f"{endpoint}/json/new?about:blank")).json()
            page = Page(await websockets.connect(target["webSocketDebuggerUrl"], max_size=None))
            await page.send("Performance.enable")
            await page.send("Runtime.enable")
            pages.append(page)
            return page

        yield new_page
        for page in pages:
            await page.close()
        drain.cancel()
    finally:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()
        shutil.rmtree(profile, ignore_errors=True)
