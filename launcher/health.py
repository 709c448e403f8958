"""Reading /cms/health replies: which part is down, so the message can point at its log."""

from __future__ import annotations

import json
from typing import Any

_BAD = {"down", "error", "fail", "failed", "failing", "unhealthy", "unavailable", "timeout"}
_STATUS_KEYS = ("status", "ok", "up")

# Names a health reply may use for a part -> the launcher's name for that part.
ALIASES = {
    "db": "postgres",
    "database": "postgres",
    "postgresql": "postgres",
    "workers": "worker",
    "mail": "smtp",
}


def failing_parts(body: str) -> dict[str, str]:
    """Parts of a JSON health reply that read as down, with their detail text if any.

    Understands {"components": {"worker": {"status": "DOWN", "detail": "..."}}} as well as
    flatter shapes such as {"temporal": "down"} or {"postgres": false}.
    """
    try:
        data = json.loads(body)
    except ValueError:
        return {}
    found: dict[str, str] = {}
    _walk(data, found)
    return found


def _walk(node: Any, found: dict[str, str]) -> None:
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        if key in _STATUS_KEYS:
            continue  # describes the parent, which the caller already judged
        before = len(found)
        _walk(value, found)
        # A wrapper ("data", "components") that is down because of a named part below
        # is not itself the culprit.
        if len(found) == before and _is_bad(value):
            name = ALIASES.get(key.lower(), key.lower())
            found[name] = str(value.get("detail", "")) if isinstance(value, dict) else ""


def _is_bad(value: Any) -> bool:
    if value is False:
        return True
    if isinstance(value, str):
        return value.strip().lower() in _BAD
    if isinstance(value, dict):
        status = next((value[k] for k in _STATUS_KEYS if k in value), None)
        return status is False or (isinstance(status, str) and status.strip().lower() in _BAD)
    return False
