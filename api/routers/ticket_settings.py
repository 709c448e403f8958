"""Ticket settings: categories and applications as managed lists on the resource kit (a ticket holds the code;
the lists name it in each language, so lists and dashboards group by one value), and the people on duty, who
hear of a breach or a reminder of a ticket nobody holds (docs/tickets.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter
from sqlalchemy import delete, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import AUTHENTICATED, Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.scope import CONFIGURATION, declares
from api.schemas.ticket_settings import (
    ApplicationCreate,
    CategoryCreate,
    ListEntryFilters,
    ListEntryPublic,
    ListEntryUpdate,
    ListOption,
    OnDuty,
    OnDutyUpdate,
)
from api.user_center import ensure_ids
from domain import audit
from domain.models.ticket_settings import TicketApplication, TicketCategory, TicketOnDuty
from domain.models.users import User
from services.tickets.lists import local_name
from services.tickets.reads import users_by_id


def managed_list(name: str, model: Any, create: type[Any], permission: str) -> Resource[Any]:
    return Resource(name=name, model=model, public=ListEntryPublic, create=create, update=ListEntryUpdate,
                    filters=ListEntryFilters, permission=permission, actions=Actions.crud(permission),
                    scope=CONFIGURATION, unique={f"uq_{model.__tablename__}_code": "code"}, default_sort="sort")


categories = managed_list("TicketCategory", TicketCategory, CategoryCreate, "ticket-category")
applications = managed_list("TicketApplication", TicketApplication, ApplicationCreate, "ticket-application")
category_router = categories.router(prefix="/ticket-category", tags=["ticket_categories"])
application_router = applications.router(prefix="/ticket-application", tags=["ticket_applications"])


async def options_of(db: AsyncSession, model: Any) -> list[dict[str, Any]]:
    """Every entry, disabled ones too (old tickets still show their names), in the list's order."""
    rows = await db.execute(select(model.code, local_name(model).label("name"), model.enabled)
                            .order_by(model.sort, model.code))
    return [{"code": r.code, "name": r.name, "enabled": r.enabled} for r in rows]


@category_router.get("/options", summary="Every ticket category, named in the caller's language",
                     openapi_extra=declares(CONFIGURATION))
async def category_options(db: SessionDep, _: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[list[ListOption]]:
    return ok(await options_of(db, TicketCategory))


@application_router.get("/options", summary="Every ticket application, named in the caller's language",
                        openapi_extra=declares(CONFIGURATION))
async def application_options(db: SessionDep,
                              _: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[list[ListOption]]:
    return ok(await options_of(db, TicketApplication))


on_duty_router = APIRouter(prefix="/ticket-on-duty", tags=["ticket_on_duty"])


async def on_duty_ids(db: AsyncSession) -> list[int]:
    return list((await db.scalars(select(TicketOnDuty.user_id).order_by(TicketOnDuty.user_id))).all())


async def on_duty_reply(db: AsyncSession, ids: list[int]) -> dict[str, Any]:
    users = await users_by_id(db, ids)
    return {"users": [users[i] for i in ids if i in users]}


@on_duty_router.get("", summary="The ticket team's people on duty", openapi_extra=declares(CONFIGURATION))
async def on_duty(db: SessionDep, _: Annotated[Principal, Need("ticket-on-duty")]) -> Reply[OnDuty]:
    return ok(await on_duty_reply(db, await on_duty_ids(db)))


@on_duty_router.post("/modify", summary="Replace the people on duty (audited)")
async def modify_on_duty(body: OnDutyUpdate, db: SessionDep,
                         user: Annotated[Principal, Need("ticket-on-duty#edit")]) -> Reply[OnDuty]:
    wanted = await ensure_ids(db, User, body.user_ids, "userIds")
    before = await on_duty_ids(db)
    await db.execute(delete(TicketOnDuty))
    if wanted:
        await db.execute(insert(TicketOnDuty), [{"user_id": i} for i in wanted])
    after = sorted(wanted)
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="TicketOnDuty",
                              entity_id=0, action="update", before={"userIds": before}, after={"userIds": after})
    return ok(await on_duty_reply(db, after))
