"""The Jenkins runner as the run's activity: trigger the build (or find the one an earlier attempt triggered),
follow it to its end with heartbeats, its console text into the run's log chunks, and ask Jenkins to stop it when
the run is cancelled. The HTTP client is services/deployments/jenkins.py.
"""

from __future__ import annotations

import asyncio

from temporalio import activity

from domain.enums import DeployRunner, DeployRunStatus
from domain.flows.deployments import RunOutcome
from services.deployments import store
from services.deployments.jenkins import RESULTS, Jenkins, build_params, client
from services.deployments.log import LogWriter
from services.deployments.store import RunContext

POLL_SECONDS = 1.0


async def run_jenkins(ctx: RunContext) -> RunOutcome:
    assert ctx.jenkins_job
    async with client() as http:
        jenkins = Jenkins(http, ctx.jenkins_job)
        ref = ctx.external_ref
        if "queue" not in ref:
            ref = await jenkins.find(ctx.run_id) or {"queue": await jenkins.trigger(build_params(ctx))}
            await store.set_runner(ctx.run_id, DeployRunner.JENKINS, ref)
        while "build" not in ref:
            build = await jenkins.build_of(ref["queue"])
            if build == -1:
                return RunOutcome(status=DeployRunStatus.CANCELLED, error="cancelled in the Jenkins queue")
            if build is not None:
                ref = {**ref, "build": build}
                await store.set_runner(ctx.run_id, DeployRunner.JENKINS, ref)
            else:
                activity.heartbeat()
                await asyncio.sleep(POLL_SECONDS)
        writer = LogWriter(ctx.run_id, ctx.last_seq, ctx.offset)
        try:
            return await follow(jenkins, int(ref["build"]), writer)
        except asyncio.CancelledError:
            if not activity.is_worker_shutdown():
                await jenkins.stop(int(ref["build"]))
                await writer.line("cancelled; Jenkins was asked to stop the build")
            raise


async def follow(jenkins: Jenkins, build: int, writer: LogWriter) -> RunOutcome:
    more = True
    while more:
        data, size, more = await jenkins.text(build, writer.offset + len(writer.pending))
        await writer.feed(data, final=not more)
        activity.heartbeat(size)
        if more:
            await asyncio.sleep(POLL_SECONDS)
    result = await jenkins.result(build)
    while result is None:  # the text is complete a moment before the result is recorded
        await asyncio.sleep(POLL_SECONDS)
        result = await jenkins.result(build)
    status = RESULTS.get(result, DeployRunStatus.FAILED)
    return RunOutcome(status=status, error=None if status == DeployRunStatus.SUCCEEDED else f"Jenkins: {result}")
