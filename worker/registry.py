"""The one place a module adds its workflows, activities and schedules to.

Each entry of `queues` names a task queue; the worker runs one `Worker` per queue in one process. Each entry of
`schedules` puts a module's Temporal Schedules as this release defines them; the worker applies them at its start.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from temporalio.client import Client

from activities import deployments as deploy_activities
from activities import exports as export_activities
from activities import goods_sync as goods_sync_activities
from activities import jobs as job_activities
from activities import mail as mail_activities
from activities import notices as notice_activities
from activities import order_stats as order_stats_activities
from activities import order_sync as order_sync_activities
from activities import plans as plan_activities
from activities import queue_alerts
from activities import reconciliation as reconciliation_activities
from activities import shelf_merges as shelf_merge_activities
from activities import stock as stock_activities
from activities import stock_sync as stock_sync_activities
from activities import subscriptions as subscription_activities
from activities import system as system_activities
from activities import tickets as ticket_activities
from activities.stock import ensure_stock_reconcile_schedule
from domain.settings import get_settings
from services.jobs.schedules import ensure_job_schedules
from services.mail.schedules import ensure_mail_schedules
from services.order_sync_schedules import start_shop_sync_schedules
from services.queue_alerts import ensure_queue_alert_schedule
from workflows.deployments import DeployQueueWorkflow, DeployReviewWorkflow, DeployRunWorkflow
from workflows.exports import ExportTaskWorkflow
from workflows.goods_sync import ProductSyncWorkflow
from workflows.jobs import JobIncidentWorkflow, JobRunWorkflow
from workflows.mail import MailFireWorkflow
from workflows.notices import NoticeReconcileWorkflow, NoticeReleaseWorkflow
from workflows.order_stats import OrderStatsBackfillWorkflow
from workflows.order_sync import OrderSyncWorkflow
from workflows.plans import PlanWorkflow
from workflows.queue_alerts import QueueAlertCheckWorkflow
from workflows.reconciliation import ReconciliationWorkflow
from workflows.shelf_merges import ShelfMergeWorkflow
from workflows.stock import StockReconcileWorkflow
from workflows.stock_sync import StockSyncWorkflow
from workflows.subscriptions import SubscriptionRequestWorkflow
from workflows.system import EchoWorkflow
from workflows.ticket_reconcile import TicketReconcileWorkflow
from workflows.tickets import TicketWorkflow


@dataclass(frozen=True)
class QueueSpec:
    task_queue: str
    workflows: Sequence[type] = field(default_factory=list)
    activities: Sequence[Callable[..., Any]] = field(default_factory=list)


def queues() -> list[QueueSpec]:
    main = get_settings().task_queue
    return [
        QueueSpec(main, workflows=[EchoWorkflow, TicketWorkflow, TicketReconcileWorkflow, PlanWorkflow,
                                   MailFireWorkflow, SubscriptionRequestWorkflow, NoticeReleaseWorkflow,
                                   NoticeReconcileWorkflow, JobRunWorkflow, JobIncidentWorkflow,
                                   QueueAlertCheckWorkflow, StockSyncWorkflow, StockReconcileWorkflow,
                                   ShelfMergeWorkflow, ExportTaskWorkflow, OrderSyncWorkflow,
                                   OrderStatsBackfillWorkflow, ReconciliationWorkflow, ProductSyncWorkflow],
                  activities=[system_activities.echo, ticket_activities.persist_ticket_change,
                              ticket_activities.notify_ticket, ticket_activities.reconcile_ticket_flows,
                              plan_activities.remind_plan, plan_activities.expire_plan, plan_activities.read_plan,
                              plan_activities.revive_plan_accounts, plan_activities.renew_plan,
                              mail_activities.prepare_mail_fire, mail_activities.send_mail_batch,
                              subscription_activities.record_request, subscription_activities.apply_subscription,
                              notice_activities.mark_release, notice_activities.reconcile_notice_flows,
                              job_activities.begin_job_run, job_activities.run_job, job_activities.finish_job_run,
                              job_activities.send_job_alarm, queue_alerts.check_queue_alerts,
                              stock_sync_activities.push_stock_batch, stock_sync_activities.finish_stock_sync,
                              stock_activities.reconcile_stock,
                              shelf_merge_activities.plan_shelf_merge, shelf_merge_activities.move_shelf_merge_batch,
                              shelf_merge_activities.finish_shelf_merge,
                              export_activities.finish_export, export_activities.expire_export,
                              order_sync_activities.begin_order_sync, order_sync_activities.sync_order_page,
                              order_sync_activities.retry_failed_orders, order_sync_activities.finish_order_sync,
                              order_stats_activities.roll_order_stats_batch,
                              order_stats_activities.finish_order_stats_backfill,
                              reconciliation_activities.plan_reconciliation,
                              reconciliation_activities.fetch_settlement_page,
                              reconciliation_activities.compare_reconciliation,
                              reconciliation_activities.finish_reconciliation,
                              goods_sync_activities.begin_product_sync, goods_sync_activities.sync_product_page,
                              goods_sync_activities.finish_product_sync]),
        # Deploys have their own queue: hours-long activities never take the slots ticket flows need.
        QueueSpec(get_settings().deploy_task_queue,
                  workflows=[DeployQueueWorkflow, DeployRunWorkflow, DeployReviewWorkflow],
                  activities=[deploy_activities.begin_deploy_run, deploy_activities.execute_deploy_run,
                              deploy_activities.finish_deploy_run, deploy_activities.expire_deploy_task]),
    ]


# What puts one module's Schedules (creates them, or brings them to this release's definition).
EnsureSchedules = Callable[[Client], Awaitable[Any]]


def schedules() -> list[EnsureSchedules]:
    """Every module's Schedules, in the order the worker puts them at its start: the scheduled tasks' (one a
    task row, and the retired ones dropped), the timed mails', the queue alert check's, the stock reconciliation's,
    each syncable shop's order and product sync."""
    return [ensure_job_schedules, ensure_mail_schedules, ensure_queue_alert_schedule, ensure_stock_reconcile_schedule,
            start_shop_sync_schedules]
