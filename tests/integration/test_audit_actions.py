"""Every audited call of the console reads as a named action in the operation log (SPEC §3 audit log): the
console's hand-written calls by their built-in mappings, the resource kit's by its verb and the entity's label."""

from __future__ import annotations

import re

from fastapi.routing import APIRoute

from api.audit_log import MUTATING
from api.main import BASE, flat
from api.routers import ROUTERS
from api.routers.audit import ActionNames
from domain.enums import SourceSystem
from domain.i18n import current_language
from domain.models.audit import ActionMapping, OperationLog
from domain.seed.action_mappings import CONSOLE

APP = SourceSystem.GENIE_CMS.value


def audited_calls() -> list[tuple[str, str]]:
    """(method, URL with its parameters filled) of every route the operation log records (api/audit_log.audited)."""
    calls = []
    for route in flat(ROUTERS).routes:
        if not isinstance(route, APIRoute):
            continue
        extra = route.openapi_extra or {}
        for method in sorted(route.methods or ()):
            mutating = method in MUTATING and not route.path.endswith("/search")
            logged = extra.get("x-audit", mutating)
            if logged:
                calls.append((method, BASE + re.sub(r"\{[^}]+\}", "7", route.path)))
    return calls


def test_every_audited_call_has_a_named_action_in_three_languages() -> None:
    names = ActionNames([ActionMapping(action_name=name, application_type=APP, url=url, code=code)
                         for url, code, name in CONSOLE])
    calls = audited_calls()
    assert len(calls) > 150
    for language in ("en", "zh-CN", "id"):
        token = current_language.set(language)
        try:
            unnamed = [f"{method} {url}" for method, url in calls
                       if not names.name(OperationLog(application=APP, url=url, code="SUCCESS"))]
        finally:
            current_language.reset(token)
        assert unnamed == [], f"{language}: calls without an action name"


def test_subscription_calls_and_kit_calls_read_as_actions() -> None:
    names = ActionNames([ActionMapping(action_name=name, application_type=APP, url=url, code=code)
                         for url, code, name in CONSOLE])
    row = OperationLog(application=APP, url="/cms/subscription/41/approve", code="SUCCESS")
    assert names.name(row) == "Approve subscription request"
    token = current_language.set("zh-CN")
    try:
        assert names.name(row) == "批准订阅申请"
        assert names.name(OperationLog(application=APP, url="/cms/warehouse/add", code="SUCCESS")) == "新增仓库"
    finally:
        current_language.reset(token)
    assert names.name(OperationLog(application=APP, url="/cms/warehouse-area/delete/3", code="")) == \
        "Delete product area"
    assert names.name(OperationLog(application=APP, url="/cms/whatsapp-group/delete/2", code="")) == \
        "Delete WhatsApp group"
