"""The language each mail recipient reads: a console user's own (users.language, kept from their login and
their language menu), found by their address; an address of nobody in the console gets the default language."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.i18n import DEFAULT_LANGUAGE, LANGUAGES
from domain.models.users import User


async def languages_of(db: AsyncSession, addresses: Iterable[str]) -> dict[str, str]:
    """Each address's language, by the address as given."""
    given = list(dict.fromkeys(addresses))
    rows = (await db.execute(select(func.lower(User.email), User.language).where(
        func.lower(User.email).in_([a.lower() for a in given]), User.language.is_not(None)))).all()
    known = {email: language for email, language in rows if language in LANGUAGES}
    return {a: known.get(a.lower(), DEFAULT_LANGUAGE) for a in given}


def offered(language: str) -> str | None:
    """A language the console writes in, or None (a fallback language such as th is not kept)."""
    return language if language in LANGUAGES else None
