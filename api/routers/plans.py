"""A merchant's plan and its flows (docs/plans.md): the plan flow and the subscription requests, each linked to
its page in the Temporal Web UI through the console's proxy, and the plan flow started again from the merchant
row when it is missing or has not heard of a renewal."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Request
from sqlalchemy import select

from api.deps import Need, Principal, SessionDep, release
from api.envelope import Reply, ok
from api.flows import temporal_client
from api.resource.scope import declares
from api.routers.merchants import LIST, MERCHANT_SCOPE, SPECIFIC, merchants
from api.schemas.plans import PlanFlows
from api.temporal_ui import OPERATE, workflow_path
from domain.errors import DomainError
from domain.flows import plans as m
from domain.models.merchants import Merchant
from domain.models.subscriptions import SubscriptionRequest
from services.flows import watched
from services.plans import signal_renewal

router = APIRouter(prefix="/merchant", tags=["plans"])
REQUESTS_SHOWN = 50
Reader = Annotated[Principal, Need(LIST, SPECIFIC)]


async def flows_of(db: SessionDep, user: Principal, merchant: Merchant) -> PlanFlows:
    rows = (await db.scalars(select(SubscriptionRequest).where(SubscriptionRequest.merchant_id == merchant.id)
                             .order_by(SubscriptionRequest.id.desc()).limit(REQUESTS_SHOWN))).all()
    operator = user.can(OPERATE)  # the UI can terminate flows: its links go to operators only
    return PlanFlows.model_validate({
        "merchant_id": merchant.id, "plan_name": merchant.plan_name, "package_state": merchant.package_state,
        "expire_at": merchant.expire_at, "workflow_id": m.workflow_id(merchant.id),
        "workflow_url": workflow_path(m.workflow_id(merchant.id)) if operator else None,
        "requests": [{"id": r.id, "kind": r.kind, "state": r.state, "workflow_id": r.workflow_id,
                      "workflow_url": workflow_path(r.workflow_id) if operator else None,
                      "created_at": r.created_at, "reason": r.reason} for r in rows]})


@router.get("/{merchant_id}/flows", summary="The merchant's plan, its plan flow and its subscription requests",
            openapi_extra=declares(MERCHANT_SCOPE))
async def flows(merchant_id: int, db: SessionDep, user: Reader) -> Reply[PlanFlows]:
    return ok(await flows_of(db, user, await merchants.load(db, user, merchant_id)))


@router.post("/{merchant_id}/plan/resync", summary="Start the plan flow again from the merchant's plan, or tell "
             "the running one its end (a lost renewal); harmless when it knows already",
             openapi_extra=declares(MERCHANT_SCOPE))
async def resync(merchant_id: int, request: Request, db: SessionDep,
                 user: Annotated[Principal, Need(OPERATE)]) -> Reply[PlanFlows]:
    merchant = await merchants.load(db, user, merchant_id)
    if merchant.expire_at is None:  # refused before Temporal is asked
        raise DomainError("PLAN_NONE", status=409, merchantId=str(merchant_id))
    await release(db)  # no connection held while Temporal is asked
    client = await temporal_client(request)
    async with watched():
        await signal_renewal(client, m.PlanRenewal(merchant_id=merchant.id, plan_name=merchant.plan_name,
                                                   expire_at=merchant.expire_at))
    return ok(await flows_of(db, user, merchant))
