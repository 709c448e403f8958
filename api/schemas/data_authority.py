from __future__ import annotations

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from api.envelope import CamelModel
from api.resource.bounds import RowId
from api.schemas.auth import ScopePublic
from domain.enums import Country, DataScopeType, Team

ALLOWED_VALUES = {DataScopeType.COUNTRY: {c.value for c in Country}, DataScopeType.TEAM: {t.value for t in Team}}


class ScopeGrant(CamelModel):
    """One grant: COUNTRY and TEAM carry values (country codes, team identifiers); the others carry none."""

    scope_type: DataScopeType
    values: list[str] = Field(default_factory=list, max_length=50)

    @model_validator(mode="after")
    def _values_fit_the_type(self) -> ScopeGrant:
        allowed = ALLOWED_VALUES.get(self.scope_type)
        if allowed is None:
            self.values = []
        elif not self.values:
            raise PydanticCustomError("scope_values_required", "values required")
        elif set(self.values) - allowed:
            raise PydanticCustomError("scope_values", "unknown values",
                                      {"expected": ", ".join(sorted(allowed))})
        return self


class RoleScopesBody(CamelModel):
    role_id: RowId
    scopes: list[ScopeGrant] = Field(max_length=10)


class UserScopesBody(CamelModel):
    user_id: RowId
    scopes: list[ScopeGrant] = Field(max_length=10)


class ScopesPublic(CamelModel):
    scopes: list[ScopeGrant]


class UserScopesPublic(ScopesPublic):
    """The user's own grants, and what they add up to with the grants of the user's enabled roles."""

    effective: ScopePublic
