"""What the pickers of other screens are offered: a record's id and the label people know it by (a merchant by
its email, a shelf by its code, a ticket by its number and title, an FAQ by its title, a scheduled task by its name,
a timed mail by its subject)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query
from pydantic import Field

from api.envelope import CamelModel
from api.resource.query import PICK_LIMIT
from api.schemas.types import INT64_MAX

# the picked values a picker names again (a filter read from the address): as many as a picker shows
PickedIds = Annotated[list[Annotated[int, Field(ge=1, le=INT64_MAX)]] | None, Query(max_length=PICK_LIMIT)]
# what is typed into a picker: the start of a long email, code or title is plenty
Typed = Annotated[str | None, Query(max_length=254)]


class MerchantOption(CamelModel):
    id: int
    email: str
    country: str


class ShelfOption(CamelModel):
    id: int
    warehouse_id: int
    code: str
    name: str | None = None
    enabled: bool
    skus: int = 0  # the SKUs with stock on the shelf


class TicketOption(CamelModel):
    id: int
    title: str


class FaqOption(CamelModel):
    id: int
    title: str
    language: str


class JobOption(CamelModel):
    id: int
    name: str


class MailTaskOption(CamelModel):
    id: int
    subject: str
