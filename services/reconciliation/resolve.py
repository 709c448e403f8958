"""Marking a difference of a reconciliation run resolved, with a note (the API audits it)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from domain.errors import DomainError
from domain.models.reconciliation import ReconciliationItem
from domain.rules.reconciliation import check_resolvable


def resolve(item: ReconciliationItem, note: str, by: str) -> dict[str, Any]:
    """Resolved now by `by`; the values before, for the audit trail's diff."""
    check_resolvable(item.kind)
    if item.resolved_at is not None:
        raise DomainError("RECONCILIATION_ALREADY_RESOLVED", status=409, field="id")
    before = {"resolvedAt": None, "resolutionNote": None}
    item.resolved_at, item.resolved_by, item.resolution_note = datetime.now(UTC), by[:64], note
    return before


def reopen(item: ReconciliationItem) -> dict[str, Any]:
    """A resolved difference open again (a wrong resolution); the values before."""
    if item.resolved_at is None:
        raise DomainError("RECONCILIATION_NOT_RESOLVED", status=409, field="id")
    before = {"resolvedAt": item.resolved_at.isoformat(), "resolutionNote": item.resolution_note}
    item.resolved_at = item.resolved_by = item.resolution_note = None
    return before
