from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field, field_validator

from api.envelope import CamelModel
from api.schemas.types import harden


class PageRef(CamelModel):
    name: str = Field(default="", max_length=128)
    access_url: str = Field(min_length=1, max_length=512, alias="accessURL")


class PageVisitPublic(PageRef):
    subscribed: bool
    visits: int
    visited_at: datetime


class SubscriptionBody(CamelModel):
    """Pages to subscribe, as {name, accessURL} objects or plain URLs; only the first five are kept."""

    subscription_list: list[PageRef | str] = Field(alias="subscriptionList", max_length=100)

    @field_validator("subscription_list")
    @classmethod
    def _as_pages(cls, items: list[PageRef | str]) -> list[PageRef | str]:
        return [PageRef(accessURL=i) if isinstance(i, str) else i for i in items]


class TableKey(CamelModel):
    table_key: str = Field(min_length=1, max_length=128)


class ColumnDisplay(CamelModel):
    """One column in display order; extra settings (width, fixed side) are kept as given."""

    model_config = {**CamelModel.model_config, "extra": "allow"}

    key: str = Field(min_length=1, max_length=128)
    visible: bool = True


class TableDisplayBody(TableKey):
    columns: list[ColumnDisplay] = Field(max_length=300)


class TableDisplayPublic(CamelModel):
    table_key: str
    columns: list[dict[str, Any]] | None = Field(description="null: the user never changed this table")


# requests: names one line, numbers and times in range
harden(PageRef, SubscriptionBody, TableKey, ColumnDisplay, TableDisplayBody)
