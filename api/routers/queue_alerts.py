"""Queue alerts (SPEC §2 /system/task/alter-mq): rules on the resource kit, and the alerts the `queue-alerts`
Schedule opens and closes (services/queue_alerts.py). The API never polls Temporal for them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.resource import Actions, Resource
from api.resource.scope import unscoped
from api.schemas.queue_alerts import (
    QueueAlertFilters,
    QueueAlertPublic,
    QueueAlertRuleCreate,
    QueueAlertRuleFilters,
    QueueAlertRulePublic,
    QueueAlertRuleUpdate,
)
from api.user_center import ensure_person_put
from domain.errors import Invalid
from domain.models.queue_alerts import QueueAlert, QueueAlertMail, QueueAlertRule
from domain.models.users import real_name_of

MENU = "alter-mq"
OPERATIONS = unscoped("the console's own task queues: no country, team or owner")


async def check_rule(db: AsyncSession, row: Any, user: Principal) -> None:
    """A rule has at least one threshold (backlog count or age); the person in charge is one the caller's data
    authority reaches."""
    if row.max_backlog is None and row.max_age_seconds is None:
        raise Invalid("maxBacklog", "threshold_required")
    await ensure_person_put(db, user, row, "owner_id", "ownerId")


def with_owner() -> dict[str, Any]:
    return {"owner_name": real_name_of(QueueAlertRule.owner_id)}


rules = Resource(
    name="QueueAlertRule", model=QueueAlertRule, public=QueueAlertRulePublic, create=QueueAlertRuleCreate,
    update=QueueAlertRuleUpdate, filters=QueueAlertRuleFilters, permission=MENU,
    actions=Actions(add="mq-alert#add", edit="mq-alert#edit", delete="mq-alert#delete"),
    scope=OPERATIONS, prepare=check_rule, computed=with_owner,
)


def with_mails() -> dict[str, Any]:
    """An alert's mails in the order they were written: recipient, kind, when sent, or why skipped (none: an
    empty list, not null)."""
    mail = func.jsonb_build_object("recipient", QueueAlertMail.recipient, "kind", QueueAlertMail.kind,
                                   "sentAt", QueueAlertMail.sent_at, "skipped", QueueAlertMail.skipped)
    return {"mails": select(func.coalesce(
        func.jsonb_agg(aggregate_order_by(mail, QueueAlertMail.id)), func.jsonb_build_array())).where(
        QueueAlertMail.alert_id == QueueAlert.id).scalar_subquery()}


alerts = Resource(
    name="QueueAlert", model=QueueAlert, public=QueueAlertPublic, create=QueueAlertPublic, update=QueueAlertPublic,
    filters=QueueAlertFilters, permission=MENU, actions=Actions(), scope=OPERATIONS, default_sort="-opened_at",
    computed=with_mails,
)
rule_router = rules.router(prefix="/queue-alert/rule", tags=["queue_alerts"])
alert_router = alerts.router(prefix="/queue-alert/alert", tags=["queue_alert_history"])
