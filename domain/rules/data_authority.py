"""Data authority: how the grants of a user and of their roles add up to the rows they may see.

Each scope type narrows one dimension of the data: COUNTRY the country, TEAM the team, OWN and
DEPARTMENT whose record it is (OWN: mine; DEPARTMENT: anyone's in my department or below it).
Grants of the same dimension widen each other (a role for ID and one for PH give ID and PH);
different dimensions narrow together (ID and team pre-sales: Indonesian rows of pre-sales).
ALL lifts every restriction, and so does holding no grant at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from domain.enums import DataScopeType


@dataclass(frozen=True)
class EffectiveScope:
    unrestricted: bool = True
    countries: frozenset[str] | None = None  # None: this dimension is not restricted
    teams: frozenset[str] | None = None
    own: bool = False  # OWN or DEPARTMENT granted: the ownership dimension is restricted
    department: bool = False  # ... and includes the records of the user's department tree

    @property
    def owner_restricted(self) -> bool:
        return self.own or self.department


UNRESTRICTED = EffectiveScope()


def within(inner: EffectiveScope, outer: EffectiveScope) -> bool:
    """Whether `inner` shows no row `outer` hides: each dimension `outer` restricts, `inner` restricts
    at least as much (fewer countries or teams; own records rather than the department's)."""
    if outer.unrestricted:
        return True
    if inner.unrestricted:
        return False
    for mine, theirs in ((inner.countries, outer.countries), (inner.teams, outer.teams)):
        if theirs is not None and (mine is None or not mine <= theirs):
            return False
    if outer.owner_restricted:
        return inner.owner_restricted and (outer.department or not inner.department)
    return True


def merge(grants: Iterable[tuple[DataScopeType | str, Iterable[str]]]) -> EffectiveScope:
    """The effective scope of (scope type, values) grants."""
    countries: set[str] = set()
    teams: set[str] = set()
    kinds: set[DataScopeType] = set()
    for kind, values in grants:
        kind = DataScopeType(kind)
        kinds.add(kind)
        if kind == DataScopeType.COUNTRY:
            countries.update(v.upper() for v in values)
        elif kind == DataScopeType.TEAM:
            teams.update(values)
    if not kinds or DataScopeType.ALL in kinds:
        return UNRESTRICTED
    return EffectiveScope(
        unrestricted=False,
        countries=frozenset(countries) if DataScopeType.COUNTRY in kinds else None,
        teams=frozenset(teams) if DataScopeType.TEAM in kinds else None,
        own=DataScopeType.OWN in kinds,
        department=DataScopeType.DEPARTMENT in kinds,
    )
