"""Which list schemas the kit shows straight from the row (api/resource/page.py `as_is`): only those whose every field
the database gives in the very form pydantic would write; any other goes through pydantic."""

from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from pydantic import field_validator

from api.envelope import CamelModel
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
    amount: Decimal  # pydantic writes a string


class Loose(Plain):
    extra: dict[str, int]


class Checked(Plain):
    @field_validator("name")
    @classmethod
    def _upper(cls, value: str | None) -> str | None:
        return value.upper() if value else value


def test_only_plain_schemas_are_shown_as_they_are():
    assert as_is(Plain)
    assert not as_is(Money) and not as_is(Loose) and not as_is(Checked)
