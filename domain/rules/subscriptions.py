"""Subscribe and gift rules (SPEC §3, §5; PEERS §2): the payment checks of the second confirmation and the
period arithmetic of the entitlement ledger.

Pure functions of their inputs: the workflow's update validator runs them on facts the API read, and the
apply step runs the same period arithmetic inside its transaction.

The ledger: every grant is a `[start, end)` period on a line (the base package's line, or an add-on's own).
- a basic package starts at the end of the merchant's current base period when one is running (a renewal
  starts at the current end, not today), else now;
- an add-on "continue" appends after the end of its own line; "superimpose" starts now and overlaps what
  its line holds (the quantities add up while both run);
- free days extend the period they come with.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from domain.enums import AddonMode, AddonType, MerchantPackageState, PackageType, PlanName, SubscriptionKind
from domain.errors import Invalid, Problem
from domain.rules.inputs import Problems

# SPEC §5: "receipt number only letters, digits, underscore, hyphen and space"
RECEIPT_PATTERN = re.compile(r"[A-Za-z0-9_\- ]+")
MAX_FREE_DAYS = 365  # SPEC §9 "Free days up to 365"
MAX_COUNT = 1000  # SPEC §3 add-on quantities: the largest is 1000
# SPEC §3 "Add-on package quantities (type, quantity): OMS Add 5 Staff 1000; OMS Add 10 Store 1000; OMS Add 10K
# Order 1000; WMS Add 5 Consignor 100; WMS Order 10K 1000; Oms Open Api 1; Advanced WMS 1": the most of each type
# one request buys. PostgreSQL holds the same table (trigger on subscriptions, migration 0020).
ADDON_QUANTITY: dict[AddonType, int] = {
    AddonType.OMS_ADD_5_STAFF: 1000, AddonType.OMS_ADD_10_STORE: 1000, AddonType.OMS_ADD_10K_ORDER: 1000,
    AddonType.WMS_ADD_5_CONSIGNOR: 100, AddonType.WMS_ORDER_10K: 1000, AddonType.OMS_OPEN_API: 1,
    AddonType.ADVANCED_WMS: 1,
}
BASE_LINE = "BASE"
# A request must be confirmed within a day of its dialog and decided within three days of its confirmation;
# past either deadline it expires (its receipt and serial are free again).
CONFIRM_WITHIN = timedelta(days=1)
APPROVE_WITHIN = timedelta(days=3)

# SPEC §5: "Multi-warehouse needs the Master Product & Stock package first". The system#feature keys
# (SPEC §6) that make a package multi-warehouse, and those a merchant must hold (or buy with it) first.
# Keys of the catalogue domain/seed/features.py: erp#5.4 multi-warehouse, erp#2 master product, erp#4 stock.
MULTI_WAREHOUSE_FEATURES = frozenset({"erp#5.4"})
MASTER_PRODUCT_STOCK_FEATURES = frozenset({"erp#2", "erp#4"})


def add_months(instant: datetime, months: int) -> datetime:
    """The same day and time `months` later; a day the target month lacks becomes its last (Jan 31 + 1 = Feb 28)."""
    total = instant.month - 1 + months
    year, month = instant.year + total // 12, total % 12 + 1
    day = min(instant.day, calendar.monthrange(year, month)[1])
    return instant.replace(year=year, month=month, day=day)


@dataclass(frozen=True)
class Period:
    start: datetime
    end: datetime


@dataclass(frozen=True)
class Grant:
    """What one package line of a request grants: its package's type and mode, its period length."""

    package_type: PackageType
    addon_mode: AddonMode | None
    months: int  # of the version's payment period
    count: int  # basic: how many payment periods; add-on: how many units, for one period
    free_days: int = 0
    line: str = BASE_LINE


def line_of(package_type: PackageType, package_id: int) -> str:
    """The ledger line a package writes on: every basic package shares the base line, an add-on has its own."""
    return BASE_LINE if package_type == PackageType.BASIC else f"ADDON-{package_id}"


def period_for(grant: Grant, now: datetime, line_end: datetime | None) -> Period:
    """The `[start, end)` a grant adds to its line, whose current period ends at `line_end` (None: no period)."""
    running = line_end is not None and line_end > now
    if grant.package_type == PackageType.ADDON and grant.addon_mode == AddonMode.SUPERIMPOSE:
        start = now  # overlaps: runs beside what the line holds
    else:
        start = line_end if running and line_end is not None else now  # renewal / continue: from the current end
    months = grant.months * (grant.count if grant.package_type == PackageType.BASIC else 1)
    return Period(start, add_months(start, months) + timedelta(days=grant.free_days))


def plan_periods(grants: Sequence[Grant], now: datetime, line_ends: dict[str, datetime]) -> list[Period]:
    """The periods of all the grants of one request, in order: two grants on one line follow each other."""
    ends = dict(line_ends)
    periods = []
    for grant in grants:
        period = period_for(grant, now, ends.get(grant.line))
        ends[grant.line] = max(period.end, ends.get(grant.line, period.end))
        periods.append(period)
    return periods


# ---- the second confirmation ------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    package_id: int
    version_id: int
    count: int


@dataclass(frozen=True)
class Offer:
    """What the console knows of a chosen package version when the request is confirmed."""

    package_id: int
    version_id: int
    package_type: PackageType
    free_days: int  # what the package offers
    features: frozenset[str] = frozenset()
    current: bool = True  # still the package's current version, and the package enabled
    currency: str = ""
    addon_type: AddonType | None = None


@dataclass(frozen=True)
class Confirmation:
    """The dialog as first submitted (`draft_*`) and as the second confirmation restates it."""

    kind: SubscriptionKind
    draft_lines: tuple[Line, ...]
    lines: tuple[Line, ...]
    draft_free_days: int
    free_days: int
    receipt_number: str | None
    payment_serial: str | None
    offers: dict[int, Offer] = field(default_factory=dict)  # by version id
    receipt_used: bool = False
    serial_used: bool = False
    held_features: frozenset[str] = frozenset()


def receipt_problem(receipt: str | None, kind: SubscriptionKind) -> str | None:
    """SPEC §5 receipt number: required for a paid subscription; letters, digits, `_`, `-` and space only."""
    if not receipt or not receipt.strip():
        return "required" if kind == SubscriptionKind.SUBSCRIBE else None
    return None if RECEIPT_PATTERN.fullmatch(receipt) else "receipt_chars"


def check_receipt(receipt: str | None, kind: SubscriptionKind) -> None:
    rule = receipt_problem(receipt, kind)
    if rule is not None:
        raise Invalid("receiptNumber", rule)


def dialog_problems(kind: SubscriptionKind, receipt: str | None, serial: str | None,
                    request_key: str | None) -> list[Problem]:
    """SPEC §5 what a subscribe or gift dialog must carry, every field at once: a paid subscription its receipt
    number (letters, digits, `_`, `-` and space) and its payment serial, a gift its dialog's request key."""
    found = []
    rule = receipt_problem(receipt, kind)
    if rule is not None:
        found.append(Problem("receiptNumber", rule))
    subscribing = kind == SubscriptionKind.SUBSCRIBE
    if subscribing and not (serial or "").strip():
        found.append(Problem("paymentSerial", "required"))
    if not subscribing and request_key is None:
        found.append(Problem("requestKey", "required"))
    return found


def line_problems(package_ids: Iterable[int]) -> list[Problem]:
    """The dialog's packages each chosen once (their counts are bounded by the schema, then by each package)."""
    ids = list(package_ids)
    return [Problem("packages", "packages_inconsistent")] if len(set(ids)) != len(ids) else []


def check_lines(lines: Iterable[Line]) -> None:
    """At least one package, each once, at most one basic package; counts 1..MAX_COUNT."""
    lines = list(lines)
    if not lines:
        raise Invalid("packages", "required")
    if len({line.package_id for line in lines}) != len(lines):
        raise Invalid("packages", "packages_inconsistent")
    for index, line in enumerate(lines):
        if not 1 <= line.count <= MAX_COUNT:
            raise Invalid(f"packages[{index}].count", "counts_inconsistent", max=MAX_COUNT)


def count_limit(package_type: PackageType, addon_type: AddonType | None) -> int:
    """The most of a package one request buys: an add-on's by its type (SPEC §3 add-on quantities); a basic
    package's periods, and an add-on of no type, within the largest of them."""
    if package_type == PackageType.ADDON and addon_type is not None:
        return ADDON_QUANTITY[addon_type]
    return MAX_COUNT


def check_count(index: int, count: int, package_type: PackageType, addon_type: AddonType | None) -> None:
    """A line's count within its package's limit, refused on `packages[i].count` naming the add-on type."""
    limit = count_limit(package_type, addon_type)
    if count > limit and addon_type is not None:
        raise Invalid(f"packages[{index}].count", "addon_quantity", max=limit, type=f"enums.AddonType.{addon_type}")
    if not 1 <= count <= limit:
        raise Invalid(f"packages[{index}].count", "counts_inconsistent", max=limit)


def check_country(package_id: int, package_country: str, merchant_country: str) -> None:
    """SPEC §5 "the currency of the applicable country must be in use": a merchant is sold only the packages of
    its own country, priced in its currency (PostgreSQL refuses any other too, migration 0034)."""
    if package_country != merchant_country:
        raise Invalid("packages", "package_other_country", ids=str(package_id),
                      country=f"enums.Country.{package_country}", merchantCountry=f"enums.Country.{merchant_country}")


def check_confirmation(c: Confirmation) -> None:
    """SPEC §5 payment rules, refused naming the field: receipt characters, receipt and serial not used before,
    packages, counts and free days consistent (with the dialog and the packages), multi-warehouse after Master
    Product & Stock. Raises one `Invalid` naming every broken field."""
    problems = Problems()
    problems.check(check_receipt, c.receipt_number, c.kind)
    if c.receipt_used and not problems.has("receiptNumber"):
        problems.add("receiptNumber", "receipt_used")
    if c.kind == SubscriptionKind.SUBSCRIBE and not (c.payment_serial or "").strip():
        problems.add("paymentSerial", "required")
    elif c.serial_used:
        problems.add("paymentSerial", "serial_used")
    chosen = problems.check(chosen_offers, c)
    if chosen is not None:
        problems.check(check_free_days, c, chosen)
        problems.check(check_multi_warehouse, chosen, c.held_features)
    problems.raise_any()


def chosen_offers(c: Confirmation) -> list[Offer]:
    """The offers of the confirmed lines: the packages and counts of the dialog, current, one basic at most."""
    check_lines(c.lines)
    drafted = {(line.package_id, line.version_id) for line in c.draft_lines}
    if {(line.package_id, line.version_id) for line in c.lines} != drafted:
        raise Invalid("packages", "packages_inconsistent")
    counts = {line.package_id: line.count for line in c.draft_lines}
    for index, line in enumerate(c.lines):
        if counts.get(line.package_id) != line.count:
            raise Invalid(f"packages[{index}].count", "counts_inconsistent", max=MAX_COUNT)
    offers = [c.offers.get(line.version_id) for line in c.lines]
    if any(o is None or not o.current for o in offers):
        raise Invalid("packages", "packages_inconsistent")
    chosen = [o for o in offers if o is not None]
    for index, (line, offer) in enumerate(zip(c.lines, chosen, strict=True)):
        check_count(index, line.count, offer.package_type, offer.addon_type)
    if sum(o.package_type == PackageType.BASIC for o in chosen) > 1 or len({o.currency for o in chosen}) > 1:
        raise Invalid("packages", "packages_inconsistent")
    return chosen


# SPEC §4 merchant package states: the tier a basic package's plan name gives.
PACKAGE_STATES: dict[PlanName, MerchantPackageState] = {
    PlanName.PRO: MerchantPackageState.PRO, PlanName.BUSINESS: MerchantPackageState.BUSINESS,
    PlanName.PLUS: MerchantPackageState.PLUS, PlanName.GINEE_PLUS: MerchantPackageState.PLUS,
}


def package_state(plan: PlanName | None) -> MerchantPackageState:
    """The merchant's package state once a basic package of this plan applies (the others count as basic)."""
    return PACKAGE_STATES.get(plan, MerchantPackageState.BASIC) if plan else MerchantPackageState.BASIC


def free_days_allowed(kind: SubscriptionKind, offered: Iterable[int]) -> int:
    """The most free days a request may give: a paid subscription what its packages offer (the most of them), a
    gift up to SPEC §9's 365."""
    if kind == SubscriptionKind.SUBSCRIBE:
        return min(max(offered, default=0), MAX_FREE_DAYS)
    return MAX_FREE_DAYS


def check_free_days_offered(kind: SubscriptionKind, free_days: int, offered: Iterable[int]) -> None:
    """SPEC §5 "free days must be consistent": refused naming the range the chosen packages allow, as soon as the
    dialog is quoted (its Next), not only at its confirmation."""
    allowed = free_days_allowed(kind, offered)
    if not 0 <= free_days <= allowed:
        raise Invalid("freeDays", "free_days_beyond_offer", min=0, max=allowed)


def check_free_days(c: Confirmation, chosen: Sequence[Offer]) -> None:
    """Free days 0..365, as in the dialog; a paid subscription gives no more than its packages offer."""
    if c.free_days != c.draft_free_days or not 0 <= c.free_days <= MAX_FREE_DAYS:
        raise Invalid("freeDays", "free_days_inconsistent", max=MAX_FREE_DAYS)
    check_free_days_offered(c.kind, c.free_days, (o.free_days for o in chosen))


def check_multi_warehouse(chosen: Sequence[Offer], held: frozenset[str]) -> None:
    """SPEC §5: "Multi-warehouse needs the Master Product and Stock package first"."""
    granted = frozenset().union(*(o.features for o in chosen)) if chosen else frozenset()
    if granted & MULTI_WAREHOUSE_FEATURES and not (held | granted) >= MASTER_PRODUCT_STOCK_FEATURES:
        raise Invalid("packages", "multi_warehouse_first")
