"""The deploy flows' activities (workflows/deployments.py): begin, execute and finish a run; expire a review.
Thin adapters over services/deployments/store.py and the runners (activities/deploy_jenkins.py, deploy_local.py)."""

from __future__ import annotations

from temporalio import activity

from activities import deploy_jenkins, deploy_local
from domain.flows import deployments as m
from services.deployments import jenkins
from services.deployments import store as deploy_store


@activity.defn
async def begin_deploy_run(request: m.BeginRequest) -> m.BeginResult:
    """QUEUED -> RUNNING, or FROZEN by a freeze window, or skipped when no longer queued (a compare-and-set)."""
    return await deploy_store.begin(request)


@activity.defn
async def execute_deploy_run(run_id: int) -> m.RunOutcome:
    """Run (or, on a later attempt, keep following) the deploy; heartbeats while it runs. A failed deploy is
    an outcome, not an error: only the runner's own outages are retried."""
    ctx = await deploy_store.load_context(run_id)
    if ctx.jenkins_job and jenkins.configured():
        return await deploy_jenkins.run_jenkins(ctx)
    return await deploy_local.run_local(ctx)


@activity.defn
async def finish_deploy_run(request: m.FinishRequest) -> None:
    await deploy_store.finish(request)


@activity.defn
async def expire_deploy_task(request: m.ExpireRequest) -> bool:
    """PENDING_REVIEW -> EXPIRED for that revision only; a reviewed or modified task is left alone."""
    return await deploy_store.expire(request)
