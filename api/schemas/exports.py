"""Export tasks on the wire (docs/exports.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AwareDatetime, computed_field

from api.envelope import CamelModel
from api.resource.query import Eq, In, Range, SearchParams
from domain.enums import ExportState
from domain.i18n import t
from domain.rules import exports as rules


class ExportTaskPublic(CamelModel):
    id: int
    resource: str
    route: str
    state: ExportState
    rows_written: int
    total: int | None
    filename: str
    file_size: int | None
    error: str | None
    attempt: int
    language: str
    zone: str
    requested_by: int
    requested_by_name: str | None = None
    created_at: datetime
    finished_at: datetime | None
    expires_at: datetime | None

    # pydantic's computed_field over a property, which mypy does not follow
    @computed_field  # type: ignore[prop-decorator]
    @property
    def percent(self) -> int:
        """The progress bar: rows written of the total, 100 once the file is ready."""
        return rules.percent(self.rows_written, self.total, self.state)

    @computed_field  # type: ignore[prop-decorator]  # as above
    @property
    def list_name(self) -> str:
        """The exported list as its screens name it, in the reader's language ("Operation log", not OperationLog)."""
        key = f"entities.{self.resource}"
        label = t(key)
        return self.resource if label == key else label


class ExportTaskFilters(SearchParams):
    id: Annotated[int | None, Eq()] = None
    resource: Annotated[str | None, Eq()] = None
    state: Annotated[list[ExportState] | None, In()] = None
    requested_by: Annotated[int | None, Eq()] = None
    created_at: Annotated[list[AwareDatetime] | None, Range()] = None
