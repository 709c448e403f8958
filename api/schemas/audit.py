from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import AfterValidator, AwareDatetime, Field, computed_field
from pydantic.alias_generators import to_camel

from api.envelope import CamelModel
from api.resource.query import Eq, Like, SearchParams, Where
from domain.i18n import field_label, t
from domain.models.audit import OperationLog


def _url(value: str) -> str:
    value = value.strip()
    return value if value.startswith("/") else "/" + value


class AuditFilters(SearchParams):
    """SPEC §5: the time range is required and may not exceed 92 days."""

    start_time: Annotated[AwareDatetime, Where(lambda v: OperationLog.at >= v)]
    end_time: Annotated[AwareDatetime, Where(lambda v: OperationLog.at <= v)]
    operator: Annotated[str | None, Like("operator_name")] = None
    operator_id: int | None = None
    url: Annotated[str | None, Like()] = None
    method: Annotated[str | None, Where(lambda v: OperationLog.method == v.upper())] = None
    code: str | None = None
    transaction_id: str | None = None
    business_id: Annotated[str | None, Eq()] = None
    application: str | None = None


class OperationLogPublic(CamelModel):
    id: int
    at: datetime
    application: str
    action_name: str | None = None
    operator_id: int | None
    operator_name: str | None
    url: str
    method: str
    http_status: int
    code: str
    request_data: str | None
    response_data: str | None
    remote_ip: str | None
    location: str | None
    location_name: str | None = None
    transaction_id: str
    business_id: str | None
    duration_ms: int


class EntityChangePublic(CamelModel):
    id: int
    at: datetime
    entity: str
    entity_id: str
    action: str
    operator_name: str | None
    changes: dict[str, Any] = Field(description="field -> {before, after}")

    # pydantic's computed_field over @property, a decorator mypy refuses there
    @computed_field(description="the entity's name in the caller's language")  # type: ignore[prop-decorator]
    @property
    def entity_label(self) -> str:
        key = f"entities.{self.entity}"
        label = t(key)
        return self.entity if label == key else label

    # pydantic's computed_field over @property, a decorator mypy refuses there
    @computed_field(description="field -> its label in the caller's language (the field itself if none)")  # type: ignore[prop-decorator]
    @property
    def field_labels(self) -> dict[str, str]:
        return {field: field_label(to_camel(field)) for field in self.changes}


class OperationLogDetail(OperationLogPublic):
    changes: list[EntityChangePublic]


ActionUrl = Annotated[str, Field(min_length=1, max_length=256), AfterValidator(_url)]


class ActionMappingCreate(CamelModel):
    action_name: str = Field(min_length=1, max_length=64)
    application_type: str = Field(min_length=1, max_length=32)
    url: ActionUrl = Field(description="`*` matches anything, `{id}` one path segment")
    code: str = Field(default="", max_length=64, description="a reply code, or empty for any")


class ActionMappingUpdate(CamelModel):
    id: int
    action_name: str | None = Field(default=None, min_length=1, max_length=64)
    application_type: str | None = Field(default=None, min_length=1, max_length=32)
    url: ActionUrl | None = None
    code: str | None = Field(default=None, max_length=64)


class ActionMappingPublic(CamelModel):
    id: int
    action_name: str
    application_type: str
    url: str
    code: str
    created_at: datetime
    updated_at: datetime


class ActionMappingFilters(SearchParams):
    action_name: Annotated[str | None, Like()] = None
    application_type: str | None = None
    url: Annotated[str | None, Like()] = None
    code: str | None = None
