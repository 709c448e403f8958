"""Audit rules: the 92-day search range, secret masking, body truncation, where a caller is."""

from __future__ import annotations

import ipaddress
import json
import re
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

MAX_RANGE = timedelta(days=92)
MASK = "******"
MAX_BODY_CHARS = 4000
LOCAL_NETWORK = "LOCAL_NETWORK"
INTERNET = "INTERNET"

# Compared without case, underscores or dashes, so secret_key, secretKey and Secret-Key all match.
SECRET_KEYS = {
    "password", "oldpassword", "newpassword", "repeatpassword", "confirmpassword", "passwordhash", "token",
    "accesstoken", "refreshtoken", "authorization", "secret", "secretkey", "clientsecret", "apikey",
    "privatekey", "signature", "cookie",
}


def range_problem(start: datetime, end: datetime) -> str | None:
    """SPEC §5: audit date ranges cannot exceed 92 days. None when the range is fine."""
    if end < start:
        return "range_order"
    if end - start > MAX_RANGE:
        return "range_92_days"
    return None


@lru_cache(maxsize=4096)  # asked of every key of every logged body; the keys are few
def is_secret(key: str) -> bool:
    return re.sub(r"[_\-\s]", "", key).lower() in SECRET_KEYS


def mask(value: Any) -> Any:
    """The same structure with every secret's value replaced by a mask, at any depth."""
    if isinstance(value, dict):
        return {k: (MASK if isinstance(k, str) and is_secret(k) and v not in (None, "") else mask(v))
                for k, v in value.items()}
    if isinstance(value, list):
        return [mask(v) for v in value]
    return value


def truncate(text: str, limit: int = MAX_BODY_CHARS) -> str:
    """At most `limit` characters, and storable: a lone surrogate a refused call sent is kept escaped."""
    text = text if len(text) <= limit else text[:limit] + f"... ({len(text) - limit} more characters)"
    return text if text.isascii() else text.encode("utf-8", "backslashreplace").decode("utf-8")


def describe_body(raw: bytes, content_type: str) -> str | None:
    """What the log keeps of a request or reply body: masked JSON, or a note of its type and size."""
    if not raw:
        return None
    kind = content_type.split(";")[0].strip() or "binary"
    if "json" in kind:
        try:
            return truncate(json.dumps(mask(json.loads(raw)), ensure_ascii=False, default=str))
        except (ValueError, RecursionError):  # cut short, malformed or too deep: its secrets cannot be found
            return f"<{kind}, {len(raw)} bytes>"
    if kind.startswith("text/"):
        return truncate(raw.decode("utf-8", "replace"))
    return f"<{kind}, {len(raw)} bytes>"


@lru_cache(maxsize=4096)
def location_of(ip: str | None) -> str | None:
    """LOCAL_NETWORK for private and loopback addresses; INTERNET otherwise (no external geo service)."""
    if not ip:
        return None
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return None
    return LOCAL_NETWORK if address.is_private or address.is_loopback or address.is_link_local else INTERNET


def url_pattern_matches(pattern: str, url: str) -> bool:
    """An action mapping's URL: `*` matches any run of characters, `{name}` one path segment."""
    regex = re.escape(pattern).replace(r"\*", ".*")
    regex = re.sub(r"\\\{[^/]*?\\\}", "[^/]+", regex)
    return re.fullmatch(regex, url) is not None
