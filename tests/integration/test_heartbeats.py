"""Heartbeats (SPEC §2 application status, heartbeat list, heartbeat detail): every API process and worker
reports one; a process is dead after 3 missed intervals, by the database's clock; its history is kept for a
bounded time."""

import asyncio
import os
import signal
import socket
import subprocess
import sys
from datetime import timedelta

import pytest
from sqlalchemy import func, insert, select, update

from domain.db import transaction
from domain.enums import AppKind
from domain.heartbeats import Heartbeat
from domain.models.heartbeats import AppInstance, HeartbeatBeat
from domain.settings import ROOT, get_settings
from tests.conftest import unique
from tests.integration.test_health import free_port

WAIT = 90.0  # a worker process imports every flow before its first beat; on a busy machine that takes a while


async def poll(check, timeout: float = WAIT, every: float = 0.2):
    """`check()` until it returns something truthy; fails with what it last saw."""
    loop = asyncio.get_running_loop()
    deadline, seen = loop.time() + timeout, None
    while loop.time() < deadline:
        seen = await check()
        if seen:
            return seen
        await asyncio.sleep(every)
    raise AssertionError(f"not reached within {timeout} s; last seen {seen!r}")


async def process(client, headers, pid: int, kind: str):
    reply = await client.post("/cms/heartbeat/search", headers=headers,
                              json={"kind": kind, "host": socket.gethostname(), "pageSize": 500})
    assert reply.status_code == 200, reply.text
    return next((p for p in reply.json()["data"]["items"] if p["pid"] == pid), None)


async def add_instance(version: str, beat_ago: timedelta, interval: float = 10.0, kind=AppKind.WORKER) -> int:
    async with transaction() as db:
        return await db.scalar(insert(AppInstance).values(
            kind=kind, host="host-a", pid=1, version=version, interval_seconds=interval, beats=1,
            last_beat_at=func.now() - beat_ago).returning(AppInstance.id))


@pytest.mark.parametrize(("module", "kind"), [("worker", "WORKER"), ("api", "API")])
async def test_a_started_process_appears_alive_and_once_stopped_turns_dead(client, login_as, time_skipping_env,
                                                                           module, kind):
    """The real `python -m worker` and `python -m api`, beating every half second, then killed."""
    me = await login_as("heartbeat-list")
    env = {**os.environ, "OMP_HEARTBEAT_INTERVAL_SECONDS": "0.5", "OMP_TASK_QUEUE": unique("hb"),
           "OMP_PORT": str(free_port()),
           "OMP_TEMPORAL_ADDRESS": time_skipping_env.client.service_client.config.target_host}
    started = subprocess.Popen([sys.executable, "-m", module], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        async def alive():
            found = await process(client, me, started.pid, kind)
            return found if found and found["status"] == "ALIVE" and found["beats"] >= 2 else None

        shown = await poll(alive)
        assert shown["version"] and shown["host"] == socket.gethostname() and shown["intervalSeconds"] == 0.5
    finally:
        started.send_signal(signal.SIGKILL)
        started.wait(30)

    async def dead():
        found = await process(client, me, started.pid, kind)
        return found if found and found["status"] == "DEAD" else None

    await poll(dead)
    async with transaction() as db:  # dead means 3 intervals passed since its last beat, by the database's clock
        silent = await db.scalar(select(func.now() - AppInstance.last_beat_at).where(AppInstance.id == shown["id"]))
    assert silent >= timedelta(seconds=1.5)
    beats = (await client.post("/cms/heartbeat/beats/search", headers=me,
                               json={"instanceId": shown["id"]})).json()["data"]
    assert beats["total"] >= 2
    times = [b["at"] for b in beats["items"]]
    assert times == sorted(times, reverse=True)


async def test_dead_after_three_missed_intervals_by_the_database_clock(client, login_as):
    """Three intervals of 10 s: 25 s of silence is alive, 31 s is dead. The alive one keeps 5 s in hand for the
    searches below (its silence grows while they run), and the login comes first, as it hashes a password."""
    me = await login_as("heartbeat-list")
    version = unique("v")
    alive = await add_instance(version, timedelta(seconds=25))
    dead = await add_instance(version, timedelta(seconds=31))
    items = (await client.post("/cms/heartbeat/search", headers=me,
                               json={"version": version})).json()["data"]["items"]
    assert {i["id"]: i["status"] for i in items} == {alive: "ALIVE", dead: "DEAD"}
    only_dead = (await client.post("/cms/heartbeat/search", headers=me,
                                   json={"version": version, "status": "DEAD"})).json()["data"]["items"]
    assert [i["id"] for i in only_dead] == [dead]


async def test_application_status_counts_each_version(client, login_as):
    version = unique("v")
    await add_instance(version, timedelta(seconds=1))
    await add_instance(version, timedelta(seconds=1))
    await add_instance(version, timedelta(minutes=5))
    me = await login_as("application-status")
    rows = (await client.get("/cms/heartbeat/application-status", headers=me)).json()["data"]
    mine = [r for r in rows if r["version"] == version]
    assert [(r["kind"], r["alive"], r["dead"], r["hosts"]) for r in mine] == [("WORKER", 2, 1, ["host-a"])]


async def test_history_is_kept_for_the_retention_only(monkeypatch):
    monkeypatch.setattr(get_settings(), "heartbeat_retention_hours", 1)
    heart = Heartbeat(AppKind.WORKER, interval=5)
    me = await heart.register()
    forgotten = await add_instance(unique("v"), timedelta(hours=2))
    async with transaction() as db:
        await db.execute(update(HeartbeatBeat).where(HeartbeatBeat.instance_id == me).values(
            at=func.now() - timedelta(hours=2)))
    await heart.beat()
    async with transaction() as db:
        kept = (await db.scalars(select(HeartbeatBeat.at).where(HeartbeatBeat.instance_id == me))).all()
        assert len(kept) == 1  # the old beat went, the new one stays
        await heart.register()  # a start sweeps processes silent beyond the retention
        assert await db.get(AppInstance, forgotten) is None


async def test_the_screens_need_their_permissions(client, login_as):
    plain = await login_as()
    assert (await client.post("/cms/heartbeat/search", headers=plain, json={})).status_code == 403
    assert (await client.get("/cms/heartbeat/application-status", headers=plain)).status_code == 403
    assert (await client.post("/cms/heartbeat/beats/search", headers=plain,
                              json={"instanceId": 1})).status_code == 403
    bad = await client.post("/cms/heartbeat/beats/search", headers=await login_as("heartbeat-list"), json={})
    assert bad.status_code == 422 and bad.json()["data"]["errors"][0]["field"] == "instanceId"
