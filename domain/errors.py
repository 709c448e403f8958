"""Business refusals: a stable code, an HTTP status and the parameters of a translated message."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


class DomainError(Exception):
    """Raised anywhere below the API; one handler turns it into a translated envelope."""

    status: int = 400
    code: str = "BAD_REQUEST"

    def __init__(self, code: str | None = None, *, status: int | None = None, field: str | None = None,
                 data: Any = None, **params: Any) -> None:
        self.code = code or self.code
        self.status = status or self.status
        self.field = field
        self.data = data
        self.params = params
        super().__init__(self.code)


class NotFound(DomainError):
    status, code = 404, "NOT_FOUND"


class Conflict(DomainError):
    status, code = 409, "CONFLICT"


@dataclass(frozen=True)
class Problem:
    """One refused value: where it is (`items[0].name`), the rule it breaks and the rule's parameters."""

    field: str
    rule: str
    params: dict[str, Any] = dataclasses.field(default_factory=dict)


class Invalid(DomainError):
    """Rules broken by fields: `field` names the first and `rule` is its message key; `problems` lists every
    broken field of the request (one reply names them all, domain/rules/inputs.Problems collects them)."""

    status, code = 422, "VALIDATION_FAILED"

    def __init__(self, field: str, rule: str, **params: Any) -> None:
        super().__init__(field=field, rule=rule, **params)
        self.problems: list[Problem] = [Problem(field, rule, params)]

    @classmethod
    def of(cls, problems: Iterable[Problem]) -> Invalid:
        """One refusal carrying every problem (at least one), each once: two checks may find the same one."""
        listed = list({(p.field, p.rule, repr(sorted(p.params.items()))): p for p in problems}.values())
        first = listed[0]
        error = cls(first.field, first.rule, **first.params)
        error.problems = listed
        return error


class Unauthorized(DomainError):
    status, code = 401, "UNAUTHORIZED"


class Forbidden(DomainError):
    status, code = 403, "NO_PERMISSION"


class TooMany(DomainError):
    status, code = 429, "TOO_MANY_REQUESTS"
