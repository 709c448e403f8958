"""What every value a client sends must be before anything stores it (docs/decisions/input-rules.md).

PostgreSQL refuses a NUL character and a lone surrogate in text and an integer beyond 64 bits; a value it
refuses must be refused at the door with a message naming the field, not found by a write deep in a flow.
Pure and iterative (a hostile body may be deep): the API's request guard, spreadsheet imports and the
ticket flow's update validator all run these same rules.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from domain.errors import Invalid, Problem

T = TypeVar("T")

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
MAX_DEPTH = 32  # objects and lists within one another; the console's own bodies nest 4 deep at most
MAX_TEXT = 20_000  # characters in any one string; fields with a tighter rule say so in their schema
# No text holds a control character other than tab and line breaks (an escape, a bell, C1) nor a bidirectional
# embedding, override or isolate: they make stored text read otherwise than it is. One-line fields refuse tab and
# line breaks too (api/schemas/types.py SingleLine).
CONTROL = re.compile("[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


class Problems:
    """Every field problem of one request, gathered before one refusal names them all (a form learns all that is
    wrong with it at once, not one field per save). Rules that raise `Invalid` keep doing so: run each under
    `check` (or `catching`), then `raise_any` raises one `Invalid` listing every problem found, in order.

        problems = Problems()
        name = problems.check(rules.task_name, body.name)
        problems.extend(rules.price_problems(...), prefix="countries[0].")
        problems.raise_any()
    """

    def __init__(self) -> None:
        self.items: list[Problem] = []

    @classmethod
    def of(cls, problems: Iterable[Problem]) -> Problems:
        """The problems a rule returned (a list of `Problem`), to be refused together: `Problems.of(..).raise_any()`."""
        out = cls()
        out.extend(problems)
        return out

    def __bool__(self) -> bool:
        return bool(self.items)

    def add(self, field: str, rule: str, **params: Any) -> None:
        self.items.append(Problem(field, rule, params))

    def extend(self, problems: Iterable[Problem], prefix: str = "") -> None:
        self.items.extend(Problem(f"{prefix}{p.field}", p.rule, p.params) for p in problems)

    def has(self, field: str) -> bool:
        """A problem is known on this field already (a later rule building on its value is moot)."""
        return any(p.field == field for p in self.items)

    @contextmanager
    def catching(self, prefix: str = "") -> Iterator[None]:
        """The problems an `Invalid` raised within carries are noted and the block is left; other errors pass."""
        try:
            yield
        except Invalid as error:
            self.extend(error.problems, prefix)

    def check(self, rule: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
        """The rule's result, or None with its problems noted when it refuses."""
        try:
            return rule(*args, **kwargs)
        except Invalid as error:
            self.extend(error.problems)
            return None

    async def check_async(self, rule: Callable[..., Awaitable[T]], *args: Any, **kwargs: Any) -> T | None:
        """As `check`, for a rule that asks the database."""
        try:
            return await rule(*args, **kwargs)
        except Invalid as error:
            self.extend(error.problems)
            return None

    def raise_any(self) -> None:
        if self.items:
            raise Invalid.of(self.items)


@dataclass(frozen=True)
class FieldRule:
    """A module rule over some fields of a request body, declared on its schema (`__rules__`), so a body that
    breaks its schema still hears, in the same reply, what the rules find wrong with the fields it got right
    (api/errors.py). `check` gets the valid fields by attribute name and returns its problems or raises `Invalid`;
    it runs only when every field it `needs` is among them (a rule about a broken field is moot).

        __rules__ = (FieldRule(lambda v: rules.price_problems(v["amount"], ...), ("amount", ...)),)
    """

    check: Callable[[Mapping[str, Any]], Iterable[Problem] | None]
    needs: tuple[str, ...] = ()

    def problems(self, values: Mapping[str, Any]) -> list[Problem]:
        if any(values.get(name) is None for name in self.needs):
            return []
        try:
            return list(self.check(values) or ())
        except Invalid as error:
            return list(error.problems)


def text_rule(text: str, max_text: int = MAX_TEXT) -> tuple[str, dict[str, Any]] | None:
    """The rule a string breaks, if any: NUL characters, lone surrogates (not encodable), overlong, controls."""
    if len(text) > max_text:
        return "max_length", {"max_length": max_text}
    if "\x00" in text:
        return "text_nul", {}
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return "text_surrogate", {}
    if CONTROL.search(text):
        return "text_control", {}
    return None


def plain(text: str, max_text: int) -> bool:
    """The usual case, decided by C string methods alone: short printable ASCII text (no NUL, no control)."""
    return len(text) <= max_text and text.isascii() and text.isprintable()


def join(path: str, key: str | int | None) -> str:
    if key is None:
        return path or "body"
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def find_problem(value: Any, *, max_depth: int = MAX_DEPTH, max_text: int = MAX_TEXT,
                 path: str = "") -> Problem | None:
    """The first value, key or nesting in a JSON-like value that breaks a rule; None when all is well.
    Paths are only spelled out for containers and for the value at fault: a request pays for its values."""
    stack: list[tuple[Any, str, str | int | None, int]] = [(value, path, None, 0)]
    while stack:
        item, parent, key, depth = stack.pop()
        if isinstance(item, str):
            if plain(item, max_text):
                continue
            broken = text_rule(item, max_text)
            if broken:
                return Problem(join(parent, key), broken[0], broken[1])
        elif isinstance(item, bool) or item is None or isinstance(item, float):
            continue
        elif isinstance(item, int):
            if not INT64_MIN <= item <= INT64_MAX:
                return Problem(join(parent, key), "int64", {"ge": INT64_MIN, "le": INT64_MAX})
        elif isinstance(item, dict | list | tuple):
            where = join(parent, key) if key is not None else parent
            if depth >= max_depth:
                return Problem(where or "body", "depth", {"max_depth": max_depth})
            entries = list(item.items() if isinstance(item, dict) else enumerate(item))
            for name, _ in entries:
                if isinstance(name, str) and not plain(name, max_text) and text_rule(name, max_text):
                    return Problem(where or "body", "key", {})
            stack.extend((child, where, name, depth + 1) for name, child in reversed(entries))
    return None
