"""The one registry of custom Temporal search attributes.

The embedded dev server (`make run`), the test servers and the production
`temporal operator search-attribute create` commands all read this mapping.
"""

from __future__ import annotations

SEARCH_ATTRIBUTES: dict[str, str] = {
    "TicketId": "Keyword",
    "TicketStatus": "Keyword",
    "Priority": "Keyword",
    "AssigneeId": "Keyword",
    "MerchantId": "Keyword",
    "PlanName": "Keyword",
    "ExpireAt": "Datetime",
    "Project": "Keyword",
    "RequestId": "Keyword",
    "MailTaskId": "Keyword",
    "MailFireTime": "Datetime",
    "RequestState": "Keyword",
    "TaskName": "Keyword",
    "NoticeId": "Keyword",
}


def cli_flags() -> list[str]:
    """`--search-attribute Name=Type` pairs for `temporal server start-dev`."""
    flags: list[str] = []
    for name, kind in SEARCH_ATTRIBUTES.items():
        flags += ["--search-attribute", f"{name}={kind}"]
    return flags
