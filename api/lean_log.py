"""The operation log row a lean write's own statement inserts (api/lean.py `log_row`, docs/decisions/lean-writes.md):
its columns as parameters of an `INSERT ... SELECT ... FROM <source>`, the reply's stand-in numbers spliced in SQL
around the columns they stand for, in two parts, the caller's and the call's own."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from domain.context import transaction_id
from domain.db import Also


def stand_in_reply(reply: Callable[[], Any]) -> Any:
    """`reply()` made under the stand-in transaction id (`log_row`)."""
    call = transaction_id.set(TRANSACTION_STAND_IN)
    try:
        return reply()
    finally:
        transaction_id.reset(call)


STANDING_IN = re.compile(r"(-?\d{19,})")
TRANSACTION_STAND_IN = "7299999999999999999"  # in a reply of stand-ins, for the call's transaction id
LOG = "log_"  # the prefix of a log row's parameters
DURATION = "({} + 1000 * extract(epoch FROM clock_timestamp() - statement_timestamp()))::int"  # the statement's too
FROM_REPLY = ("response_data", "business_id")  # the row's columns made from the reply (not from what was asked)


@dataclass(frozen=True)
class LogPart:
    """Some columns of an operation log row as the INSERT of `log_insert` takes them: each column's SQL when it
    is spliced around stand-in numbers (else None: a parameter of its name), and the parameters."""

    columns: tuple[str, ...]
    splices: tuple[str | None, ...]
    params: dict[str, Any]


def logged_from(entry: dict[str, Any], stood_for: dict[int, str], source: str) -> Also:
    """The operation log row `entry` as an INSERT from `source` (`log_part`)."""
    return log_also(source, log_part(entry, stood_for))


def log_part(columns: dict[str, Any], stood_for: dict[int, str]) -> LogPart:
    """`columns` of a log row as its INSERT takes them: a text holding stand-in numbers is concatenated in SQL
    around the expressions they stand for (only in the columns made from the reply: a number a caller sent is kept
    as sent, and the stand-in transaction id by the call's), and the duration adds the statement's own time."""
    stood = (*stood_for.items(), (int(TRANSACTION_STAND_IN), f"(:{LOG}transaction_id)"))
    params: dict[str, Any] = {}
    splices: list[str | None] = []
    for column, value in columns.items():
        if column in FROM_REPLY and isinstance(value, str) and STANDING_IN.search(value):
            sql, parts = spliced(f"{LOG}{column}", value, stood)
            splices.append(sql)
            params.update(parts)
        else:
            splices.append(None)
            params[f"{LOG}{column}"] = value
    return LogPart(tuple(columns), tuple(splices), params)


def log_also(source: str, caller: LogPart, call: LogPart | None = None) -> Also:
    """The INSERT from `source` of a log row made of a caller's part and, apart, the call's own."""
    if call is None:
        return Also(log_insert(caller.columns, caller.splices, source), caller.params)
    return Also(log_insert(caller.columns + call.columns, caller.splices + call.splices, source),
                {**caller.params, **call.params})


@lru_cache(maxsize=64)  # the same for every call of a route
def log_insert(columns: tuple[str, ...], splices: tuple[str | None, ...], source: str) -> str:
    """The INSERT of a log row's `columns` from `source`, each a parameter of its name or its SQL of `splices`."""
    values = [splice if splice is not None else DURATION.format(f":{LOG}{column}") if column == "duration_ms" else
              f":{LOG}{column}" for column, splice in zip(columns, splices, strict=True)]
    return f"INSERT INTO operation_logs ({', '.join(columns)}) SELECT {', '.join(values)} FROM {source}"


@lru_cache(maxsize=64)  # a reply of stand-ins is the same each call of its route
def spliced(name: str, value: str, stood_for: tuple[tuple[int, str], ...]) -> tuple[str, dict[str, str]]:
    """`value` as the SQL concatenating its text around the expressions its stand-in numbers stand for, and the
    text's parameters."""
    expressions, parts, params = dict(stood_for), [], {}
    for n, part in enumerate(STANDING_IN.split(value)):
        if n % 2 and int(part) in expressions:
            parts.append(f"{expressions[int(part)]}::text")
        elif part:
            params[f"{name}_{n}"] = part
            parts.append(f":{name}_{n}")
    return f"concat({', '.join(parts)})", params
