"""The demo marketplace's one pager (launcher/marketplace.py): orders, settlements and products are each served
in [from, to) of one timestamp, ordered by (timestamp, key), a page after an opaque token that names the last
row served; `nextPageToken` is None on the last page."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

Row = dict[str, Any]


def iso(at: datetime) -> str:
    return at.astimezone(UTC).isoformat().replace("+00:00", "Z")


def token(at: datetime, key: str) -> str:
    return base64.urlsafe_b64encode(json.dumps([iso(at), key]).encode()).decode()


def untoken(value: str) -> tuple[datetime, str]:
    at, key = json.loads(base64.urlsafe_b64decode(value.encode()))
    return datetime.fromisoformat(at), str(key)


def page(rows: Iterable[Row], stamp: str, key: str, since: datetime, until: datetime, after: str | None,
         size: int, served: Callable[[Row], Row] = lambda row: row) -> tuple[list[Row], str | None]:
    """The rows whose `stamp` is in [since, until) after the token `after`, at most `size`, each as `served`
    shows it, and the next page's token (None on the last page). A bad token raises ValueError."""
    last = untoken(after) if after else None
    ordered = sorted(((datetime.fromisoformat(row[stamp]), str(row[key]), row) for row in rows),
                     key=lambda r: (r[0], r[1]))
    found = [r for r in ordered if since <= r[0] < until and (last is None or (r[0], r[1]) > last)]
    chosen = found[:size]
    more = len(found) > size
    return [served(row) for _, _, row in chosen], (token(chosen[-1][0], chosen[-1][1]) if more else None)
