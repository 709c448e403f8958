"""Channel orders (SPEC §3 order display and tabs, §8 stock exception causes, §9 date presets and time zones)."""

from __future__ import annotations

from enum import StrEnum


class OrderStatus(StrEnum):
    """A channel order's state in the console; it changes only through domain/rules/orders.TRANSITIONS."""

    PENDING = "PENDING"  # new, not yet accepted
    READY = "READY"  # accepted: stock reserved at the shop's warehouse, waiting to ship
    SHIPPING = "SHIPPING"
    COMPLETED = "COMPLETED"
    ABNORMAL = "ABNORMAL"  # held, with a cause
    CANCELLED = "CANCELLED"


class OrderTab(StrEnum):
    """SPEC §3 order tabs, each with its count: all, pending (PENDING and READY), shipping, completed, abnormal,
    cancelled."""

    ALL = "ALL"
    PENDING = "PENDING"
    SHIPPING = "SHIPPING"
    COMPLETED = "COMPLETED"
    ABNORMAL = "ABNORMAL"
    CANCELLED = "CANCELLED"


class OrderAction(StrEnum):
    ACCEPT = "ACCEPT"
    SHIP = "SHIP"
    COMPLETE = "COMPLETE"
    CANCEL = "CANCEL"
    HOLD = "HOLD"
    RELEASE = "RELEASE"


class OrderEventKind(StrEnum):
    """What a timeline entry records: the order arriving, a change from the channel, one of the actions, or a step
    of its stock."""

    CREATED = "CREATED"
    CHANNEL_UPDATE = "CHANNEL_UPDATE"
    ACCEPT = "ACCEPT"
    SHIP = "SHIP"
    COMPLETE = "COMPLETE"
    CANCEL = "CANCEL"
    HOLD = "HOLD"
    RELEASE = "RELEASE"
    # no change of state: stock reserved before acceptance, or the order handed to its warehouse in packages
    RESERVE = "RESERVE"
    TO_WAREHOUSE = "TO_WAREHOUSE"


class OrderExceptionCause(StrEnum):
    """Why an order is abnormal: the nine stock exception causes of SPEC §8, a SKU short of stock at the shop's
    warehouse, or the hold of an auto interception rule (the order names the rule's id and name)."""

    MULTIPLE_EXTERNAL_VARIATIONS = "MULTIPLE_EXTERNAL_VARIATIONS"
    NOT_CAUSED_BY_ORDER = "NOT_CAUSED_BY_ORDER"
    STOCK_SYNC_NOT_ENABLED = "STOCK_SYNC_NOT_ENABLED"
    PROMOTION_STOCK_NOT_ENABLED = "PROMOTION_STOCK_NOT_ENABLED"
    ORDER_PULL_DELAY = "ORDER_PULL_DELAY"
    ORDER_RECEIVED_AFTER_PUSH = "ORDER_RECEIVED_AFTER_PUSH"
    CHANNEL_PUSH_FAILED = "CHANNEL_PUSH_FAILED"
    STOCK_NOT_PUSHED = "STOCK_NOT_PUSHED"
    SYNC_DELAY = "SYNC_DELAY"
    OUT_OF_STOCK = "OUT_OF_STOCK"
    INTERCEPTED = "INTERCEPTED"


class GmtOffset(StrEnum):
    """SPEC §9: the time zones a date range may be read in, GMT+01:00 to GMT+12:00."""

    GMT_01 = "GMT+01:00"
    GMT_02 = "GMT+02:00"
    GMT_03 = "GMT+03:00"
    GMT_04 = "GMT+04:00"
    GMT_05 = "GMT+05:00"
    GMT_06 = "GMT+06:00"
    GMT_07 = "GMT+07:00"
    GMT_08 = "GMT+08:00"
    GMT_09 = "GMT+09:00"
    GMT_10 = "GMT+10:00"
    GMT_11 = "GMT+11:00"
    GMT_12 = "GMT+12:00"


class OrderStatsGroup(StrEnum):
    """What the order statistics are summed by (SPEC §9 order dashboard: by status, channel, country)."""

    DAY = "DAY"  # the day in the chosen GMT offset
    STATUS = "STATUS"
    CHANNEL = "CHANNEL"
    COUNTRY = "COUNTRY"
    MERCHANT = "MERCHANT"


class OrderStatsBackfillState(StrEnum):
    RUNNING = "RUNNING"
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"
