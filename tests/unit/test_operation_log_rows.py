"""What the operation log keeps of a request (api/audit_log.py): a body deeper than the JSON encoder goes is
described, not lost and not raised."""

from __future__ import annotations

import json
from typing import Any

from api.audit_log import request_text


def test_a_body_the_encoder_cannot_nest_is_described() -> None:
    deep: dict[str, Any] = {}
    inner = deep
    for _ in range(5000):
        inner["a"] = {}
        inner = inner["a"]
    text = request_text({"query": {"q": "1"}, "body": deep}, b"x" * 40, "application/json; charset=utf-8")
    assert text is not None and json.loads(text) == {"query": {"q": "1"}, "body": "<application/json, 40 bytes>"}


def test_a_plain_body_is_kept_and_nothing_asked_is_none() -> None:
    assert json.loads(request_text({"body": {"sku": "A"}}, b"", "application/json") or "") == {"body": {"sku": "A"}}
    assert request_text({}, b"", "application/json") is None
