"""Enumerations shared by the API, the workflows and the web (served at /cms/common/enums).

Labels are translated in domain/locales under `enums.<Enum>.<VALUE>`.
"""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    ENABLED = "ENABLED"
    DISABLED = "DISABLED"


class MenuType(StrEnum):
    DIRECTORY = "DIRECTORY"
    MENU = "MENU"
    BUTTON = "BUTTON"


class Country(StrEnum):
    ID = "ID"
    PH = "PH"
    CN = "CN"
    MY = "MY"
    TH = "TH"
    VN = "VN"
    SG = "SG"
    TW = "TW"
    US = "US"


class Channel(StrEnum):
    SHOPEE_ID = "SHOPEE_ID"
    TOKOPEDIA_ID = "TOKOPEDIA_ID"
    BUKALAPAK_ID = "BUKALAPAK_ID"
    LAZADA_ID = "LAZADA_ID"
    LAZADA_CHOICE = "LAZADA_CHOICE"
    BLIBLI_ID = "BLIBLI_ID"
    SHOPIFY_ID = "SHOPIFY_ID"
    JD_ID = "JD_ID"
    JD_V2 = "JD_V2"
    TIKTOK_ID = "TIKTOK_ID"
    ZALORA_ID = "ZALORA_ID"
    AKULAKU_ID = "AKULAKU_ID"
    WOO_COMMERCE_ID = "WOO_COMMERCE_ID"
    TIKI_ID = "TIKI_ID"
    MOKA_POS = "MOKA_POS"
    LINE_SHOPPING_TH = "LINE_SHOPPING_TH"
    GINEE_POS = "GINEE_POS"
    MAGENTO = "MAGENTO"
    MANUAL = "MANUAL"
    ALIBABA_CN = "ALIBABA_CN"
    ALIBABA_INTL_CN = "ALIBABA_INTL_CN"


class ShippingMethod(StrEnum):
    PICK_UP = "PICK_UP"
    DROP_OFF = "DROP_OFF"
    MANUAL_SHIP = "MANUAL_SHIP"


class CourierStatus(StrEnum):
    LIVE = "LIVE"
    DISABLED = "DISABLED"


class RoleType(StrEnum):
    SYSTEM = "SYSTEM"
    BUSINESS = "BUSINESS"
    CUSTOM = "CUSTOM"


class Team(StrEnum):
    """SPEC §6: team identifiers used by data authority."""

    SYS_ERP = "sys-erp"
    SYS_WMS = "sys-wms"
    TOOLS_SCRAPER = "tools-scraper"
    PRE_SALES = "pre-sales"
    PRE_SALES_LEADER = "pre-sales-leader"
    IN_SALES = "in-sales"
    IN_SALES_LEADER = "in-sales-leader"
    AFTER_SALES = "after-sales"


class DataScopeType(StrEnum):
    """Data authority: which rows of a list a user sees (SPEC §6)."""

    ALL = "ALL"
    COUNTRY = "COUNTRY"
    TEAM = "TEAM"
    DEPARTMENT = "DEPARTMENT"
    OWN = "OWN"


class SourceSystem(StrEnum):
    """SPEC §3: the systems a call or an event comes from; the audit log's application."""

    SYS_ERP = "SYS_ERP"
    SYS_WMS = "SYS_WMS"
    SYS_CHAT = "SYS_CHAT"
    SYS_TRACK = "SYS_TRACK"
    SYS_POS = "SYS_POS"
    GENIE_IAM = "GENIE_IAM"
    GENIE_CRM = "GENIE_CRM"
    TOOLS_DATA = "TOOLS_DATA"
    TOOLS_SCRAPER = "TOOLS_SCRAPER"
    AINEE_MERCHANT = "AINEE_MERCHANT"
    AINEE_MEMBER = "AINEE_MEMBER"
    AINEE_STORE = "AINEE_STORE"
    AINEE_OFFICIAL_SITE = "AINEE_OFFICIAL_SITE"
    MKT_ADS = "MKT_ADS"
    GENIE_SAAS_OFFICIAL_SITE = "GENIE_SAAS_OFFICIAL_SITE"
    GENIE_CMS = "GENIE_CMS"
    OTHERS = "OTHERS"


class AccountKeyType(StrEnum):
    """The account state the `common/redis/account/*` calls look at or clear."""

    LOGIN_LOCK = "LOGIN_LOCK"
    SESSION = "SESSION"


class TicketStatus(StrEnum):
    """SPEC §4: new, pending for operation, processing, resolved (technical side done), confirming (customer
    service must confirm), closed (shut by customer service), pending, won't fix."""

    NEW = "NEW"
    PENDING_FOR_OPERATION = "PENDING_FOR_OPERATION"
    WORK_IN_PROCESS = "WORK_IN_PROCESS"
    RESOLVED = "RESOLVED"
    PENDING_FOR_CONFIRMATION = "PENDING_FOR_CONFIRMATION"
    CLOSED = "CLOSED"
    PENDING = "PENDING"
    WONT_FIX = "WONT_FIX"


class TicketLevel(StrEnum):
    """Issue level codes; SLA treats P4 (and anything unknown) as P3."""

    P0 = "P0"
    P1 = "P1"
    P2 = "P2"
    P3 = "P3"
    P4 = "P4"


class TicketIssueLevel(StrEnum):
    """SPEC §4: issue levels low, moderate, substantial, severe, critical map to P4 to P0."""

    LOW = "LOW"
    MODERATE = "MODERATE"
    SUBSTANTIAL = "SUBSTANTIAL"
    SEVERE = "SEVERE"
    CRITICAL = "CRITICAL"


class TicketIssueType(StrEnum):
    PRODUCT_SYNC = "PRODUCT_SYNC"
    ORDER_SYNC = "ORDER_SYNC"
    PUSH_TO_THIRD_WAREHOUSE = "PUSH_TO_THIRD_WAREHOUSE"
    ORDER_SHIPMENTS = "ORDER_SHIPMENTS"
    ORDER_PRINT_LABEL = "ORDER_PRINT_LABEL"
    OTHERS = "OTHERS"


class TicketAction(StrEnum):
    """What a user may ask of a ticket; each is one Workflow Update (docs/tickets.md has the table)."""

    START_PROCESSING = "START_PROCESSING"
    CLAIM = "CLAIM"
    HOLD = "HOLD"
    COMPLETE = "COMPLETE"
    APPROVE = "APPROVE"
    UNCONFIRM = "UNCONFIRM"
    CONFIRM = "CONFIRM"
    WONT_FIX = "WONT_FIX"
    REOPEN = "REOPEN"
    MERGE = "MERGE"
    UNMERGE = "UNMERGE"
    WATCH = "WATCH"
    UNWATCH = "UNWATCH"
    REMIND = "REMIND"
    COMMENT = "COMMENT"
    CHANGE_PRIORITY = "CHANGE_PRIORITY"
    EDIT = "EDIT"
    ASSIGN = "ASSIGN"


class TicketEvent(StrEnum):
    """History entries the system writes itself, beside the users' actions."""

    CREATE = "CREATE"
    FIRST_RESPONSE_BREACH = "FIRST_RESPONSE_BREACH"
    RESOLVE_BREACH = "RESOLVE_BREACH"
    AUTO_CLOSE = "AUTO_CLOSE"


class TicketScope(StrEnum):
    """Which tickets a search looks at: all, mine (submitted), assigned to me, watched."""

    ALL = "ALL"
    MINE = "MINE"
    ASSIGNED = "ASSIGNED"
    WATCHED = "WATCHED"


class AttachmentKind(StrEnum):
    IMAGE = "IMAGE"
    VIDEO = "VIDEO"


class CalendarDayKind(StrEnum):
    """A holiday (no work on a weekday) or a make-up working day (work on a weekend)."""

    HOLIDAY = "HOLIDAY"
    WORKDAY = "WORKDAY"


class DatePreset(StrEnum):
    """SPEC §9: date presets yesterday, today, week, month, quarter, year."""

    YESTERDAY = "YESTERDAY"
    TODAY = "TODAY"
    WEEK = "WEEK"
    MONTH = "MONTH"
    QUARTER = "QUARTER"
    YEAR = "YEAR"


class ContentState(StrEnum):
    """SPEC §3 content states of notices and FAQ; DELETE keeps the row for the audit trail."""

    OFFLINE = "OFFLINE"
    ONLINE = "ONLINE"
    DRAFT = "DRAFT"
    DELETE = "DELETE"


class ReleaseStatus(StrEnum):
    """SPEC §4 tip and notice: where the clock stands against the release (or start) and end times."""

    TO_BE_RELEASED = "TO_BE_RELEASED"
    PUBLISHED = "PUBLISHED"
    EXPIRED = "EXPIRED"


class NoticeKind(StrEnum):
    NOTICE = "NOTICE"
    FAQ = "FAQ"


class ContentLanguage(StrEnum):
    """SPEC §9 languages a notice is written in; the home page shows the reader's own."""

    EN = "en"
    ZH_CN = "zh-CN"
    ID = "id"


class TipPage(StrEnum):
    """Pages of the merchants' ERP where a tip can show (SPEC §5: at most 5 a tip, one tip a page and country)."""

    DASHBOARD = "DASHBOARD"
    ORDER_LIST = "ORDER_LIST"
    PRODUCT_LIST = "PRODUCT_LIST"
    MASTER_PRODUCT = "MASTER_PRODUCT"
    STOCK_LIST = "STOCK_LIST"
    PROMOTION = "PROMOTION"
    SHOP_LIST = "SHOP_LIST"
    WAREHOUSE = "WAREHOUSE"
    REPORTS = "REPORTS"
    SETTINGS = "SETTINGS"


class InternalFaqState(StrEnum):
    """SPEC §4 internal FAQ: offline, online, draft, topping (online and pinned to the top)."""

    OFFLINE = "OFFLINE"
    ONLINE = "ONLINE"
    DRAFT = "DRAFT"
    TOPPING = "TOPPING"


class Currency(StrEnum):
    """SPEC §3: the currencies packages and payments are in."""

    IDR = "IDR"
    CNY = "CNY"
    USD = "USD"
    VND = "VND"
    MYR = "MYR"
    PHP = "PHP"
    THB = "THB"
    SGD = "SGD"


class AccountSystem(StrEnum):
    """The three dimensions of a merchant's accounts; the account type is edited in IAM only."""

    IAM = "IAM"
    ERP = "ERP"
    WMS = "WMS"


class AccountStatus(StrEnum):
    """SPEC §4: account status in ERP, WMS and IAM."""

    ENABLED = "ENABLED"
    DISABLED = "DISABLED"
    EXPIRED = "EXPIRED"
    BLACKLISTED = "BLACKLISTED"


class AccountType(StrEnum):
    """SPEC §3: account types, editable only in the IAM dimension and copied to ERP and WMS."""

    OFFICIAL = "OFFICIAL"
    TEST = "TEST"
    INTERNAL = "INTERNAL"


class AccountUserType(StrEnum):
    """SPEC §6: ERP and WMS user types."""

    MERCHANT = "MERCHANT"
    STAFF = "STAFF"


class MerchantType(StrEnum):
    """SPEC §3: merchant types."""

    SOUTHEAST_ASIA_LOCAL_SELLERS = "SOUTHEAST_ASIA_LOCAL_SELLERS"
    OVERSEAS_WAREHOUSE_SERVICE = "OVERSEAS_WAREHOUSE_SERVICE"
    SOUTHEAST_ASIA_CROSS_BORDER_SELLERS = "SOUTHEAST_ASIA_CROSS_BORDER_SELLERS"
    NOT_MERCHANT = "NOT_MERCHANT"
    NO_STORE = "NO_STORE"
    SINGLE_MARKETPLACE = "SINGLE_MARKETPLACE"
    MULTIPLE_MARKETPLACE = "MULTIPLE_MARKETPLACE"
    NOT_KNOWN = "NOT_KNOWN"
    INVALID_NUMBER = "INVALID_NUMBER"
    DISTRIBUTOR = "DISTRIBUTOR"


class SalesTeam(StrEnum):
    """SPEC §3: sales teams a merchant is served by."""

    RETENTION = "RETENTION"
    SUPPORT_OPS = "SUPPORT_OPS"
    SELLER_SUCCESS = "SELLER_SUCCESS"
    SALES = "SALES"
    ONBOARDING_SPECIALIST = "ONBOARDING_SPECIALIST"
    GINEE_LISTING = "GINEE_LISTING"


class PlanName(StrEnum):
    """SPEC §3: plan names and the tiers they map to."""

    OMS = "OMS"
    FREE = "FREE"
    FREE_TRIAL = "FREE_TRIAL"
    BASIC = "BASIC"
    PRO = "PRO"
    BUSINESS = "BUSINESS"
    OMNICHANNEL = "OMNICHANNEL"
    PLUS = "PLUS"
    GINEE_OMS = "GINEE_OMS"
    GINEE_PLUS = "GINEE_PLUS"


class PaymentPeriod(StrEnum):
    """SPEC §3: payment periods; the months are in domain.enums.PERIOD_MONTHS."""

    MONTH = "MONTH"
    THREE_MONTH = "THREE_MONTH"
    HALF_YEAR = "HALF_YEAR"
    YEAR = "YEAR"
    TWO_YEAR = "TWO_YEAR"


class ShopConnectionStatus(StrEnum):
    """SPEC §3: shop connection status."""

    CONNECTED = "CONNECTED"
    DISCONNECTED = "DISCONNECTED"
    EXPIRED = "EXPIRED"
    AUTHORIZING = "AUTHORIZING"
    UNAUTHORIZED = "UNAUTHORIZED"
    RESTRICTED = "RESTRICTED"


class IntegrationFilter(StrEnum):
    """SPEC §3: the merchant list's integration filter, over the merchant's shops."""

    CONNECTED = "CONNECTED"
    NON_CONNECTED = "NON_CONNECTED"
    ALL_EXPIRED = "ALL_EXPIRED"
    ALL_DISCONNECTED = "ALL_DISCONNECTED"


class PlanFilter(StrEnum):
    """SPEC §3: the merchant list's plan filter."""

    NOT_INTEGRATE = "NOT_INTEGRATE"
    NO_ORDER = "NO_ORDER"
    BASIC = "BASIC"
    PRO = "PRO"
    BUSINESS = "BUSINESS"
    PLUS = "PLUS"


class PaymentStatus(StrEnum):
    """SPEC §4: merchant payment status."""

    PAID = "PAID"
    PENDING = "PENDING"
    FAILED = "FAILED"
    CANCEL = "CANCEL"


class MerchantPackageState(StrEnum):
    """SPEC §4: a merchant's package state."""

    NOT_PAID = "NOT_PAID"
    BASIC = "BASIC"
    PRO = "PRO"
    BUSINESS = "BUSINESS"
    PLUS = "PLUS"
    EXPIRED = "EXPIRED"


class SubscriptionState(StrEnum):
    """SPEC §4: package subscription state."""

    TRIAL = "TRIAL"
    PAID = "PAID"
    EXPIRED = "EXPIRED"


class PackageKind(StrEnum):
    """SPEC §2: the ERP, menu and common package screens."""

    ERP = "ERP"
    MENU = "MENU"
    COMMON = "COMMON"


class PackageType(StrEnum):
    """SPEC §3: a basic package or an add-on."""

    BASIC = "BASIC"
    ADDON = "ADDON"


class AddonType(StrEnum):
    """SPEC §3 add-on package quantities: what an add-on adds; each type has the most one request buys
    (domain/rules/subscriptions.py ADDON_QUANTITY)."""

    OMS_ADD_5_STAFF = "OMS_ADD_5_STAFF"
    OMS_ADD_10_STORE = "OMS_ADD_10_STORE"
    OMS_ADD_10K_ORDER = "OMS_ADD_10K_ORDER"
    WMS_ADD_5_CONSIGNOR = "WMS_ADD_5_CONSIGNOR"
    WMS_ORDER_10K = "WMS_ORDER_10K"
    OMS_OPEN_API = "OMS_OPEN_API"
    ADVANCED_WMS = "ADVANCED_WMS"


class AddonMode(StrEnum):
    """SPEC §3: how an add-on's period joins the current one."""

    SUPERIMPOSE = "SUPERIMPOSE"
    CONTINUE = "CONTINUE"


class SubscriptionMethod(StrEnum):
    """SPEC §3: offline by an operator, or online on the pricing page."""

    OFFLINE = "OFFLINE"
    ONLINE = "ONLINE"


class PackageScene(StrEnum):
    """The system a package applies to (its applicable scene)."""

    ERP = "ERP"
    WMS = "WMS"
    CHAT = "CHAT"
    POS = "POS"


class NotRenewReason(StrEnum):
    """SPEC §3: churn or renewal reasons (the merchant's reason for not renewing)."""

    INSIST_MONTHLY = "INSIST_MONTHLY"
    TRY_MONTHLY = "TRY_MONTHLY"
    TOO_EXPENSIVE = "TOO_EXPENSIVE"
    PRODUCT_UNSTABLE = "PRODUCT_UNSTABLE"
    WAITING_NEW_FEATURES = "WAITING_NEW_FEATURES"
    OTHER = "OTHER"


class ContactStatus(StrEnum):
    """SPEC §4: reach status, the merchant list's contact status."""

    NOT_REACH = "NOT_REACH"
    INVALID_NUMBER = "INVALID_NUMBER"
    DONE = "DONE"


class SubscriptionKind(StrEnum):
    """A paid subscription or a gift."""

    SUBSCRIBE = "SUBSCRIBE"
    GIFT = "GIFT"


class SubscriptionRequestState(StrEnum):
    """Where a subscribe or gift request stands in its flow."""

    AWAITING_CONFIRMATION = "AWAITING_CONFIRMATION"
    AWAITING_APPROVAL = "AWAITING_APPROVAL"
    APPLIED = "APPLIED"
    REFUSED = "REFUSED"
    EXPIRED = "EXPIRED"
    WITHDRAWN = "WITHDRAWN"
    FAILED = "FAILED"


# SPEC §3: payment periods in months.
PERIOD_MONTHS: dict[PaymentPeriod, int] = {
    PaymentPeriod.MONTH: 1, PaymentPeriod.THREE_MONTH: 3, PaymentPeriod.HALF_YEAR: 6, PaymentPeriod.YEAR: 12,
    PaymentPeriod.TWO_YEAR: 24,
}


class MailKind(StrEnum):
    """SPEC §3: a timed mail is common, or BI (a console report attached, built when it is sent)."""

    COMMON = "COMMON"
    BI = "BI"


class MailRepeat(StrEnum):
    """SPEC §3: repeat once (now), once later (at the send time), daily, weekly or monthly."""

    ONCE = "ONCE"
    ONCE_LATER = "ONCE_LATER"
    DAILY = "DAILY"
    WEEKLY = "WEEKLY"
    MONTHLY = "MONTHLY"


class MailTaskStatus(StrEnum):
    """SPEC §4: a timed mail is in use or paused."""

    IN_USE = "IN_USE"
    PAUSED = "PAUSED"


class MailSendStatus(StrEnum):
    """One recipient of one fire: waiting, handed to the server (its reply not recorded), sent or failed."""

    PENDING = "PENDING"
    SENDING = "SENDING"
    SENT = "SENT"
    FAILED = "FAILED"


class MailReport(StrEnum):
    """Console reports a BI mail can attach (later modules add theirs)."""

    TICKETS = "TICKETS"


class DeployEnvironment(StrEnum):
    """Where a deploy task goes (SPEC §3 Deployment: environment); freeze windows are per environment."""

    DEV = "DEV"
    TEST = "TEST"
    STAGING = "STAGING"
    PRODUCTION = "PRODUCTION"


class DeployTaskStatus(StrEnum):
    """A deploy task's review: waiting for a reviewer, approved, rejected, or expired unreviewed."""

    PENDING_REVIEW = "PENDING_REVIEW"
    APPROVED = "APPROVED"
    REJECTED = "REJECTED"
    EXPIRED = "EXPIRED"


class DeployDecision(StrEnum):
    APPROVE = "APPROVE"
    REJECT = "REJECT"
    COMMENT = "COMMENT"


class DeployRunKind(StrEnum):
    DEPLOY = "DEPLOY"
    RETRY = "RETRY"
    ROLLBACK = "ROLLBACK"
    AUTO = "AUTO"


class DeployRunStatus(StrEnum):
    """One run of the deploy queue (SPEC §4 task result: processing, succeeded, failed)."""

    QUEUED = "QUEUED"
    RUNNING = "RUNNING"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"
    CANCELLED = "CANCELLED"
    WITHDRAWN = "WITHDRAWN"
    SUPERSEDED = "SUPERSEDED"
    FROZEN = "FROZEN"


class DeployRunner(StrEnum):
    LOCAL = "LOCAL"
    JENKINS = "JENKINS"


class JobStatus(StrEnum):
    """A scheduled task runs on its cron, or is paused (by a person, or by itself after failures)."""

    RUNNING = "RUNNING"
    PAUSED = "PAUSED"


class JobPauseReason(StrEnum):
    MANUAL = "MANUAL"
    FAILURES = "FAILURES"  # N failures in a row (the task's pause-after-failure)


class JobMisfire(StrEnum):
    """What a fire missed while the console was down does when it comes back (plain names, not Quartz's)."""

    SKIP_MISSED = "SKIP_MISSED"
    FIRE_ONCE_NOW = "FIRE_ONCE_NOW"
    FIRE_ALL_MISSED = "FIRE_ALL_MISSED"


class JobResult(StrEnum):
    """SPEC §4 task result: processing, succeeded, failed."""

    PROCESSING = "PROCESSING"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"


class JobTrigger(StrEnum):
    SCHEDULE = "SCHEDULE"  # the cron (or a backfill of a missed window)
    MANUAL = "MANUAL"  # run now


class JobAlarm(StrEnum):
    """The alarm state of a task: it mails once when it starts failing, reminds, and mails when it recovers."""

    OK = "OK"
    FAILING = "FAILING"


class AppKind(StrEnum):
    """What kind of console process sends heartbeats (docs/operations-tools.md)."""

    API = "API"
    WORKER = "WORKER"


class HeartbeatStatus(StrEnum):
    """ALIVE while beats arrive; DEAD after 3 missed intervals (counted by PostgreSQL's clock)."""

    ALIVE = "ALIVE"
    DEAD = "DEAD"


class QueueKind(StrEnum):
    """Which tasks of a Temporal task queue a queue alert watches."""

    WORKFLOW = "WORKFLOW"
    ACTIVITY = "ACTIVITY"


class QueueAlertStatus(StrEnum):
    """An alert is OPEN while its queue is over the rule's thresholds, RECOVERED once back under."""

    OPEN = "OPEN"
    RECOVERED = "RECOVERED"


class ShelfMergeState(StrEnum):
    """A shelf merge (SPEC §4: merging shelves is asynchronous, 3 to 5 minutes): RUNNING until every SKU of the
    source shelves is on the target (COMPLETED), or it is cancelled (what moved stays moved) or fails; a
    cancelled or failed merge can be retried and continues with what is left."""

    RUNNING = "RUNNING"
    COMPLETED = "COMPLETED"
    CANCELLED = "CANCELLED"
    FAILED = "FAILED"


class ShelfMergeItemState(StrEnum):
    """One SKU of one source shelf in a merge: PENDING until moved; SKIPPED when the shelf held none of it any
    more when its turn came (taken out by an outbound meanwhile)."""

    PENDING = "PENDING"
    MOVED = "MOVED"
    SKIPPED = "SKIPPED"


# --- Warehouses and stock (SPEC §3, §4, §8) ---------------------------------------------------------------------


class StockMovementType(StrEnum):
    """SPEC §3 stock movement types, then the order steps that move reserved or in-transit stock (SPEC §4: an
    inbound order's in-transit stock, an outbound order's locked stock, promotion and spare stock). Which buckets
    each one changes is in domain/rules/stock.py."""

    PACKAGE_OUTBOUND = "package_outbound"
    MANUAL_OUTBOUND = "manual_outbound"
    RECEIVE_INBOUND = "receive_inbound"
    MANUAL_INBOUND = "manual_inbound"
    TRANSFER_INBOUND = "transfer_inbound"
    TRANSFER_OUTBOUND = "transfer_outbound"
    MOVE_SHELF = "move_shelf"
    DEFECTIVE_GOOD = "defective_good"
    PLAN_INBOUND = "plan_inbound"
    CANCEL_INBOUND = "cancel_inbound"
    LOCK_OUTBOUND = "lock_outbound"
    RELEASE_OUTBOUND = "release_outbound"
    RESERVE_PROMOTION = "reserve_promotion"
    RELEASE_PROMOTION = "release_promotion"
    RESERVE_SPARE = "reserve_spare"
    RELEASE_SPARE = "release_spare"


class StockReconcileStatus(StrEnum):
    """A reconciliation run: OK when every balance equals the sum of its change records, DRIFT otherwise."""

    OK = "OK"
    DRIFT = "DRIFT"


class StockBucket(StrEnum):
    """The stock figures of one sku in one warehouse (SPEC §3 stock levels). AVAILABLE is derived:
    on hand - spare - locked - promotion; transit is stock on its way in and not yet on hand."""

    ON_HAND = "on_hand"
    SPARE = "spare"
    LOCKED = "locked"
    PROMOTION = "promotion"
    TRANSIT = "transit"
    AVAILABLE = "available"


class FulfillmentProvider(StrEnum):
    """SPEC §3 third-party fulfillment providers; GINEE_WMS is the seller's own warehouse run in the WMS."""

    GINEE_WMS = "GINEE_WMS"
    FASTOCK = "FASTOCK"
    LAZADA_FULFILLMENT = "LAZADA_FULFILLMENT"
    JNE_FULFILLMENT = "JNE_FULFILLMENT"
    KEEPPACK = "KEEPPACK"
    TOKO_CABANG = "TOKO_CABANG"
    JD_FULFILLMENT = "JD_FULFILLMENT"
    J_AND_T = "J_AND_T"
    YH_GLOBAL = "YH_GLOBAL"
    FIRST_LINE = "FIRST_LINE"
    ECCANG = "ECCANG"
    STOKU = "STOKU"
    FLEXOFAST = "FLEXOFAST"
    OTHER = "OTHER"


class FulfillmentLogistics(StrEnum):
    """SPEC §3 logistics of the fulfillment providers."""

    JET_EXPRESS = "JET_EXPRESS"
    OTHERS = "OTHERS"


class WarehouseType(StrEnum):
    """Who runs a warehouse (SPEC §3 names the field; the values follow the usage modes of SPEC §3)."""

    OWN = "OWN"
    THIRD_PARTY = "THIRD_PARTY"
    OVERSEAS = "OVERSEAS"


class WarehouseUsageMode(StrEnum):
    """SPEC §3 warehouse usage modes."""

    ERP_ONLY_USE_OWN_WAREHOUSE = "ERP_ONLY_USE_OWN_WAREHOUSE"
    ERP_ONLY_USE_THIRD_WAREHOUSE = "ERP_ONLY_USE_THIRD_WAREHOUSE"
    ERP_USE_OWN_WAREHOUSE_AND_THIRD_WAREHOUSE = "ERP_USE_OWN_WAREHOUSE_AND_THIRD_WAREHOUSE"
    WMS_ONLY_USE_GINEE_WMS = "WMS_ONLY_USE_GINEE_WMS"
    WMS_USE_GINEE_WMS_AND_THIRD_WAREHOUSE = "WMS_USE_GINEE_WMS_AND_THIRD_WAREHOUSE"
    WMS_USE_GINEE_WMS_AND_THIRD_WAREHOUSE_AND_OVERSEAS_WAREHOUSE = (
        "WMS_USE_GINEE_WMS_AND_THIRD_WAREHOUSE_AND_OVERSEAS_WAREHOUSE")
    ERP_AND_OVERSEAS_WAREHOUSE = "ERP_AND_OVERSEAS_WAREHOUSE"
    ONLY_USE_OPEN_API = "ONLY_USE_OPEN_API"


class ProductCategory(StrEnum):
    """SPEC §3 warehouse product categories 1 to 23: the value is the category number."""

    WOMEN_CLOTHING = "1"
    MEN_CLOTHING = "2"
    BEAUTY_CARE = "3"
    HEALTH_CARE = "4"
    FASHION_ACCESSORIES = "5"
    HOUSEHOLD_APPLIANCES = "6"
    MOBILE_AND_ACCESSORIES = "7"
    MUSLIM_CLOTHING = "8"
    WOMEN_BAG = "9"
    WOMEN_SHOES = "10"
    FOOD_AND_BEVERAGE = "11"
    PET = "12"
    BABY_PRODUCT = "13"
    KIDS_WEAR = "14"
    CAMERA_AND_DRONE = "15"
    HOME_LIVING = "16"
    OUTDOOR_SPORT = "17"
    STATIONERY = "18"
    TREASURES = "19"
    AUTOMOTIVE = "20"
    BOOKS_AND_MAGAZINES = "21"
    COMPUTER_ACCESSORIES = "22"
    OTHER = "23"


class WarehouseDocumentStatus(StrEnum):
    """SPEC §4 warehouse document (inbound and outbound order) status."""

    CREATE = "CREATE"
    PENDING = "PENDING"
    COMPLETE = "COMPLETE"
    INVALID = "INVALID"
    PART_COMPLETE = "PART_COMPLETE"
    PART_INVALID = "PART_INVALID"


class OutboundWorkingStatus(StrEnum):
    """SPEC §4 outbound working status."""

    CREATE = "CREATE"
    SYNC_SUCCESS = "SYNC_SUCCESS"
    SYNC_FAIL = "SYNC_FAIL"
    RECEIVED = "RECEIVED"
    ALLOCATED = "ALLOCATED"
    PICKING_PROCESS = "PICKING_PROCESS"
    SORTING_AND_REVIEWING = "SORTING_AND_REVIEWING"
    PACKED = "PACKED"
    WAITING_PICKUP = "WAITING_PICKUP"
    CANCELING = "CANCELING"
    CANCEL_FAIL = "CANCEL_FAIL"
    OUTBOUND_DONE = "OUTBOUND_DONE"


class WarehousePushStatus(StrEnum):
    """SPEC §4 push status of a warehouse document."""

    NORMAL = "NORMAL"
    RECEIVED = "RECEIVED"
    FAIL = "FAIL"
    SUCCESS = "SUCCESS"
    SUCCESS_WITHOUT_AWB = "SUCCESS_WITHOUT_AWB"
    RECEIVED_PULL_AWB = "RECEIVED_PULL_AWB"


class PrintStatus(StrEnum):
    """SPEC §4 print status."""

    NOT_PRINTED = "NOT_PRINTED"
    PRINTED = "PRINTED"
    UNKNOWN = "UNKNOWN"


class StockSyncStatus(StrEnum):
    """SPEC §4 sync or push: not pushed, pushing, push failed, complete."""

    NOT_PUSHED = "NOT_PUSHED"
    PUSHING = "PUSHING"
    PUSH_FAILED = "PUSH_FAILED"
    COMPLETE = "COMPLETE"


class WmsOrderStatus(StrEnum):
    """SPEC §4 WMS order status (also the order tabs of SPEC §3, with 'all')."""

    PENDING = "PENDING"
    SHIPPING = "SHIPPING"
    COMPLETED = "COMPLETED"
    ABNORMAL = "ABNORMAL"
    CANCELLED = "CANCELLED"


class StockExceptionCause(StrEnum):
    """SPEC §8 stock exception causes of a stock push."""

    MULTIPLE_EXTERNAL_VARIATIONS = "MULTIPLE_EXTERNAL_VARIATIONS"
    NOT_CAUSED_BY_ORDER = "NOT_CAUSED_BY_ORDER"
    STOCK_SYNC_NOT_ENABLED = "STOCK_SYNC_NOT_ENABLED"
    PROMOTION_STOCK_NOT_ENABLED = "PROMOTION_STOCK_NOT_ENABLED"
    ORDER_PULL_DELAY = "ORDER_PULL_DELAY"
    ORDER_RECEIVED_AFTER_PUSH = "ORDER_RECEIVED_AFTER_PUSH"
    CHANNEL_PUSH_FAILED = "CHANNEL_PUSH_FAILED"
    STOCK_NOT_PUSHED = "STOCK_NOT_PUSHED"
    SYNC_DELAY = "SYNC_DELAY"


class StockEventKind(StrEnum):
    """What happened to a merchant's stock settings or channel stock (the stock events screen)."""

    SYNC = "SYNC"  # sync stock to one store
    FIX = "FIX"  # stock fix: balances rebuilt from their change records
    LOCK_STOCK = "LOCK_STOCK"  # the lock stock switch turned on or off
    PROMOTION_STOCK = "PROMOTION_STOCK"  # the promotion stock switch turned on or off


class StockOrderDirection(StrEnum):
    """An inbound order brings stock into a warehouse, an outbound order takes it out."""

    INBOUND = "INBOUND"
    OUTBOUND = "OUTBOUND"


class StockOrderType(StrEnum):
    """Why stock comes in (purchase, a buyer's return, a transfer from another warehouse) or goes out (a sale's
    package, a transfer to another warehouse, a return to the supplier); the direction follows the type."""

    PURCHASE_INBOUND = "PURCHASE_INBOUND"
    RETURN_INBOUND = "RETURN_INBOUND"
    TRANSFER_INBOUND = "TRANSFER_INBOUND"
    SALES_OUTBOUND = "SALES_OUTBOUND"
    TRANSFER_OUTBOUND = "TRANSFER_OUTBOUND"
    SUPPLIER_RETURN_OUTBOUND = "SUPPLIER_RETURN_OUTBOUND"


class StockOrderAction(StrEnum):
    """What is done to an inbound or outbound order; each is one entry of the order's history."""

    CREATE = "CREATE"
    RECEIVE = "RECEIVE"  # inbound: part or all of what is in transit arrives
    SHIP = "SHIP"  # outbound: part or all of what is locked leaves
    CANCEL = "CANCEL"  # inbound: the rest will not arrive
    VOID = "VOID"  # outbound: the rest will not leave
    DELETE = "DELETE"  # outbound awaiting outbound only: the order disappears, its lock released


# Every enumeration the web may ask for, by name: each StrEnum of this module, so a new one is served at once.
ALL: dict[str, type[StrEnum]] = {
    e.__name__: e for e in list(globals().values())
    if isinstance(e, type) and issubclass(e, StrEnum) and e is not StrEnum
}

