"""Deployments (SPEC §3 Deployment: project, version, environment, server IP; docs/deployments.md).

A project says how it is deployed; a deploy task is a reviewed request to put one version of it on one
environment's servers; a run is one execution of a task by the project's deploy queue, whose output is kept
in numbered log chunks. Freeze windows stop runs in an environment for a while.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Boolean, ForeignKey, Index, Integer, String, Text, UniqueConstraint, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base, Timestamps
from domain.enums import (
    DeployDecision,
    DeployEnvironment,
    DeployRunKind,
    DeployRunner,
    DeployRunStatus,
    DeployTaskStatus,
)

USER_FK = "users.id"
TASK_FK = "deploy_tasks.id"


class DeployProject(Base, Timestamps):
    """How one project is deployed: its local command (the embedded default) or its Jenkins job."""

    __tablename__ = "deploy_projects"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(40), unique=True)  # names the queue: deploy-queue-{code}
    name: Mapped[str] = mapped_column(String(100))
    deploy_command: Mapped[str] = mapped_column(Text, default="")
    time_limit_minutes: Mapped[int] = mapped_column(Integer, default=30)
    jenkins_job: Mapped[str | None] = mapped_column(String(200))
    auto_deploy: Mapped[bool] = mapped_column(Boolean, default=False)


class DeployTask(Base, Timestamps):
    """A request to deploy a version; every modification is a new revision that needs a new review."""

    __tablename__ = "deploy_tasks"
    __table_args__ = (Index("ix_deploy_tasks_status_id", "status", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    project_id: Mapped[int] = mapped_column(ForeignKey("deploy_projects.id"), index=True)
    version: Mapped[str] = mapped_column(String(64))
    environment: Mapped[DeployEnvironment] = mapped_column(String(16))
    server_ips: Mapped[list[str]] = mapped_column(JSONB, default=list)
    params: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    description: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[DeployTaskStatus] = mapped_column(String(16), default=DeployTaskStatus.PENDING_REVIEW)
    revision: Mapped[int] = mapped_column(Integer, default=1)
    author_id: Mapped[int] = mapped_column(ForeignKey(USER_FK), index=True)
    review_due_at: Mapped[datetime]
    reviewer_id: Mapped[int | None] = mapped_column(ForeignKey(USER_FK))
    reviewed_at: Mapped[datetime | None]


class DeployTaskRevision(Base):
    """What a task said at one revision: the review diff compares two of these."""

    __tablename__ = "deploy_task_revisions"
    __table_args__ = (UniqueConstraint("task_id", "revision", name="uq_deploy_task_revisions_task_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    task_id: Mapped[int] = mapped_column(ForeignKey(TASK_FK, ondelete="CASCADE"))
    revision: Mapped[int] = mapped_column(Integer)
    content: Mapped[dict[str, Any]] = mapped_column(JSONB)
    author_id: Mapped[int] = mapped_column(ForeignKey(USER_FK))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class DeployReview(Base):
    """A reviewer's decision (or plain comment) on one revision of a task."""

    __tablename__ = "deploy_reviews"

    id: Mapped[int] = mapped_column(primary_key=True)
    task_id: Mapped[int] = mapped_column(ForeignKey(TASK_FK, ondelete="CASCADE"), index=True)
    revision: Mapped[int] = mapped_column(Integer)
    reviewer_id: Mapped[int] = mapped_column(ForeignKey(USER_FK))
    decision: Mapped[DeployDecision] = mapped_column(String(16))
    comment: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class DeployRun(Base, Timestamps):
    """One execution by the project's queue; what it deploys is copied from the task when it is queued."""

    __tablename__ = "deploy_runs"
    __table_args__ = (
        Index("ix_deploy_runs_project_environment_status", "project_id", "environment", "status"),
        Index("ix_deploy_runs_task_id", "task_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    project_id: Mapped[int] = mapped_column(ForeignKey("deploy_projects.id"))
    task_id: Mapped[int] = mapped_column(ForeignKey(TASK_FK))
    kind: Mapped[DeployRunKind] = mapped_column(String(16), default=DeployRunKind.DEPLOY)
    version: Mapped[str] = mapped_column(String(64))
    environment: Mapped[DeployEnvironment] = mapped_column(String(16))
    server_ips: Mapped[list[str]] = mapped_column(JSONB, default=list)
    params: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    status: Mapped[DeployRunStatus] = mapped_column(String(16), default=DeployRunStatus.QUEUED)
    runner: Mapped[DeployRunner | None] = mapped_column(String(16))
    requested_by: Mapped[int | None] = mapped_column(ForeignKey(USER_FK))
    retry_of_id: Mapped[int | None] = mapped_column(ForeignKey("deploy_runs.id"))
    superseded_by_id: Mapped[int | None] = mapped_column(ForeignKey("deploy_runs.id"))
    freeze_override_by: Mapped[int | None] = mapped_column(ForeignKey(USER_FK))
    freeze_override_reason: Mapped[str | None] = mapped_column(Text)
    external_ref: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)  # Jenkins queue item and build
    exit_code: Mapped[int | None] = mapped_column(Integer)
    error: Mapped[str | None] = mapped_column(Text)
    log_bytes: Mapped[int] = mapped_column(BigInteger, default=0)
    started_at: Mapped[datetime | None]
    finished_at: Mapped[datetime | None]


class DeployLogChunk(Base):
    """A run's output in order: (run_id, seq) is unique, so a retried write of a chunk is a no-op, and a
    reader resumes after the last seq it saw. `end_offset` is where the chunk ends in the runner's output."""

    __tablename__ = "deploy_log_chunks"

    run_id: Mapped[int] = mapped_column(ForeignKey("deploy_runs.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    content: Mapped[str] = mapped_column(Text)
    end_offset: Mapped[int] = mapped_column(BigInteger)


class DeployFreezeWindow(Base, Timestamps):
    """No run starts in the environment between start and end unless an override holder says so."""

    __tablename__ = "deploy_freeze_windows"
    __table_args__ = (Index("ix_deploy_freeze_windows_environment_ends_at", "environment", "ends_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    environment: Mapped[DeployEnvironment] = mapped_column(String(16))
    starts_at: Mapped[datetime]
    ends_at: Mapped[datetime]
    reason: Mapped[str] = mapped_column(String(200))
    created_by: Mapped[int | None] = mapped_column(ForeignKey(USER_FK))
