"""Deploy tasks and their review (/review/created, /review/modify/:id, /review/:id; docs/deployments.md).

A task is created and modified on the review pages; each change is a new revision that needs a new review by
a holder of `review#approve` who is not the author, before a deadline after which it expires unreviewed.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query
from sqlalchemy import select

from api.deploy_ops import (
    DEPLOYS,
    TASK_READERS,
    OptionalTemporal,
    load_task,
    queue_run,
    tasks_public,
)
from api.deploy_ops import runs_public as runs_of
from api.deps import Need, Principal, SessionDep, release
from api.envelope import Page, Reply, ok
from api.resource.bounds import narrow_filters
from api.resource.query import apply_filters, apply_sort, page_reply, page_rows
from api.resource.scope import declares
from api.schemas.deployments import (
    OverrideBody,
    ReviewBody,
    ReviewPublic,
    RevisionChange,
    RevisionPublic,
    TaskBody,
    TaskDetail,
    TaskFilters,
    TaskModify,
    TaskPublic,
)
from api.schemas.types import Int32
from domain import audit
from domain.enums import DeployDecision, DeployRunKind, DeployTaskStatus
from domain.errors import DomainError, Forbidden, Invalid
from domain.models.deployments import DeployProject, DeployReview, DeployRun, DeployTask, DeployTaskRevision
from domain.rules import deployments as rules
from services.deployments import flow
from services.tickets.reads import users_by_id

router = APIRouter(prefix="/deploy/task", tags=["deploy_tasks"])
narrow_filters(DeployTask, TaskFilters)  # each integer filter held to its column's range
APPROVE = "review#approve"
SORTABLE = {"id", "name", "version", "environment", "status", "created_at", "updated_at", "review_due_at"}


def content_of(task: DeployTask) -> dict[str, Any]:
    return {key: getattr(task, key) for key in rules.REVIEWED_FIELDS}


async def checked_values(db: SessionDep, body: TaskBody) -> dict[str, Any]:
    if await db.get(DeployProject, body.project_id) is None:
        raise Invalid(field="projectId", rule="not_found")
    values = body.model_dump(exclude={"id"})
    values["environment"] = body.environment.value
    return values


async def authors_of(db: SessionDep, task: DeployTask) -> set[int]:
    """Everyone who wrote the task or one of its revisions: none of them decides on it."""
    revisions = await db.scalars(select(DeployTaskRevision.author_id).where(DeployTaskRevision.task_id == task.id))
    return {task.author_id, *revisions}


async def new_revision(db: SessionDep, task: DeployTask, user: Principal) -> None:
    task.review_due_at = datetime.now(UTC) + rules.REVIEW_WINDOW
    task.status, task.reviewer_id, task.reviewed_at = DeployTaskStatus.PENDING_REVIEW, None, None
    await db.flush()
    db.add(DeployTaskRevision(task_id=task.id, revision=task.revision, content=content_of(task), author_id=user.id))


@router.post("/search", openapi_extra=declares(DEPLOYS),
             summary="Search deploy tasks")
async def search(params: TaskFilters, db: SessionDep,
                 _: Annotated[Principal, Need(*TASK_READERS)]) -> Reply[Page[TaskPublic]]:
    query = apply_sort(apply_filters(select(DeployTask), DeployTask, params), DeployTask, params.sort, SORTABLE, "-id")
    rows, counted = await page_rows(db, query, params)
    return ok(page_reply(await tasks_public(db, rows), counted, params))


@router.post("/add", summary="Create a deploy task (it waits for review)")
async def add(body: TaskBody, db: SessionDep,
              user: Annotated[Principal, Need("deploy#add")], flows: OptionalTemporal) -> Reply[TaskPublic]:
    task = DeployTask(**await checked_values(db, body), author_id=user.id, revision=1,
                      review_due_at=datetime.now(UTC) + rules.REVIEW_WINDOW)
    db.add(task)
    await new_revision(db, task, user)
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="DeployTask",
                              entity_id=task.id, action="create", before=None, after=audit.snapshot(task))
    public = (await tasks_public(db, [task]))[0]
    await release(db)
    await flow.start_review_clock(flows, task)
    return ok(public)


@router.post("/modify", summary="Modify a deploy task: a new revision, reviewed again")
async def modify(body: TaskModify, db: SessionDep,
                 user: Annotated[Principal, Need("deploy#edit")], flows: OptionalTemporal) -> Reply[TaskPublic]:
    task = await load_task(db, body.id, lock=True)
    values = await checked_values(db, body)
    if all(getattr(task, k) == v for k, v in values.items()):
        raise DomainError("DEPLOY_NOTHING_CHANGED", status=409)
    before = audit.snapshot(task)
    for key, value in values.items():
        setattr(task, key, value)
    task.revision += 1
    await new_revision(db, task, user)
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="DeployTask",
                              entity_id=task.id, action="update", before=before, after=audit.snapshot(task))
    public = (await tasks_public(db, [task]))[0]
    await release(db)
    await flow.start_review_clock(flows, task)
    return ok(public)


@router.get("/detail/{task_id}", openapi_extra=declares(DEPLOYS),
            summary="A deploy task with its revisions, reviews and runs")
async def detail(task_id: int, db: SessionDep, user: Annotated[Principal, Need(*TASK_READERS)]) -> Reply[TaskDetail]:
    task = await load_task(db, task_id)
    revisions = (await db.scalars(select(DeployTaskRevision).where(DeployTaskRevision.task_id == task_id)
                                  .order_by(DeployTaskRevision.revision))).all()
    reviews = (await db.scalars(select(DeployReview).where(DeployReview.task_id == task_id)
                                .order_by(DeployReview.id))).all()
    runs = (await db.scalars(select(DeployRun).where(DeployRun.task_id == task_id).order_by(DeployRun.id.desc())
                             .limit(50))).all()
    people = await users_by_id(db, [r.reviewer_id for r in reviews])
    return ok({
        "task": (await tasks_public(db, [task]))[0],
        "revisions": [RevisionPublic.model_validate(r) for r in revisions],
        "reviews": [ReviewPublic.model_validate(r).model_copy(update={
            "reviewer_name": people.get(r.reviewer_id, {}).get("username", "")}) for r in reviews],
        "runs": await runs_of(db, runs, user),
        "canReview": user.can(APPROVE) and user.id not in {task.author_id, *(r.author_id for r in revisions)}
        and task.status == DeployTaskStatus.PENDING_REVIEW,
        "canEdit": user.can("deploy#edit"),
    })


@router.get("/{task_id}/diff", openapi_extra=declares(DEPLOYS),
            summary="What changed between two revisions of a deploy task")
async def diff(task_id: int, db: SessionDep, _: Annotated[Principal, Need(*TASK_READERS)],
               from_: Annotated[Int32, Query(alias="from", ge=1)], to: Annotated[Int32, Query(ge=1)],
               ) -> Reply[list[RevisionChange]]:
    rows = {r.revision: r.content for r in (await db.scalars(select(DeployTaskRevision).where(
        DeployTaskRevision.task_id == task_id, DeployTaskRevision.revision.in_([from_, to])))).all()}
    for name, number in (("from", from_), ("to", to)):
        if number not in rows:
            raise Invalid(field=name, rule="not_found")
    return ok(rules.revision_diff(rows[from_], rows[to]))


@router.post("/{task_id}/review", summary="Approve, reject or comment on a deploy task's current revision")
async def review(task_id: int, body: ReviewBody, db: SessionDep,
                 user: Annotated[Principal, Need(APPROVE, "review-detail")],
                 flows: OptionalTemporal) -> Reply[TaskPublic]:
    deciding = body.decision != DeployDecision.COMMENT
    if deciding and not user.can(APPROVE):
        raise Forbidden()
    task = await load_task(db, task_id, lock=True)
    at = datetime.now(UTC)
    if deciding and task.status == DeployTaskStatus.PENDING_REVIEW and at >= task.review_due_at:
        raise DomainError("DEPLOY_REVIEW_EXPIRED", status=409)
    rules.ensure_reviewable(task.status, await authors_of(db, task), user.id, deciding)
    db.add(DeployReview(task_id=task.id, revision=task.revision, reviewer_id=user.id, decision=body.decision,
                        comment=body.comment.strip()))
    approved = False
    if deciding:
        before = audit.snapshot(task)
        approved = body.decision == DeployDecision.APPROVE
        task.status = DeployTaskStatus.APPROVED if approved else DeployTaskStatus.REJECTED
        task.reviewer_id, task.reviewed_at = user.id, at
        await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="DeployTask",
                                  entity_id=task.id, action="update", before=before, after=audit.snapshot(task))
    await db.flush()
    public = (await tasks_public(db, [task]))[0]
    project = await db.get_one(DeployProject, task.project_id)
    if approved and project.auto_deploy:  # auto deploy: the version goes out as soon as its review passes
        await queue_run(db, flows, user, task=task, kind=DeployRunKind.AUTO, body=OverrideBody(), check=False)
    else:
        await release(db)
    if deciding:
        await flow.decided(flows, task_id)
    return ok(public)
