"""Deployment tasks and runs."""

from __future__ import annotations

from enum import StrEnum


class DeployEnvironment(StrEnum):
    """Where a deploy task goes (SPEC §3 Deployment: environment); freeze windows are per environment."""

    DEV = "DEV"
    TEST = "TEST"
    STAGING = "STAGING"
    PRODUCTION = "PRODUCTION"


class DeployTaskStatus(StrEnum):
    """A deploy task's review: waiting for a reviewer, approved, rejected, or expired unreviewed."""

    PENDING_REVIEW = "PENDING_REVIEW"
    APPROVED = "APPROVED"
    REJECTED = "REJECTED"
    EXPIRED = "EXPIRED"


class DeployDecision(StrEnum):
    APPROVE = "APPROVE"
    REJECT = "REJECT"
    COMMENT = "COMMENT"


class DeployRunKind(StrEnum):
    DEPLOY = "DEPLOY"
    RETRY = "RETRY"
    ROLLBACK = "ROLLBACK"
    AUTO = "AUTO"


class DeployRunStatus(StrEnum):
    """One run of the deploy queue (SPEC §4 task result: processing, succeeded, failed)."""

    QUEUED = "QUEUED"
    RUNNING = "RUNNING"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"
    CANCELLED = "CANCELLED"
    WITHDRAWN = "WITHDRAWN"
    SUPERSEDED = "SUPERSEDED"
    FROZEN = "FROZEN"


class DeployRunner(StrEnum):
    LOCAL = "LOCAL"
    JENKINS = "JENKINS"
