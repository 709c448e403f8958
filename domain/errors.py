"""Business refusals: a stable code, an HTTP status and the parameters of a translated message."""

from __future__ import annotations

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


class Invalid(DomainError):
    """A rule broken by one field; `field` names it and `rule` is the message key."""

    status, code = 422, "VALIDATION_FAILED"

    def __init__(self, field: str, rule: str, **params: Any) -> None:
        super().__init__(field=field, rule=rule, **params)


class Unauthorized(DomainError):
    status, code = 401, "UNAUTHORIZED"


class Forbidden(DomainError):
    status, code = 403, "NO_PERMISSION"


class TooMany(DomainError):
    status, code = 429, "TOO_MANY_REQUESTS"
