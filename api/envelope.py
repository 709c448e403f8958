"""The reply envelope every call returns: {code, message, data, transactionId}."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Generic, TypeVar

import orjson
from fastapi import Response
from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

from domain.context import transaction_id
from domain.i18n import t

T = TypeVar("T")

SUCCESS = "SUCCESS"


class CamelModel(BaseModel):
    """API schemas speak camelCase on the wire and snake_case in Python."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True)


class Reply(CamelModel, Generic[T]):
    code: str = SUCCESS
    message: str = ""
    data: T | None = None
    transaction_id: str = ""


class Page(CamelModel, Generic[T]):
    items: list[T]
    total: int
    total_capped: bool = False  # the total stopped counting at the cap: the list says "10,000+"
    page: int
    page_size: int


def ok(data: Any = None, message_key: str = "common.success") -> Any:
    """The success envelope; typed Any so a route may declare `-> Reply[Model]`."""
    return {"code": SUCCESS, "message": t(message_key), "data": data, "transactionId": transaction_id.get()}


def as_pydantic_writes(value: Any) -> str:
    """What orjson cannot write itself, as pydantic writes it in JSON: a Decimal (an amount) as its string."""
    if isinstance(value, Decimal):
        return str(value)
    raise TypeError(f"{type(value).__name__} is not written as JSON")


def ok_json(data: Any) -> Response:
    """The success envelope written by orjson, for a route whose data is already what its reply model dumps (rows
    shaped by the public schema): FastAPI sends a Response as it is, without validating it against the route's
    `response_model` again, which cost a list page more CPU than its statement."""
    return Response(orjson.dumps(ok(data), default=as_pydantic_writes,
                                 option=orjson.OPT_UTC_Z | orjson.OPT_NON_STR_KEYS), media_type="application/json")


def failure(code: str, message: str, data: Any = None) -> dict[str, Any]:
    return {"code": code, "message": message, "data": data, "transactionId": transaction_id.get()}
