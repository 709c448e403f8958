"""Writing a package version: the one place its price figures are derived and its permissions stored, for the
API and the demo data alike (SPEC §5 formulas in domain/rules/packages.py)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from domain.models.packages import Package, PackageVersion, PackageVersionFeature
from domain.rules import money
from domain.rules import packages as rules

PRICE_INPUTS = ("amount", "tax_rate", "discounted_price")


async def write_version(db: AsyncSession, package: Package, terms: dict[str, Any], number: int,
                        created_by: int | None) -> PackageVersion:
    """Version `number` of the package with these terms (already checked), made the current one."""
    currency = money.currency_of(package.country) or ""
    figures = rules.prices(terms["amount"], terms["tax_rate"], terms["discounted_price"], currency,
                           terms["payment_period"])
    version = PackageVersion(
        package_id=package.id, version=number, currency=currency, created_by=created_by,
        daily_orders=rules.daily_orders(terms["monthly_orders"]),
        **{k: v for k, v in terms.items() if k != "feature_keys" and k not in PRICE_INPUTS},
        **{k: getattr(figures, k) for k in figures.__dataclass_fields__})
    db.add(version)
    await db.flush()
    keys = sorted(set(terms["feature_keys"]))
    db.add_all(PackageVersionFeature(version_id=version.id, feature_key=key) for key in keys)
    await db.flush()
    await db.refresh(version, ["features"])
    package.current_version = number
    return version
