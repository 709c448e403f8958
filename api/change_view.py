"""An entity change as a reader reads it (the merchant's action history): each field by its label, enumeration
values by their labels, in the reader's language; dates stay instants, marked as such, for the reader's zone."""

from __future__ import annotations

import types
import typing
from datetime import date, datetime
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel
from pydantic.alias_generators import to_camel

from api.envelope import CamelModel
from domain.i18n import field_label, t

Kind = Literal["text", "enum", "datetime", "date", "boolean", "number"]


class ReadableChange(CamelModel):
    field: str
    label: str
    kind: Kind
    before: Any
    after: Any


def kind_of(annotation: Any) -> tuple[Kind, type[Enum] | None]:
    """What a public schema's field holds, optional or not."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        kept = [a for a in typing.get_args(annotation) if a is not type(None)]
        annotation = kept[0] if len(kept) == 1 else str
    annotation = typing.get_args(annotation)[0] if typing.get_origin(annotation) is typing.Annotated else annotation
    if isinstance(annotation, type):
        if issubclass(annotation, Enum):
            return "enum", annotation
        if issubclass(annotation, bool):
            return "boolean", None
        if issubclass(annotation, datetime):
            return "datetime", None
        if issubclass(annotation, date):
            return "date", None
        if issubclass(annotation, int | float):
            return "number", None
    return "text", None


def shown(value: Any, family: type[Enum] | None) -> Any:
    if family is None or value is None:
        return value
    key = f"enums.{family.__name__}.{value}"
    label = t(key)
    return value if label == key else label


def readable(entity: str, changes: dict[str, Any], public: type[BaseModel] | None) -> list[ReadableChange]:
    """`changes` ({column: {before, after}}) of one `entity`, read through its public schema's field types."""
    fields = public.model_fields if public else {}
    out = []
    for column, change in changes.items():
        wire = to_camel(column)
        kind, family = kind_of(fields[column].annotation) if column in fields else ("text", None)
        before, after = (change or {}).get("before"), (change or {}).get("after")
        out.append(ReadableChange(field=wire, label=field_label(wire, module=entity), kind=kind,
                                  before=shown(before, family), after=shown(after, family)))
    return out


def action_label(action: str) -> str:
    """A change's action (`update`, `unbind`) in the reader's words."""
    key = f"history.action.{action}"
    label = t(key)
    return action if label == key else label
