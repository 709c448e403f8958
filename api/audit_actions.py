"""The built-in name of a resource-kit call in the operation log ("Add warehouse", "Export notices"): the kit's
verb and the resource's entity label, in the reader's language. A staff mapping (action_mappings) still comes
first; the console's hand-written calls are named by the built-in mappings (domain/seed/action_mappings.py)."""

from __future__ import annotations

import re
from functools import cache

from fastapi.routing import APIRoute

from api.errors import LABELS
from domain.enums import SourceSystem
from domain.i18n import current_language, t
from domain.rules.audit import url_pattern_matches

KIT_VERB = re.compile(r"/(add|modify|delete|export|import|import-template)(/\{[^/}]+\})?$")
APPLICATION = SourceSystem.GENIE_CMS.value


@cache
def kit_calls() -> tuple[tuple[str, str, str], ...]:
    """(URL pattern, verb, resource name) of every mutating kit route, read once from the route table."""
    from api.main import BASE, flat  # the route table holds this module's importers
    from api.routers import ROUTERS

    found = []
    for route in flat(ROUTERS).routes:
        if not isinstance(route, APIRoute):
            continue
        resource = getattr(route.endpoint, LABELS, None)
        verb = KIT_VERB.search(route.path) if resource else None
        if verb:
            found.append((f"{BASE}{route.path}", verb.group(1), str(resource)))
    return tuple(found)


def kit_action(application: str, url: str) -> str | None:
    """The translated name of a kit call to `url`, or None when the URL is no kit call of the console."""
    if application != APPLICATION:
        return None
    for pattern, verb, resource in kit_calls():
        if url_pattern_matches(pattern, url):
            return t(f"audit.kit.{verb}", entity=entity_label(resource))
    return None


def entity_label(resource: str) -> str:
    """The entity's label as it reads inside a sentence: English lower-cases a plain first word ("warehouse"),
    a name ("WhatsApp group") keeps its capitals."""
    label = t(f"entities.{resource}")
    word = label.split(" ", 1)[0]
    if current_language.get() == "en" and len(word) > 1 and word[0].isupper() and word[1:].islower():
        return label[0].lower() + label[1:]
    return label
