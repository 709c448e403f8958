"""ERP settings of a merchant (SPEC §2 ERP settings): the limits of every field and the rules between fields.

One settings row per merchant and kind (basic, product, order, stock, shipping), templates named uniquely per
merchant, and a stock push rule per store. The API's schemas take the limits below, the migration writes the
same limits as CHECK constraints, and the rules between fields are checked here (pure) and by CHECKs again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from domain.enums import HandoverMode, MasterProductMode, OrderSplitRule, PushRuleMode
from domain.errors import Problem


@dataclass(frozen=True)
class Bounds:
    low: int
    high: int

    def check(self, column: str) -> str:
        """The CHECK constraint's condition keeping `column` within the bounds."""
        return f"{column} BETWEEN {self.low} AND {self.high}"


# basic settings
ORDER_PREFIX_MAX = 8
ORDER_PREFIX = re.compile(rf"^[A-Z0-9]{{0,{ORDER_PREFIX_MAX}}}$")  # upper-case letters and digits, may be empty
ORDER_PREFIX_CHECK = f"order_no_prefix ~ '^[A-Z0-9]{{0,{ORDER_PREFIX_MAX}}}$'"
LOW_STOCK = Bounds(0, 1_000_000)  # a SKU at or below this is shown as low stock
# product settings
SKU_LENGTH = Bounds(1, 100)  # the stock ledger keeps a SKU in 100 characters
PRICE_ALERT = Bounds(0, 100)  # % a channel price may move from the master price before it is flagged
# order settings
MINUTES_A_DAY = Bounds(0, 1440)
HOLD_MINUTES = Bounds(0, 10_080)  # a week at most
UNPAID_HOURS = Bounds(1, 720)  # 30 days at most
PACKAGE_LINES = Bounds(1, 500)
PACKAGE_LINES_DEFAULT = 100  # lines a parcel carries when the merchant has set nothing
# stock settings
SYNC_INTERVAL = Bounds(5, 1440)
PERCENT = Bounds(0, 100)
QUANTITY = Bounds(0, 1_000_000)
# shipping settings
PICKUP_START = Bounds(0, 23)
PICKUP_END = Bounds(1, 24)
SHIP_WITHIN_HOURS = Bounds(1, 168)
PACKAGE_WEIGHT_G = Bounds(1, 100_000)
# templates
NAME_MAX = 50
REMARK_MAX = 200


def order_prefix_problem(prefix: str) -> Problem | None:
    if not ORDER_PREFIX.match(prefix):
        return Problem("orderNoPrefix", "erp_order_prefix", {"max": ORDER_PREFIX_MAX})
    return None


def product_problems(mode: MasterProductMode, auto_bind_by_sku: bool) -> list[Problem]:
    """Binding channel products by SKU is the match-by-SKU mode's: a merchant binding by hand has it off."""
    if auto_bind_by_sku and mode == MasterProductMode.MANUAL_BIND:
        return [Problem("autoBindBySku", "erp_manual_bind_no_auto_bind")]
    return []


def order_problems(auto_accept: bool, accept_delay: int, auto_merge: bool, merge_window: int) -> list[Problem]:
    """A delay before accepting only means something when orders are accepted by themselves; merging needs a
    window of at least a minute to gather the buyer's orders in."""
    problems = []
    if accept_delay > 0 and not auto_accept:
        problems.append(Problem("autoAcceptDelayMinutes", "erp_delay_needs_auto_accept"))
    if auto_merge and merge_window < 1:
        problems.append(Problem("mergeWindowMinutes", "erp_merge_window_required"))
    return problems


def parcels(skus: list[str], split: OrderSplitRule, max_lines: int) -> list[list[str]]:
    """The parcels an accepted order leaves its warehouse in, as lists of its SKUs (a SKU on several lines is one
    line of its parcel): one parcel a SKU when the merchant splits by line, else parcels of at most `max_lines`
    SKUs in the order's own order. An order's lines are reserved together at one warehouse, all or nothing, so
    splitting by warehouse or by stock leaves them together: those rules split only by the lines per parcel."""
    distinct = list(dict.fromkeys(skus))
    size = 1 if split == OrderSplitRule.BY_LINE else max(max_lines, PACKAGE_LINES.low)
    return [distinct[i:i + size] for i in range(0, len(distinct), size)]


ORDER_CHECKS = {
    "delay_needs_auto_accept": "auto_accept OR auto_accept_delay_minutes = 0",
    "merge_window": "NOT auto_merge OR merge_window_minutes >= 1",
}


def stock_problems(push_ratio: int, promotion_reserve: int) -> list[Problem]:
    """What is pushed to the channels and what is kept for promotions come out of the same available stock: the
    two shares together are at most all of it."""
    if push_ratio + promotion_reserve > PERCENT.high:
        return [Problem("promotionReservePercent", "erp_shares_over_100", {"max": PERCENT.high - push_ratio})]
    return []


STOCK_SHARES_CHECK = "push_ratio_percent + promotion_reserve_percent <= 100"


def shipping_problems(handover: HandoverMode, start: int, end: int) -> list[Problem]:
    """A pickup window starts before it ends (hours of the merchant's day; 24 is its end)."""
    if handover == HandoverMode.PICKUP and start >= end:
        return [Problem("pickupEndHour", "erp_pickup_window", {"start": start})]
    return []


PICKUP_WINDOW_CHECK = "handover_mode <> 'PICKUP' OR pickup_start_hour < pickup_end_hour"


def push_rule_problems(mode: PushRuleMode, ratio: int | None, fixed: int | None) -> list[Problem]:
    """A ratio rule pushes a share of the available stock and a fixed rule a set quantity: each needs its own
    figure, and the other's is left out (cleared by the caller before this check)."""
    if mode == PushRuleMode.RATIO and ratio is None:
        return [Problem("ratioPercent", "required")]
    if mode == PushRuleMode.FIXED and fixed is None:
        return [Problem("fixedQuantity", "required")]
    return []


PUSH_RULE_CHECK = ("(mode = 'RATIO' AND ratio_percent IS NOT NULL AND fixed_quantity IS NULL) OR "
                   "(mode = 'FIXED' AND fixed_quantity IS NOT NULL AND ratio_percent IS NULL)")


def pushed_quantity(available: int, mode: PushRuleMode, ratio: int | None, fixed: int | None, safety: int) -> int:
    """What a store's channel is told under its push rule: the safety stock is kept back first, then a ratio
    rule pushes its share (rounded down) and a fixed rule its quantity, never more than is left."""
    left = max(available - safety, 0)
    if mode == PushRuleMode.FIXED:
        return min(fixed or 0, left)
    return left * (ratio if ratio is not None else PERCENT.high) // PERCENT.high
