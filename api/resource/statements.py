"""Statements rendered once per shape and run with each call's values, as a prepared statement is.

Building a search with SQLAlchemy and finding its compiled form again costs a hot list call more than
PostgreSQL's answer does (about 0.5 ms for the ticket page; compiling afresh about 1.5 ms). The caller names
the shape (what decides the SQL) and the values; the statement is built and compiled only the first time a
shape is seen. Every value that varies within a shape must be a named `bindparam`; anything else a build
binds (constants, values the shape includes) is kept from that first build.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from psycopg import AsyncCursor
from sqlalchemy import ClauseElement

from domain.db import Executor, get_engine

KEPT = 256  # shapes a process keeps; the least recently used go first


@dataclass(frozen=True)
class Rendered:
    sql: str
    values: dict[str, Any]  # as bound by the first build: constants, and the values of shaping filters


class Statements:
    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self.kept: OrderedDict[Hashable, Rendered] = OrderedDict()

    def rendered(self, shape: Hashable, build: Callable[[], ClauseElement]) -> Rendered:
        found = self.kept.get(shape)
        if found is None:
            # IN lists the shape fixes (a data scope's countries) are written out as one parameter a value
            compiled = build().compile(dialect=get_engine().dialect, compile_kwargs={"render_postcompile": True})
            found = Rendered(compiled.string, dict(compiled.params))
            self.kept[shape] = found
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
        else:
            self.kept.move_to_end(shape)
        return found

    async def execute(self, db: Executor, shape: Hashable, build: Callable[[], ClauseElement],
                      values: dict[str, Any]) -> AsyncCursor[Any]:
        rendered = self.rendered(shape, build)
        return await db.execute(rendered.sql, {**rendered.values, **values})

    async def rows(self, db: Executor, shape: Hashable, build: Callable[[], ClauseElement],
                   values: dict[str, Any]) -> list[Any]:
        """The rows, as the connection's row factory makes them (named tuples on the plain pool)."""
        return await (await self.execute(db, shape, build, values)).fetchall()
