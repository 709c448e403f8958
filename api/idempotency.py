"""`Idempotency-Key` on creations: a retry after a lost reply returns the record the first call made.

The key is claimed by inserting it (caller + key, unique) in the same transaction that creates the
record, so both commit or vanish together: a failed call frees its key, a retry of a successful one
finds the record, and a concurrent duplicate waits on the unique key until the first commits (at most
LOCK_WAIT, then 409). The same key with a different body or route is refused with a 422. Keys expire
after TTL. See docs/decisions/idempotency-keys.md.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Annotated

from fastapi import Header
from psycopg.errors import LockNotAvailable
from pydantic import BaseModel
from sqlalchemy import delete, select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import DomainError
from domain.models.idempotency import IdempotencyKey

HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
TTL = timedelta(hours=24)
LOCK_WAIT = "5s"  # how long a concurrent duplicate waits for the first call before a 409
PRUNE_BATCH = 100

KeyHeader = Annotated[str | None, Header(
    alias=HEADER, min_length=1, max_length=200, pattern=r"^[!-~]+$",
    description="A client-chosen key (printable ASCII, up to 200) that makes this creation safe to retry: "
                "a repeat with the same key and body returns the record the first call created.",
)]


@dataclass
class Idempotency:
    key: str
    route: str
    fingerprint: str
    claim_id: int | None = None
    replayed: bool = False

    @classmethod
    def of(cls, key: str | None, route: str, body: BaseModel) -> Idempotency | None:
        """None when the caller sent no key: the creation is then not protected against retries."""
        if key is None:
            return None
        canonical = json.dumps([route, body.model_dump(mode="json")], sort_keys=True, separators=(",", ":"))
        return cls(key, route, hashlib.sha256(canonical.encode()).hexdigest())

    async def claim(self, db: AsyncSession, user_id: int) -> int | None:
        """Claim the key in `db`'s transaction. Returns None when this call is the first (create, then
        `bind`), or the id of the record the first call with this key created (answer with that)."""
        now = datetime.now(UTC)
        await _prune(db, user_id, self.key, now)
        previous = await db.scalar(text("select set_config('lock_timeout', :wait, true)"), {"wait": LOCK_WAIT})
        try:
            self.claim_id = await db.scalar(
                insert(IdempotencyKey)
                .values(user_id=user_id, key=self.key, route=self.route, fingerprint=self.fingerprint,
                        expires_at=now + TTL)
                .on_conflict_do_nothing(index_elements=["user_id", "key"])
                .returning(IdempotencyKey.id))
        except DBAPIError as exc:
            if isinstance(exc.orig, LockNotAvailable):
                raise DomainError("IDEMPOTENCY_IN_PROGRESS", status=409, field="idempotencyKey") from None
            raise
        await db.scalar(text("select set_config('lock_timeout', :previous, true)"), {"previous": previous})
        if self.claim_id is not None:
            return None
        first = await db.scalar(select(IdempotencyKey).where(
            IdempotencyKey.user_id == user_id, IdempotencyKey.key == self.key))
        if first is None:  # expired and pruned by someone else between the two statements: claim again
            return await self.claim(db, user_id)
        if first.fingerprint != self.fingerprint:
            raise DomainError("IDEMPOTENCY_KEY_REUSED", status=422, field="idempotencyKey")
        if first.resource_id is None:
            raise DomainError("IDEMPOTENCY_IN_PROGRESS", status=409, field="idempotencyKey")
        self.replayed = True
        return first.resource_id

    async def bind(self, db: AsyncSession, resource_id: int) -> None:
        """Record what the first call created, in the same transaction as the record."""
        assert self.claim_id is not None, "claim() first"
        await db.execute(update(IdempotencyKey).where(IdempotencyKey.id == self.claim_id)
                         .values(resource_id=resource_id))


async def _prune(db: AsyncSession, user_id: int, key: str, now: datetime) -> None:
    """Expired keys go as new ones come: this caller's same key, and a bounded batch of anyone's."""
    await db.execute(delete(IdempotencyKey).where(
        IdempotencyKey.user_id == user_id, IdempotencyKey.key == key, IdempotencyKey.expires_at <= now))
    expired = (select(IdempotencyKey.id).where(IdempotencyKey.expires_at <= now)
               .limit(PRUNE_BATCH).with_for_update(skip_locked=True))
    await db.execute(delete(IdempotencyKey).where(IdempotencyKey.id.in_(expired.scalar_subquery())))
