"""Per-request (or per-activity) context carried through logs and the audit trail."""

from __future__ import annotations

from contextvars import ContextVar

transaction_id: ContextVar[str] = ContextVar("transaction_id", default="-")
