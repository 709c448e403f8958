"""A run's log (docs/deployments.md): the tail page first, earlier pages on demand, the live part as server-sent
events that resume after the last chunk seen (Last-Event-ID), the whole as a download."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from domain.db import transaction
from domain.models.deployments import DeployLogChunk, DeployRun, DeployTask
from tests.integration.deploy_support import AUTHOR, project
from tests.integration.ticket_support import staff


async def finished_run(chunks: list[str]) -> int:
    p = await project("true")
    who = await staff(*AUTHOR)
    async with transaction() as db:
        task = DeployTask(name="Release", project_id=p.id, version="1.0", environment="TEST", server_ips=["10.0.0.1"],
                          params={}, author_id=who.id, review_due_at=datetime.now(UTC), status="APPROVED")
        db.add(task)
        await db.flush()
        run = DeployRun(project_id=p.id, task_id=task.id, version="1.0", environment="TEST", server_ips=["10.0.0.1"],
                        params={}, status="SUCCEEDED", external_ref={}, log_bytes=0)
        db.add(run)
        await db.flush()
        offset = 0
        for seq, text in enumerate(chunks, start=1):
            offset += len(text.encode())
            db.add(DeployLogChunk(run_id=run.id, seq=seq, content=text, end_offset=offset))
        run.log_bytes = offset
        return run.id


def events(body: str) -> list[tuple[str, str, str]]:
    """(event, id, data) of each server-sent event of a body."""
    out = []
    for block in body.replace("\r\n", "\n").split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":"))
        if "event" in fields:
            out.append((fields["event"], fields.get("id", ""), fields.get("data", "")))
    return out


async def test_the_stream_resumes_after_the_last_chunk_seen_and_ends_with_the_run(client):
    reader = await staff("audit-ci")
    run_id = await finished_run([f"line {n}\n" for n in range(1, 13)])
    whole = await client.get(f"/cms/deploy/run/{run_id}/log/stream", headers=reader.headers)
    assert whole.headers["content-type"].startswith("text/event-stream")
    got = events(whole.text)
    assert [json.loads(d) for e, _, d in got if e == "chunk"] == [f"line {n}\n" for n in range(1, 13)]
    assert got[-1][0] == "end"
    resumed = await client.get(f"/cms/deploy/run/{run_id}/log/stream",
                               headers={**reader.headers, "Last-Event-ID": "10"})
    assert [i for e, i, _ in events(resumed.text) if e == "chunk"] == ["11", "12"]


async def test_the_tail_comes_first_and_earlier_pages_on_demand(client):
    reader = await staff("audit-cd")
    run_id = await finished_run([f"\x1b[32mpart {n}\x1b[0m\n" for n in range(1, 21)])
    tail = (await client.get(f"/cms/deploy/run/{run_id}/log", headers=reader.headers)).json()["data"]
    assert [c["seq"] for c in tail["chunks"]] == list(range(13, 21)) and tail["first"] == 1 and tail["finished"]
    earlier = (await client.get(f"/cms/deploy/run/{run_id}/log?before=13&limit=8",
                                headers=reader.headers)).json()["data"]
    assert [c["seq"] for c in earlier["chunks"]] == list(range(5, 13))
    download = await client.get(f"/cms/deploy/run/{run_id}/log/download", headers=reader.headers)
    assert download.text == "".join(f"\x1b[32mpart {n}\x1b[0m\n" for n in range(1, 21))
    stranger = await staff("ticket-list")
    assert (await client.get(f"/cms/deploy/run/{run_id}/log", headers=stranger.headers)).status_code == 403
