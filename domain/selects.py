"""The type of a SELECT of any columns, for the helpers that narrow a query (filters, data scope) and hand it back.

`Select[Any]` is a SELECT of one column; a helper typed with it refuses `select(a, b)`. `SelectT` keeps the
caller's own row type through the helper."""

from typing import Any, TypeVar

from sqlalchemy import Select

AnySelect = Select[*tuple[Any, ...]]
SelectT = TypeVar("SelectT", bound=AnySelect)
