from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import Field, model_validator

from api.envelope import CamelModel
from api.resource.query import Like, SearchParams
from api.schemas.users import Name20
from domain.models.departments import Department


class DepartmentCreate(CamelModel):
    name: Name20
    full_name: Name20
    leader_id: int | None = None
    parent_id: int | None = None


class DepartmentUpdate(CamelModel):
    id: int
    name: Name20 | None = None
    full_name: Name20 | None = None
    leader_id: int | None = None
    parent_id: int | None = None


class DepartmentPublic(CamelModel):
    id: int
    name: str
    full_name: str
    leader_id: int | None
    leader_name: str | None = None
    parent_id: int | None
    created_at: datetime
    updated_at: datetime

    @model_validator(mode="before")
    @classmethod
    def _from_row(cls, data: Any) -> Any:
        if isinstance(data, Department):
            fields = {k: getattr(data, k) for k in cls.model_fields if k != "leader_name"}
            return {**fields, "leader_name": data.leader.display_name if data.leader else None}
        return data


class DepartmentFilters(SearchParams):
    name: Annotated[str | None, Like("name", "full_name")] = None
    parent_id: int | None = None
    leader_id: int | None = None


class DepartmentNode(CamelModel):
    id: int
    name: str
    full_name: str
    leader_id: int | None
    leader_name: str | None
    parent_id: int | None
    member_count: int
    children: list[DepartmentNode] = Field(default_factory=list)
