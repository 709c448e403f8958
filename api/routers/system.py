"""Public facts about the running console: build identity, health of its parts, enumerations."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from fastapi import APIRouter, Request, Response

from api.build_info import build_info
from api.deps import AUTHENTICATED, PUBLIC, Need, Principal, SessionDep, release
from api.envelope import Reply, ok
from api.health import check
from api.resource.scope import REFERENCE, declares
from api.schemas.system import EnumOption, HealthPublic, InfoPublic
from domain import enums
from domain.errors import NotFound
from domain.i18n import t

router = APIRouter(tags=["system"])


@router.get("/info", dependencies=[PUBLIC])
async def info() -> Reply[InfoPublic]:
    return ok(build_info())


HEALTH_DETAIL = "system-health"  # the operators' health screen; its holders see each component


@router.get("/health", responses={503: {"model": Reply[HealthPublic]}})
async def health(request: Request, response: Response, user: Annotated[Principal | None, PUBLIC],
                 db: SessionDep) -> Reply[HealthPublic]:
    """UP or DOWN for anyone (a load balancer, a status page); the components, with their addresses,
    versions and errors, only for holders of the health screen."""
    await release(db)  # the caller's session is read: no connection is held while Temporal is probed
    report = await check(request.app.state.flows)
    if user is None or not user.can(HEALTH_DETAIL):  # DEGRADED still serves: the public sees UP
        report = {"status": "DOWN" if report["status"] == "DOWN" else "UP"}
    if report["status"] == "DOWN":  # DEGRADED still answers 200; the report says what to look at
        response.status_code = 503  # the reply is encoded as every other, through its model
    return ok(report)


def options_of(name: str, enum: type[StrEnum]) -> list[dict[str, str]]:
    """The values of one enumeration with labels in the caller's language (the code where none is written)."""
    options = []
    for member in enum:
        key = f"enums.{name}.{member.value}"
        label = t(key)
        options.append({"value": member.value, "label": member.value if label == key else label})
    return options


@router.get("/common/enums", dependencies=[Need(AUTHENTICATED)], openapi_extra=declares(REFERENCE))
async def all_enum_options() -> Reply[dict[str, list[EnumOption]]]:
    """Every enumeration with labels in the caller's language, in one reply: a screen's filters, cells and forms
    need a dozen of them, which one call brings instead of a dozen (the web asks once a language)."""
    return ok({name: options_of(name, enum) for name, enum in enums.ALL.items()})


@router.get("/common/enums/{name}", dependencies=[Need(AUTHENTICATED)], openapi_extra=declares(REFERENCE))
async def enum_options(name: str) -> Reply[list[EnumOption]]:
    """The values of one enumeration with labels in the caller's language."""
    enum = enums.ALL.get(name)
    if enum is None:
        raise NotFound(entity="Record")
    return ok(options_of(name, enum))
