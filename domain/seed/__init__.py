"""Seeding: built-in authorities and roles are brought up to date on every start; demo data only once."""

from __future__ import annotations

import logging

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.db import transaction
from domain.models.users import User
from domain.seed import action_mappings, calendars, demo, features, identity, jobs

log = logging.getLogger("omp.seed")


async def seed_all(db: AsyncSession, *, admin_password: str, demo_data: bool) -> bool:
    """True when the demo data was created now (the first start)."""
    added = await identity.sync_authorities(db)
    await identity.sync_roles(db, added)
    await action_mappings.sync(db)
    await calendars.sync(db)
    await features.sync(db)
    await jobs.sync(db)
    first_start = not await db.scalar(select(func.count()).select_from(User))
    if first_start:
        await identity.create_admin(db, admin_password)
        if demo_data:
            await demo.create(db)
            log.info("demo data created")
            return True
    return False


async def seed() -> bool:
    from domain.settings import get_settings

    settings = get_settings()
    async with transaction() as db:
        return await seed_all(db, admin_password=settings.admin_password, demo_data=settings.seed_demo)
