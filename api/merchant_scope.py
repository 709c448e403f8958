"""Data authority of merchants: a merchant belongs to its country, its team, and its sales and retention people.
The merchant lists and every call that acts on a merchant by its id (a subscription or gift dialog) take it."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.resource.scope import scoped
from domain.models.merchants import Merchant

MERCHANT_SCOPE = scoped(name="Merchant", country=Merchant.country, team=Merchant.team,
                        owner=(Merchant.sales_id, Merchant.retention_id))


async def within_scope(db: AsyncSession, user: Principal, merchant_id: int) -> bool:
    """Whether the merchant is one the user's data authority reaches (no statement when nothing restricts it)."""
    conditions = MERCHANT_SCOPE.conditions(user)
    if not conditions:
        return True
    return await db.scalar(select(Merchant.id).where(Merchant.id == merchant_id, *conditions)) is not None
