"""An integer its column cannot hold (2**31 for an `integer`) is refused by the request's model, naming the field
and the range, in the reader's language, before the database sees it (docs/decisions/input-rules.md). The walk
holds every module of the kit to it (each create and update field that is an `integer` or `smallint` column), and
every hand-written schema that declares the model it writes."""

import pytest
from pydantic import ValidationError
from sqlalchemy import func, select

from api.resource import RESOURCES
from api.resource.bounds import BOUNDED, column_range, int_constraints
from domain.db import transaction
from domain.models.authorities import Authority
from tests.conftest import unique

BEYOND = {"en": "must be at most 2147483647", "zh-CN": "2147483647", "id": "2147483647"}


def bounded_fields():
    import api.routers  # noqa: F401  (declares every resource)

    written = {(r.model, schema) for r in RESOURCES for schema in {r.create, r.update} - {r.public}}
    assert written <= set(BOUNDED)  # the kit gave every resource's written schemas their ranges
    for model, schema in set(BOUNDED):
        for name, info in schema.model_fields.items():
            found = column_range(model, name) if int_constraints(info.annotation) is not None else None
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


async def test_hand_written_routes_refuse_an_integer_beyond_its_column_too(client, login_as):
    from tests.integration.ticket_support import insert_ticket, new_ticket_body

    headers = await login_as("ticket-new", "ticket-list", "ticket#assign", "deploy#add", "role#grant", "user#grant")
    ticket_id = await insert_ticket(status="WORK_IN_PROCESS")
    calls = [("/cms/ticket/add", new_ticket_body(picId=2**31), "picId"),
             (f"/cms/ticket/{ticket_id}/assign", {"assigneeId": 2**31}, "assigneeId"),
             ("/cms/deploy/task/add", {"name": "Range", "projectId": 2**31, "version": "1.0",
                                       "environment": "STAGING", "serverIps": ["10.0.0.1"]}, "projectId"),
             # references to rows of another table (RowId), one alone and one in a list
             ("/cms/user/set-authorities", {"userId": 2**31, "authorityIds": []}, "userId"),
             ("/cms/role/set-authorities", {"roleId": 1, "authorityIds": [1, 2**31]}, "authorityIds[1]")]
    for path, body, field in calls:
        reply = await client.post(path, json=body, headers=headers)
        assert reply.status_code == 422, reply.text
        assert [(e["field"], e["rule"]) for e in reply.json()["data"]["errors"]] == [(field, "le")]


def test_hand_written_schemas_of_integer_columns_declare_their_model():
    import api.routers  # noqa: F401
    from api.schemas.deployments import DeployBody, TaskBody, TaskModify
    from api.schemas.stock_orders import StockOrderProgress, StockOrderReceipt
    from api.schemas.subscriptions import SubmitBody
    from api.schemas.tickets import AssignBody, TicketCreate, TicketEdit

    declared = {schema for _, schema in BOUNDED}
    hand_written = {TaskBody, TaskModify, DeployBody, TicketCreate, TicketEdit, AssignBody, SubmitBody,
                    StockOrderProgress, StockOrderReceipt}
    assert hand_written - declared == set()
    assert "less_than_equal" in errors_at(SubmitBody, "screenshotFileId", 2**31)
    assert "less_than_equal" in errors_at(StockOrderProgress, "revision", 2**31)
    assert "less_than_equal" in errors_at(StockOrderReceipt, "revision", 2**31)
