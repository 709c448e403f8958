"""Who is calling: the session, the user, their permissions and data scope, read in one statement and kept
per API process for as long as the auth epoch stands (`AuthEpoch`, raised in the same transaction as any
change to sessions, users, roles or grants). Each call reads the epoch, one indexed row, so a revoked token,
role or permission still takes effect on the very next call, in every process."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from api import security
from domain.db import driver_of
from domain.enums import Status
from domain.rules.data_authority import UNRESTRICTED, EffectiveScope, merge

KEPT = 10_000  # callers remembered a process; the least recently seen go first


@dataclass(frozen=True)
class Principal:
    """The logged-in staff member as the server sees them: identity, permissions, data scope."""

    id: int
    username: str
    display_name: str
    email: str
    session_id: int
    is_super: bool
    permissions: frozenset[str]
    country: str | None = None
    team: str | None = None
    department_id: int | None = None
    scope: EffectiveScope = UNRESTRICTED  # data authority; see domain/rules/data_authority.py
    extra: dict[str, Any] = field(default_factory=dict)

    def can(self, permission: str) -> bool:
        return self.is_super or permission in self.permissions


@dataclass(frozen=True)
class Caller:
    """A principal as known at one auth epoch, with what its session's renewal needs."""

    principal: Principal
    epoch: int
    expires_at: datetime
    remember: bool

    @property
    def needs_renewal(self) -> bool:
        return security.needs_renewal(self.expires_at, self.remember)

    def valid_at(self, epoch: int) -> bool:
        return epoch == self.epoch and self.expires_at > security.now()


EPOCH = "select value from auth_epoch where id = 1"
EPOCH_SQL = text(EPOCH)

# The session, the user, whether an enabled role is super, the permission identifiers (via enabled roles and
# direct grants) and the data-scope grants, in one round trip.
PRINCIPAL_SQL = text("""
with caller as (
  select s.id as session_id, s.user_id, s.expires_at, s.remember, s.revoked_at, u.username, u.display_name, u.email,
         u.status, u.country, u.team, u.department_id
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = :token_hash),
roles_held as (
  select r.id, r.is_super from caller c join user_roles ur on ur.user_id = c.user_id
  join roles r on r.id = ur.role_id where r.status = :enabled)
select c.*, coalesce((select bool_or(is_super) from roles_held), false) as is_super,
       array(select a.identifier from authorities a join role_authorities ra on ra.authority_id = a.id
             where ra.role_id in (select id from roles_held)
             union
             select a.identifier from authorities a join user_authorities ua on ua.authority_id = a.id
             where ua.user_id = c.user_id) as permissions,
       (select coalesce(json_agg(json_build_array(d.scope_type, d.values)), '[]') from data_scopes d
        where d.user_id = c.user_id or d.role_id in (select id from roles_held)) as grants
from caller c""")


class Callers:
    """The callers this process has seen, by token digest."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self.known: OrderedDict[str, Caller] = OrderedDict()

    def get(self, digest: str) -> Caller | None:
        caller = self.known.get(digest)
        if caller is not None:
            self.known.move_to_end(digest)
        return caller

    def put(self, digest: str, caller: Caller) -> None:
        self.known[digest] = caller
        self.known.move_to_end(digest)
        while len(self.known) > self.size:
            self.known.popitem(last=False)

    def drop(self, digest: str) -> None:
        self.known.pop(digest, None)

    def clear(self) -> None:
        self.known.clear()


CALLERS = Callers()


async def read_epoch(db: AsyncSession | AsyncConnection) -> int:
    """On a session (every FastAPI call reads it), on the session's psycopg connection: no SQLAlchemy statement."""
    if isinstance(db, AsyncSession):
        row = await (await (await driver_of(db)).execute(EPOCH)).fetchone()
        return int(row[0] or 0) if row else 0
    return int(await db.scalar(EPOCH_SQL) or 0)


async def caller_of(db: AsyncSession | AsyncConnection, token: str) -> Caller | None:
    """The live caller holding this token, or None (unknown, revoked, expired or disabled). Read afresh when
    the epoch has moved since it was kept. The epoch is read first, so a change committed meanwhile leaves
    the kept caller at the older epoch, to be read again on the next call."""
    digest = security.token_hash(token)
    epoch = await read_epoch(db)
    caller = CALLERS.get(digest)
    if caller is None or caller.epoch != epoch:
        row = (await db.execute(PRINCIPAL_SQL, {"token_hash": digest, "enabled": Status.ENABLED.value})).first()
        if row is None or row.revoked_at is not None or row.status != Status.ENABLED:
            CALLERS.drop(digest)
            return None
        caller = Caller(principal_of(row), epoch, row.expires_at, row.remember)
        CALLERS.put(digest, caller)
    return caller if caller.expires_at > security.now() else None


def principal_of(row: Any) -> Principal:
    return Principal(
        id=row.user_id, username=row.username, display_name=row.display_name, email=row.email,
        session_id=row.session_id, is_super=row.is_super, permissions=frozenset(row.permissions),
        country=row.country, team=row.team, department_id=row.department_id,
        scope=UNRESTRICTED if row.is_super else merge((kind, values) for kind, values in row.grants),
    )
