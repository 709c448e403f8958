"""Which list schemas the kit shows straight from the row (api/resource/page.py `as_is`): only those whose every field
the database gives in the very form pydantic would write (an amount's Decimal written as pydantic writes it); any
other goes through pydantic."""

from datetime import UTC, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Annotated

import orjson
from pydantic import AfterValidator, PlainSerializer, field_validator

from api.envelope import CamelModel, ok_json
from api.resource.page import as_is


class Colour(StrEnum):
    RED = "RED"


class Plain(CamelModel):
    id: int
    name: str | None
    colour: Colour
    tags: list[str]
    at: datetime | None


class Money(Plain):
    amount: Decimal  # pydantic writes a string, as does ok_json


class Loose(Plain):
    extra: dict[str, int]


class Checked(Plain):
    @field_validator("name")
    @classmethod
    def _upper(cls, value: str | None) -> str | None:
        return value.upper() if value else value


Shouted = Annotated[str | None, AfterValidator(lambda value: value.upper() if value else value)]


class CheckedInItsType(Plain):  # the validator in the field's type, not the model's
    name: Shouted


class CheckedInAList(Plain):
    tags: list[Shouted]


class Written(Plain):
    id: Annotated[int, PlainSerializer(str)]


def test_only_plain_schemas_are_shown_as_they_are():
    assert as_is(Plain) and as_is(Money)
    assert not any(as_is(schema) for schema in (Loose, Checked, CheckedInItsType, CheckedInAList, Written))


def test_a_row_shown_as_it_is_is_written_as_pydantic_writes_it():
    rows = [{"id": 1, "name": None, "colour": "RED", "tags": ["a"], "at": datetime(2026, 11, 30, 13, 5, tzinfo=UTC),
             "amount": Decimal(amount)} for amount in ("12.50", "0.00", "-3.10", "1E+2", "12345678901234.99")]
    written = orjson.loads(ok_json(rows).body)["data"]
    assert written == [Money.model_validate(row).model_dump(mode="json", by_alias=True) for row in rows]
