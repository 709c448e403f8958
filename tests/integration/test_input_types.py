"""The kit's guarantee for every route, present and future: no request model accepts a time without zone
(docs/decisions/input-rules.md). A module that declares a plain `datetime` input fails here, not in a flow."""

from datetime import datetime
from typing import Any, get_args

from fastapi.routing import APIRoute
from pydantic import BaseModel


def naive_fields(annotation: Any, where: str, seen: set[type]) -> list[str]:
    if annotation is datetime:
        return [where]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation in seen:
            return []
        seen.add(annotation)
        return [hit for name, info in annotation.model_fields.items()
                for hit in naive_fields(info.annotation, f"{annotation.__name__}.{name}", seen)]
    return [hit for arg in get_args(annotation) for hit in naive_fields(arg, where, seen)]


def test_no_request_accepts_a_time_without_zone():
    from api.routers import ROUTERS

    found: list[str] = []
    checked = 0
    for route in (r for router in ROUTERS for r in router.routes):
        if not isinstance(route, APIRoute):
            continue
        stack = [route.dependant]
        while stack:
            dependant = stack.pop()
            stack.extend(dependant.dependencies)
            for param in (*dependant.body_params, *dependant.query_params, *dependant.path_params):
                checked += 1
                hits = naive_fields(param.field_info.annotation, param.name, set())
                found += [f"{route.path}: {hit}" for hit in hits]
    assert checked > 100  # every route's parameters were seen
    assert found == [], f"use pydantic's AwareDatetime for times a client sends: {found}"
