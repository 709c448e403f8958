"""An integer its column cannot hold (2**31 for an `integer`) is refused by the request's model, naming the field
and the range, in the reader's language, before the database sees it (docs/decisions/input-rules.md). The walk
holds every module of the kit to it: each create and update field that is an `integer` or `smallint` column."""

import pytest
from pydantic import ValidationError
from sqlalchemy import func, select

from api.resource import RESOURCES
from api.resource.bounds import column_range, int_constraints
from domain.db import transaction
from domain.models.authorities import Authority
from tests.conftest import unique

BEYOND = {"en": "must be at most 2147483647", "zh-CN": "2147483647", "id": "2147483647"}


def bounded_fields():
    import api.routers  # noqa: F401  (declares every resource)

    for resource in RESOURCES:
        for schema in {resource.create, resource.update} - {resource.public}:
            for name, info in schema.model_fields.items():
                found = column_range(resource.model, name) if int_constraints(info.annotation) is not None else None
                if found is not None:
                    yield schema, info.alias or name, found


def errors_at(schema, field: str, value: int) -> set[str]:
    try:
        schema.model_validate({field: value})
    except ValidationError as exc:
        return {e["type"] for e in exc.errors() if e["loc"] == (field,)}
    return set()


def test_every_kit_schema_refuses_an_integer_its_column_cannot_hold():
    checked, loose = 0, []
    for schema, field, (low, high) in bounded_fields():
        checked += 1
        # refused by the range, or by a tighter rule of the field (a sort is a natural number)
        loose += [f"{schema.__name__}.{field} accepts {value}" for value in (low - 1, high + 1)
                  if not errors_at(schema, field, value)]
    assert checked > 30  # every kit module's integer columns were seen
    assert loose == []


@pytest.mark.parametrize("lang", ["en", "zh-CN", "id"])
async def test_an_integer_beyond_its_column_is_refused_naming_the_field(client, login_as, lang):
    headers = {**await login_as("menu-management", "authority#add"), "Accept-Language": lang}
    identifier = unique("range")
    body = {"menuType": "BUTTON", "title": "Range", "identifier": identifier, "descriptionEn": "r",
            "descriptionZh": "r", "descriptionId": "r", "sort": 2**31}
    reply = await client.post("/cms/authority/add", json=body, headers=headers)
    assert reply.status_code == 422, reply.text
    error = reply.json()["data"]["errors"][0]
    assert (error["field"], error["rule"]) == ("sort", "le")
    assert BEYOND[lang] in error["message"]
    async with transaction() as db:
        assert await db.scalar(select(func.count()).where(Authority.identifier == identifier)) == 0
