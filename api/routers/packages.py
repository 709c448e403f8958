"""ERP, menu and common packages on the resource kit, in versions (SPEC §3 ERP package, §4, §5).

A package's terms (prices, counts, permissions) live in versions: any change of them writes version n+1 and
moves `packages.current_version` at once, audited with the diff, while a subscription keeps the version it
bought. Packages are never deleted (no delete endpoint); a new one starts disabled, and a basic package with
no bound permission cannot be enabled.

Data authority: packages are scoped by their country. A package is a country's price list in that country's
currency, sold to that country's merchants: staff limited to Indonesia price and enable Indonesian packages
only, like the merchants they serve.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from sqlalchemy import inspect, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.scope import REFERENCE, declares, scoped
from api.schemas.packages import (
    TERMS,
    FeatureNode,
    PackageCreate,
    PackageFilters,
    PackageGroupCreate,
    PackagePermissions,
    PackagePublic,
    PackageStatusChange,
    PackageUpdate,
)
from domain import audit
from domain.enums import Country, PackageScene, Status
from domain.errors import DomainError, Invalid
from domain.i18n import current_language
from domain.models.packages import Feature, Package, PackageVersion
from domain.package_versions import write_version
from domain.rules import money
from domain.rules import packages as rules
from domain.rules.inputs import Problems

LIST_MENUS = ("erp-package", "menu-package", "common-package")
SCOPE = scoped(name="Package", country=Package.country)


def terms_of(version: PackageVersion) -> dict[str, Any]:
    """The terms of a version as the wire gives them (what a change is compared with)."""
    values = {k: getattr(version, k) for k in TERMS if k != "feature_keys"}
    return {**values, "channels": list(values["channels"] or []),
            "feature_keys": sorted(f.feature_key for f in version.features)}


PRICED = ("country", "amount", "taxRate", "discountedPrice")  # a group's fields given per country


def term_problems(terms: dict[str, Any], country: str) -> list[rules.Problem]:
    """Every SPEC §5 rule the terms break: prices and counts together."""
    return rules.terms_problems(terms, country)


def stored_terms(terms: dict[str, Any]) -> dict[str, Any]:
    """The terms with money at the columns' two places (so 1200 and 1200.00 compare equal)."""
    return {**terms, **{k: money.stored(terms[k]) for k in ("amount", "tax_rate", "discounted_price")},
            "feature_keys": sorted(set(terms["feature_keys"]))}


def identity_problems(row: Package) -> list[rules.Problem]:
    """SPEC §5: the name is not editable after creation (a trigger refuses it too); an add-on keeps a mode, and
    its type once set (a trigger too); an enabled basic package keeps a plan (a CHECK too)."""
    history = inspect(row).attrs.name.history
    named = rules.name_problems(row.name) if row.id is None else (
        rules.name_problems(row.name, before=history.deleted[0]) if history.deleted else [])
    typed = inspect(row).attrs.addon_type.history
    before = typed.deleted[0] if row.id is not None and typed.deleted else None
    return [*named, *rules.shape_problems(row.package_type, row.addon_mode),
            *rules.addon_type_problems(row.package_type, row.addon_type, creating=row.id is None, before=before),
            *rules.plan_problems(row.package_type, row.plan_name, row.status == Status.ENABLED, row.kind)]


async def check_features(db: AsyncSession, keys: list[str]) -> None:
    known = set((await db.scalars(select(Feature.key).where(Feature.key.in_(keys)))).all())
    unknown = sorted(set(keys) - known)
    if unknown:
        raise Invalid("featureKeys", "package_feature_unknown", keys=", ".join(unknown[:5]))


async def apply_terms(db: AsyncSession, row: Package, extras: dict[str, Any], user: Principal) -> None:
    """Create: version 1. Modify: a new version when any term changes, audited with what changed. Every broken
    rule of identity and terms is refused in one reply."""
    changed = {k: v for k, v in extras.items() if k in TERMS}
    before = terms_of(row.current) if row.id is not None else None
    after = {**(before or {}), **{k: v for k, v in changed.items() if v is not None or before is None}}
    problems = Problems()
    problems.extend(identity_problems(row))
    problems.extend(term_problems(after, row.country))
    problems.raise_any()
    after = stored_terms(after)
    if after == before:
        return
    await check_features(db, after["feature_keys"])
    if before is None:
        db.add(row)
        await packages.flush(db, {"name": row.name})  # the version needs the package's id
        await write_version(db, row, after, 1, user.id)
        await packages.audit(db, user, row.id, "version", None, {"version": 1, **audit_terms(after)})
        return
    number = row.current_version + 1
    await write_version(db, row, after, number, user.id)
    await packages.audit(db, user, row.id, "version", {"version": number - 1, **audit_terms(before)},
                         {"version": number, **audit_terms(after)})


def audit_terms(terms: dict[str, Any]) -> dict[str, Any]:
    return {k: audit.plain(v) for k, v in terms.items()}


async def keep_identity(db: AsyncSession, row: Package, _: Principal) -> None:
    problems = Problems()
    problems.extend(identity_problems(row))
    problems.raise_any()


packages = Resource(
    name="Package", model=Package, public=PackagePublic, create=PackageCreate, update=PackageUpdate,
    filters=PackageFilters, permission=LIST_MENUS[0], also=LIST_MENUS[1:],
    actions=Actions(add="package#add", edit="package#edit", export="package#export"),
    scope=SCOPE, relations=(Package.current,), extras=apply_terms, prepare=keep_identity,
    unique={"uq_packages_kind_name_country": "name"}, default_sort="name",
)
router = packages.router(prefix="/package", tags=["packages"])


@router.post("/add-group", summary="Add one package name for several countries at once (all or none)")
async def add_group(body: PackageGroupCreate, db: SessionDep,
                    user: Annotated[Principal, Need("package#add")]) -> Reply[list[PackagePublic]]:
    problems, seen = Problems(), set()
    blocks = []
    for index, block in enumerate(body.countries):  # every country's prices checked before any is added
        prefix = f"countries[{index}]."
        if block.country in seen:
            problems.add(f"{prefix}country", "package_country_twice")
        seen.add(block.country)
        values = {**body.model_dump(exclude={"countries"}), **block.model_dump()}
        own = term_problems(values, block.country)
        problems.extend([p for p in own if p.field in PRICED], prefix)
        if index == 0:  # the shared terms are the same in every country
            problems.extend(p for p in own if p.field not in PRICED)
        blocks.append(values)
    problems.raise_any()
    created = [await packages.add_row(db, user, PackageCreate.model_validate(values)) for values in blocks]
    return ok([PackagePublic.model_validate(row) for row in created])


@router.post("/permissions", summary="Bind the permissions of a package: a new version at once")
async def bind_permissions(body: PackagePermissions, db: SessionDep,
                           user: Annotated[Principal, Need("package#edit")]) -> Reply[PackagePublic]:
    row = await packages.modify_row(db, user, PackageUpdate(id=body.id, feature_keys=body.feature_keys))
    return ok(PackagePublic.model_validate(row))


@router.post("/status", summary="Enable or disable a package")
async def change_status(body: PackageStatusChange, db: SessionDep,
                        user: Annotated[Principal, Need("package#status")]) -> Reply[PackagePublic]:
    """SPEC §4: a basic package with no bound permission, or without its plan, cannot be enabled (the reply carries
    the package, so the screen offers its edit);
    disabling hides it from its scene while subscribers keep their version."""
    row = await packages.load(db, user, body.id, lock=True)
    if body.status == Status.ENABLED:
        problem = rules.enable_problem(row.package_type, len(row.current.features), row.plan_name, row.kind)
        if problem:
            raise DomainError(problem, status=409, data={"id": row.id, "kind": row.kind}, name=row.name)
    if row.status != body.status:
        before = audit.snapshot(row)
        row.status = body.status
        await db.flush()
        await packages.audit(db, user, row.id, "update", before, audit.snapshot(row))
    return ok(PackagePublic.model_validate(row))


@router.get("/options", summary="Enabled packages of a country and scene, with their current version",
            openapi_extra=declares(SCOPE))
async def options(db: SessionDep, user: Annotated[Principal, Need("account#subscribe", "account#gift")],
                  country: Annotated[Country | None, Query()] = None,
                  scene: Annotated[PackageScene, Query()] = PackageScene.ERP) -> Reply[list[PackagePublic]]:
    """What the subscribe and gift dialogs offer (the merchant's country): a disabled package is hidden from
    its scene (SPEC §4). Without a country, every country the caller's data authority covers."""
    query = packages.base_query(user).where(Package.status == Status.ENABLED, Package.scene == scene)
    if country is not None:
        query = query.where(Package.country == country)
    rows = sorted((await db.scalars(query)).all(), key=lambda r: (r.package_type, r.current.priority, r.name))
    return ok([PackagePublic.model_validate(r) for r in rows])


@router.get("/features", summary="The system#feature permission catalogue (SPEC §6) as a flat list of tree nodes",
            openapi_extra=declares(REFERENCE))
async def features(db: SessionDep, _: Annotated[Principal, Need(*LIST_MENUS)]) -> Reply[list[FeatureNode]]:
    column = {"zh-CN": Feature.name_zh, "id": Feature.name_id}.get(current_language.get(), Feature.name_en)
    rows = (await db.execute(select(Feature.key, Feature.parent_key, Feature.system, column.label("name"),
                                    Feature.sort).order_by(Feature.sort, Feature.key)))
    return ok([FeatureNode.model_validate(dict(r._mapping)) for r in rows])

