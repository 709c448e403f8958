"""The one registry of custom Temporal search attributes.

The embedded dev server (`make run`), the test servers and the production
`temporal operator search-attribute create` commands all read this mapping.
"""

from __future__ import annotations

# How many custom attributes of each type a namespace may have on SQL visibility (the dev server's SQLite and a
# PostgreSQL or MySQL cluster): they map onto pre-made columns. Beyond them the server refuses to start the
# namespace. Numeric ids are Int so the Keyword columns last.
LIMITS = {"Keyword": 10, "Int": 3, "Datetime": 3, "Double": 3, "Bool": 3, "Text": 3, "KeywordList": 3}

SEARCH_ATTRIBUTES: dict[str, str] = {
    "TicketId": "Keyword",
    "TicketStatus": "Keyword",
    "Priority": "Keyword",
    "AssigneeId": "Keyword",
    "MerchantId": "Int",
    "PlanName": "Keyword",
    "ExpireAt": "Datetime",
    "Project": "Keyword",
    "RequestId": "Int",
    "MailTaskId": "Keyword",
    "MailFireTime": "Datetime",
    "RequestState": "Keyword",
    "TaskName": "Keyword",
    "NoticeId": "Int",
    # One value in a KeywordList (the Keyword columns are all taken): `Environment = 'PRODUCTION'` still finds it.
    "Environment": "KeywordList",
    "DeployStatus": "Keyword",
    # An export task's requester (username) and list (resource name): `Requester = 'alice'` (docs/exports.md).
    "Requester": "KeywordList",
    # A shop's order sync runs (`ShopId = '42'`): the Int and Keyword columns are all taken.
    "ShopId": "KeywordList",
}


def cli_flags() -> list[str]:
    """`--search-attribute Name=Type` pairs for `temporal server start-dev`."""
    flags: list[str] = []
    for name, kind in SEARCH_ATTRIBUTES.items():
        flags += ["--search-attribute", f"{name}={kind}"]
    return flags
