"""How a workflow refuses: a business refusal travels as a non-retryable `ApplicationError` whose type is the
message code and whose details are the message parameters; the API turns it back into a translated reply."""

from __future__ import annotations

from temporalio.exceptions import ApplicationError

from domain.errors import DomainError


def refusal(exc: DomainError) -> ApplicationError:
    """A business refusal as Temporal carries it: the code as type, the message parameters as details."""
    params = {k: str(v) for k, v in exc.params.items()} | ({"field": exc.field} if exc.field else {})
    return ApplicationError(exc.code, params, type=exc.code, non_retryable=True)
