"""Enumerations shared by the API, the workflows and the web (served at /cms/common/enums), one module a family.

Labels are translated in domain/locales under `enums.<Enum>.<VALUE>`. Everything is re-exported here, so
`from domain.enums import X` works whichever family X lives in.
"""

from __future__ import annotations

from enum import StrEnum
from types import ModuleType

from domain.enums import (
    access,
    common,
    content,
    deploy,
    erp_settings,
    exports,
    goods,
    mail,
    merchants,
    ops,
    order_sync,
    orders,
    stock,
    stock_orders,
    stock_sync,
    subscriptions,
    tickets,
    warehouses,
)
from domain.enums.access import AccountKeyType, DataScopeType, RoleType, Team
from domain.enums.common import (
    Channel,
    Country,
    CourierStatus,
    Currency,
    MenuType,
    ShippingMethod,
    SourceSystem,
    Status,
)
from domain.enums.content import ContentLanguage, ContentState, InternalFaqState, NoticeKind, ReleaseStatus, TipPage
from domain.enums.deploy import (
    DeployDecision,
    DeployEnvironment,
    DeployRunKind,
    DeployRunner,
    DeployRunStatus,
    DeployTaskStatus,
)
from domain.enums.erp_settings import (
    ErpTemplateKind,
    HandoverMode,
    LabelSize,
    MasterProductMode,
    OrderSplitRule,
    PushRuleMode,
    SkuRule,
    StockReserveOn,
    TemplateField,
)
from domain.enums.exports import ExportState
from domain.enums.goods import GoodsChange, GoodsEntity, ListingAction, ListingState, MappingStatus
from domain.enums.mail import MailKind, MailRepeat, MailReport, MailSendStatus, MailTaskStatus
from domain.enums.merchants import (
    AccountStatus,
    AccountSystem,
    AccountType,
    AccountUserType,
    ContactStatus,
    IntegrationFilter,
    MerchantType,
    PlanFilter,
    SalesTeam,
    ShopConnectionStatus,
)
from domain.enums.ops import (
    AppKind,
    HeartbeatStatus,
    JobAlarm,
    JobKey,
    JobMisfire,
    JobPauseReason,
    JobRecordResult,
    JobResult,
    JobStatus,
    JobTrigger,
    QueueAlertStatus,
    QueueKind,
)
from domain.enums.order_sync import OrderSyncKind, OrderSyncStatus
from domain.enums.orders import (
    GmtOffset,
    OrderAction,
    OrderEventKind,
    OrderExceptionCause,
    OrderStatsBackfillState,
    OrderStatsGroup,
    OrderStatus,
    OrderTab,
)
from domain.enums.stock import StockBucket, StockMovementType, StockReconcileStatus
from domain.enums.stock_orders import (
    OutboundWorkingStatus,
    PrintStatus,
    StockOrderAction,
    StockOrderDirection,
    StockOrderType,
    WarehouseDocumentStatus,
    WarehousePushStatus,
    WmsOrderStatus,
)
from domain.enums.stock_sync import StockEventKind, StockExceptionCause, StockSyncStatus
from domain.enums.subscriptions import (
    PERIOD_MONTHS,
    AddonMode,
    AddonType,
    MerchantPackageState,
    NotRenewReason,
    PackageKind,
    PackageScene,
    PackageType,
    PaymentPeriod,
    PaymentStatus,
    PlanName,
    SubscriptionKind,
    SubscriptionMethod,
    SubscriptionRecordStatus,
    SubscriptionRequestState,
    SubscriptionState,
)
from domain.enums.tickets import (
    AttachmentKind,
    CalendarDayKind,
    DatePreset,
    TicketAction,
    TicketEvent,
    TicketIssueLevel,
    TicketIssueType,
    TicketLevel,
    TicketScope,
    TicketStatus,
)
from domain.enums.warehouses import (
    FulfillmentLogistics,
    FulfillmentProvider,
    ProductCategory,
    ShelfMergeItemState,
    ShelfMergeState,
    WarehouseType,
    WarehouseUsageMode,
)

FAMILIES: tuple[ModuleType, ...] = (
    common, access, tickets, content, merchants, subscriptions, mail, deploy, ops, warehouses, stock, stock_orders,
    stock_sync, erp_settings, goods, exports, orders, order_sync,
)

# Every enumeration the web may ask for, by name: each StrEnum of a family module, so a new one is served at once.
ALL: dict[str, type[StrEnum]] = {
    e.__name__: e for family in FAMILIES for e in vars(family).values()
    if isinstance(e, type) and issubclass(e, StrEnum) and e.__module__ == family.__name__
}

__all__ = [
    "ALL", "FAMILIES", "PERIOD_MONTHS", "AccountKeyType", "AccountStatus", "AccountSystem", "AccountType",
    "AccountUserType", "AddonMode", "AddonType", "AppKind", "AttachmentKind", "CalendarDayKind", "Channel",
    "ContactStatus", "ContentLanguage", "ContentState", "Country", "CourierStatus", "Currency", "DataScopeType",
    "DatePreset", "DeployDecision", "DeployEnvironment", "DeployRunKind", "DeployRunStatus", "DeployRunner",
    "DeployTaskStatus", "ErpTemplateKind", "ExportState", "FulfillmentLogistics", "FulfillmentProvider", "GmtOffset",
    "GoodsChange", "GoodsEntity", "HandoverMode", "HeartbeatStatus", "IntegrationFilter", "InternalFaqState",
    "JobAlarm", "JobKey", "JobMisfire", "JobPauseReason", "JobRecordResult", "JobResult", "JobStatus", "JobTrigger",
    "LabelSize", "ListingAction", "ListingState", "MailKind", "MailRepeat", "MailReport", "MailSendStatus",
    "MailTaskStatus", "MappingStatus", "MasterProductMode", "MenuType", "MerchantPackageState", "MerchantType",
    "NotRenewReason", "NoticeKind", "OrderAction", "OrderEventKind", "OrderExceptionCause", "OrderSplitRule",
    "OrderStatsBackfillState", "OrderStatsGroup", "OrderStatus", "OrderSyncKind", "OrderSyncStatus", "OrderTab",
    "OutboundWorkingStatus", "PackageKind", "PackageScene",
    "PackageType", "PaymentPeriod", "PaymentStatus", "PlanFilter", "PlanName", "PrintStatus", "ProductCategory",
    "PushRuleMode", "QueueAlertStatus", "QueueKind", "ReleaseStatus", "RoleType", "SalesTeam", "ShelfMergeItemState",
    "ShelfMergeState", "ShippingMethod", "ShopConnectionStatus", "SkuRule", "SourceSystem", "Status", "StockBucket",
    "StockEventKind", "StockExceptionCause", "StockMovementType", "StockOrderAction", "StockOrderDirection",
    "StockOrderType", "StockReconcileStatus", "StockReserveOn", "StockSyncStatus", "SubscriptionKind",
    "SubscriptionMethod", "SubscriptionRecordStatus", "SubscriptionRequestState", "SubscriptionState", "Team",
    "TemplateField", "TicketAction", "TicketEvent", "TicketIssueLevel", "TicketIssueType", "TicketLevel", "TicketScope",
    "TicketStatus", "TipPage", "WarehouseDocumentStatus", "WarehousePushStatus", "WarehouseType", "WarehouseUsageMode",
    "WmsOrderStatus",
]
