"""The SQL an API search runs, as a super user sees it, with its values written in: pgbench runs the same text."""

from __future__ import annotations

from typing import Any


def super_principal() -> Any:
    """The caller a benchmark's SQL is built for: a super user, so no data scope narrows the statement."""
    from api.deps import Principal

    return Principal(id=1, username="admin", display_name="Admin", email="a", session_id=0, is_super=True,
                     permissions=frozenset())


def literal_sql(*queries: Any) -> list[str]:
    """Each statement compiled for PostgreSQL with literal values."""
    from sqlalchemy.dialects import postgresql

    # The named paramstyle: the default pyformat doubles every % of the text ('%%x%%' for a pattern, `a %% b`),
    # which is not what the API sends to PostgreSQL
    dialect = postgresql.dialect(paramstyle="named")  # type: ignore[no-untyped-call]
    return [str(q.compile(dialect=dialect, compile_kwargs={"literal_binds": True})) for q in queries]
