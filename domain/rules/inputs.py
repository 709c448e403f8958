"""What every value a client sends must be before anything stores it (docs/decisions/input-rules.md).

PostgreSQL refuses a NUL character and a lone surrogate in text and an integer beyond 64 bits; a value it
refuses must be refused at the door with a message naming the field, not found by a write deep in a flow.
Pure and iterative (a hostile body may be deep): the API's request guard, spreadsheet imports and the
ticket flow's update validator all run these same rules.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
MAX_DEPTH = 32  # objects and lists within one another; the console's own bodies nest 4 deep at most
MAX_TEXT = 20_000  # characters in any one string; fields with a tighter rule say so in their schema


@dataclass(frozen=True)
class Problem:
    """One refused value: where it is (`items[0].name`), the rule it breaks and the rule's parameters."""

    field: str
    rule: str
    params: dict[str, Any] = dataclasses.field(default_factory=dict)


def text_rule(text: str, max_text: int = MAX_TEXT) -> tuple[str, dict[str, Any]] | None:
    """The rule a string breaks, if any: NUL characters, lone surrogates (not encodable), overlong."""
    if len(text) > max_text:
        return "max_length", {"max_length": max_text}
    if "\x00" in text:
        return "text_nul", {}
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return "text_surrogate", {}
    return None


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def find_problem(value: Any, *, max_depth: int = MAX_DEPTH, max_text: int = MAX_TEXT,
                 path: str = "") -> Problem | None:
    """The first value, key or nesting in a JSON-like value that breaks a rule; None when all is well."""
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, str):
            broken = text_rule(item, max_text)
            if broken:
                return Problem(where or "body", broken[0], broken[1])
        elif isinstance(item, bool) or item is None or isinstance(item, float):
            continue
        elif isinstance(item, int):
            if not INT64_MIN <= item <= INT64_MAX:
                return Problem(where or "body", "int64", {"ge": INT64_MIN, "le": INT64_MAX})
        elif isinstance(item, dict | list | tuple):
            if depth >= max_depth:
                return Problem(where or "body", "depth", {"max_depth": max_depth})
            entries = list(item.items() if isinstance(item, dict) else enumerate(item))
            for key, _ in entries:
                if isinstance(key, str) and text_rule(key, max_text):
                    return Problem(where or "body", "key", {})
            stack.extend((child, join(where, key), depth + 1) for key, child in reversed(entries))
    return None
