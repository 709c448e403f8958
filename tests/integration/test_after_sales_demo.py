"""The demo returns went through the after-sales services at the start's seeding (api/prestart.py): several
states, restocks through the ledger, and the by-hour tallies equal the returns they count."""

from __future__ import annotations

from sqlalchemy import func, select

from domain.db import transaction
from domain.models.after_sales import MaterialUsage, ReturnHour, ReturnOrder


async def test_demo_returns_span_states_and_their_tallies_equal_them():
    async with transaction() as db:
        states = (await db.execute(select(func.count(func.distinct(ReturnOrder.status))))).scalar_one()
        returns = (await db.execute(select(func.count()).select_from(ReturnOrder))).scalar_one()
        requested = (await db.execute(select(func.coalesce(func.sum(ReturnHour.requested), 0)))).scalar_one()
        usages = (await db.execute(select(func.count()).select_from(MaterialUsage))).scalar_one()
    assert returns >= 10 and states >= 3
    assert requested == returns
    assert usages >= 1
