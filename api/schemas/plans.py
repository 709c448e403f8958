from __future__ import annotations

from datetime import datetime

from api.envelope import CamelModel
from domain.enums import MerchantPackageState, PlanName, SubscriptionKind, SubscriptionRequestState


class RequestFlow(CamelModel):
    id: int
    kind: SubscriptionKind
    state: SubscriptionRequestState
    workflow_id: str
    workflow_url: str | None  # the flow's page in the Temporal Web UI, for operators only
    created_at: datetime
    reason: str | None


class PlanFlows(CamelModel):
    """A merchant's plan and the flows behind it: the plan flow and its subscription requests, newest first."""

    merchant_id: int
    plan_name: PlanName | None
    package_state: MerchantPackageState
    expire_at: datetime | None
    workflow_id: str
    workflow_url: str | None
    requests: list[RequestFlow]
