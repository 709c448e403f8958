"""Who may give what (SPEC §6, §7): no one grants more than they hold.

A grant is any change that gives someone authorities: a role assigned to a user, a member added to a
role, authorities set on a role or on a user, data scopes saved. The rules:
- only a super user grants a super role, adds members to one or changes its authorities;
- a granter gives only authorities they hold themselves (what they take away is not limited);
- no one changes their own roles, direct authorities or data scopes, nor (unless super) the grants of a
  role they hold, so no one can widen their own rights;
- a granter restricted by data authority gives only scopes within their own (data_authority.within).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from domain.errors import Forbidden
from domain.rules.data_authority import EffectiveScope, within

SHOWN = 5  # authorities named in a refusal; the rest are counted


@dataclass(frozen=True)
class Granter:
    id: int
    is_super: bool
    permissions: frozenset[str]
    scope: EffectiveScope


class GrantRefused(Forbidden):
    """A 403 naming the rule the grant broke (errors.GRANT_* in domain/locales)."""


def check_self(granter: Granter, changed_users: Iterable[int]) -> None:
    """No one changes their own roles or grants, super users included."""
    if granter.id in set(changed_users):
        raise GrantRefused("GRANT_SELF")


def check_role_held(granter: Granter, held_roles: Iterable[int], changed_roles: Iterable[int]) -> None:
    """Changing the grants of a role one holds changes one's own grants."""
    if not granter.is_super and set(held_roles) & set(changed_roles):
        raise GrantRefused("GRANT_OWN_ROLE")


def check_gives(granter: Granter, *, gives_super: bool = False, authorities: Iterable[str] = ()) -> None:
    """A super role only from a super user; otherwise only authorities the granter holds."""
    if granter.is_super:
        return
    if gives_super:
        raise GrantRefused("GRANT_SUPER")
    beyond = sorted(set(authorities) - granter.permissions)
    if beyond:
        more = f" (+{len(beyond) - SHOWN})" if len(beyond) > SHOWN else ""
        raise GrantRefused("GRANT_NOT_HELD", authorities=", ".join(beyond[:SHOWN]) + more)


def check_scope(granter: Granter, given: EffectiveScope) -> None:
    """A data scope wider than the granter's own cannot be given."""
    if not granter.is_super and not within(given, granter.scope):
        raise GrantRefused("GRANT_SCOPE_WIDER")


def check_scope_change(granter: Granter, before: EffectiveScope | None, after: EffectiveScope) -> None:
    """Roles given or taken change a user's data scope: it may stay as wide as it was, or fit within the
    granter's, never be wider than both. `before` is None for a new user. (Taking away a user's last
    restricting role widens them: holding no grant at all means no restriction.)"""
    if granter.is_super or within(after, granter.scope) or (before is not None and within(after, before)):
        return
    raise GrantRefused("GRANT_SCOPE_WIDER")
