"""The server half of the resource kit: one declaration gives an entity its list, detail, add,
modify, delete, xlsx export and xlsx/xls import endpoints, with permissions, data-authority
scoping and field-level audit built in.

    couriers = Resource(name="Courier", model=Courier, public=CourierPublic, create=CourierCreate,
                        update=CourierUpdate, filters=CourierFilters, permission="logistics-configuration")
    router = couriers.router(prefix="/courier", tags=["couriers"])

No `from __future__ import annotations` here: the endpoint signatures are built from the
declared schemas at run time and FastAPI must see real types.
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, Generic, TypeVar

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel
from pydantic.alias_generators import to_snake
from sqlalchemy import Select, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload, with_expression

from api.deps import Need, Plain, PlainCall, Principal, SessionDep, release
from api.envelope import CamelModel, Page, Reply, ok, ok_json
from api.errors import label_routes
from api.idempotency import REPLAYED_HEADER, Idempotency, KeyHeader
from api.resource.bounds import bound_integers, narrow_filters
from api.resource.exporting import export_route
from api.resource.importing import Reference, import_routes
from api.resource.page import PlainPage, Tallies
from api.resource.query import SearchParams, apply_filters, apply_sort, int_bound, page_of
from api.resource.scope import DataScope, declares
from api.resource.taken import taken
from api.schemas.types import harden
from domain import audit
from domain.errors import Conflict, DomainError, Forbidden, Invalid, NotFound
from domain.i18n import field_label, t
from domain.rules.inputs import Problems

M = TypeVar("M")

RESOURCES: list["Resource[Any]"] = []  # every declared resource, for the walks that hold each module to the kit

# What the public schema shows beyond the row's columns (a person's name, a count): field -> SQL expression of the
# row, read as a column of the list's page and with `with_expression` on the model's `query_expression` otherwise.
ComputedFn = Callable[[], dict[str, Any]]
# Called before a new or changed row is flushed: cross-field and database rules, owner stamping.
PrepareFn = Callable[[AsyncSession, Any, Principal], Awaitable[None]]
# Called before the flush with the body's values that are not columns (role ids, a password to hash).
ExtrasFn = Callable[[AsyncSession, Any, dict[str, Any], Principal], Awaitable[None]]
# Called before a row is deleted, to refuse (raise) when the entity's rules forbid it.
DeleteCheckFn = Callable[[AsyncSession, Any, Principal], Awaitable[None]]
# Called after an add or modify is committed, for work outside the database (starting the row's flow): the row is
# saved whatever it does, so it must leave a trace a reconciler can pick up when it cannot finish.
CommittedFn = Callable[[Request, Any, Principal], Awaitable[None]]


def refuse_nulls(model: type, schema: type[BaseModel], values: dict[str, Any], *, creating: bool = False) -> None:
    """A null for a NOT NULL column is the caller's 422 naming the field, not the database's error. On
    creation a null leaves a column with a default to its default, as the ORM does."""
    # the kit's model is any mapped class: its id and table are unknown to mypy
    columns = model.__table__.columns  # type: ignore[attr-defined]
    for key, value in values.items():
        column = columns.get(key)
        if value is not None or column is None or column.nullable or column.primary_key:
            continue
        if creating and (column.default is not None or column.server_default is not None):
            continue
        info = schema.model_fields.get(key)
        raise Invalid(field=(info.alias if info and info.alias else key), rule="not_null")


@dataclass
class Actions:
    """Permission keys of the buttons; the menu identifier guards search and detail. A button left out has no
    route: records another system owns (merchants, shops, payments) are not added, deleted or imported here."""

    add: str | None = None
    edit: str | None = None
    delete: str | None = None
    export: str | None = None
    import_: str | None = None

    @classmethod
    def crud(cls, module: str) -> "Actions":
        """Every button, keyed `<module>#add`, `#edit`, `#delete`, `#export` and `#import`."""
        return cls(add=f"{module}#add", edit=f"{module}#edit", delete=f"{module}#delete", export=f"{module}#export",
                   import_=f"{module}#import")


@dataclass
class Resource(Generic[M]):
    name: str
    model: type[M]
    public: type[CamelModel]
    create: type[CamelModel]
    update: type[CamelModel]
    filters: type[SearchParams]
    permission: str
    actions: Actions
    scope: DataScope  # data authority: `scoped(country=..., owner=...)`, or `unscoped("why")`
    also: tuple[str, ...] = ()  # other menus whose screens show the same list and detail
    computed: ComputedFn | None = None
    prepare: PrepareFn | None = None
    extras: ExtrasFn | None = None
    check_delete: DeleteCheckFn | None = None
    relations: tuple[Any, ...] = ()  # relationships the public schema reads: loaded with reads, refreshed on writes
    # constraint name -> field named in the error, or (field, error code) for a refusal with its own message
    unique: dict[str, str | tuple[str, str]] = field(default_factory=dict)
    # (column, value) that marks a row deleted instead of removing it (content state DELETE): lists leave it out
    soft_delete: tuple[str, Any] | None = None
    after_commit: CommittedFn | None = None
    sortable: set[str] | None = None
    default_sort: str = "-id"
    # create fields holding another row's id, imported by the code or name the export shows of that row
    references: tuple[Reference, ...] = ()
    tallies: Tallies | None = None  # figures beside the search's page (a plain list's only)

    def __post_init__(self) -> None:
        if not self.scope.name and not self.scope.reason:
            self.scope = replace(self.scope, name=self.name)
        # the written schemas (a read-only resource names its public one in their place)
        written = {self.create, self.update} - {self.public}
        bound_integers(self.model, *written)
        harden(*written)  # what no column bounds: integers, dates and times, names (api/schemas/types.py)
        narrow_filters(self.model, self.filters)
        RESOURCES.append(self)

    # ---- queries -------------------------------------------------------------------------------

    def computed_columns(self) -> dict[str, Any]:
        return self.computed() if self.computed else {}

    def base_query(self, user: Principal) -> Select[Any]:
        query = select(self.model).options(*(selectinload(r) for r in self.relations), *(
            with_expression(getattr(self.model, name), value) for name, value in self.computed_columns().items()))
        if self.soft_delete:
            column, deleted = self.soft_delete
            query = query.where(getattr(self.model, column) != deleted)
        return self.scope(query, user)

    async def ensure_in_scope(self, db: AsyncSession, user: Principal, row: Any) -> None:
        """Data authority holds for writes too: a row added or changed must stay within the writer's scope
        (a user scoped to ID cannot add or move a record into PH). Checked on the flushed row with the same
        SQL the lists use; the refusal rolls the call back."""
        found = self.scope.conditions(user)
        # the kit's model is any mapped class: its id and table are unknown to mypy
        if found and await db.scalar(select(self.model.id).where(  # type: ignore[attr-defined]
                # the kit's model is any mapped class: its id and table are unknown to mypy
                self.model.id == row.id, *found)) is None:  # type: ignore[attr-defined]
            raise Forbidden("DATA_SCOPE_WRITE", entity=self.name)

    def columns(self) -> set[str]:
        # the kit's model is any mapped class: its id and table are unknown to mypy
        return {a.key for a in self.model.__mapper__.column_attrs}  # type: ignore[attr-defined]

    async def write(self, db: AsyncSession, user: Principal, row: Any, values: dict[str, Any]) -> None:
        """Non-column values to the extras hook, the prepare hook, the flush, then the relations re-read. The
        field problems of both hooks and the unique values already taken are refused together, in one reply."""
        columns = self.columns()
        problems = Problems()
        with db.no_autoflush:  # the hooks check references before the row is written
            if self.extras:
                with problems.catching():
                    await self.extras(db, row, {k: v for k, v in values.items() if k not in columns}, user)
            if self.prepare:
                with problems.catching():
                    await self.prepare(db, row, user)
            held = await taken(db, self.model, row, self.unique, values) if problems or len(self.unique) > 1 else []
        if problems or len(held) > 1:
            problems.extend(held)
            problems.raise_any()
        if row not in db:
            db.add(row)
        await self.flush(db, values)
        await self.ensure_in_scope(db, user, row)
        if self.relations:  # as the lists load them: a refresh leaves a many-to-one onto the same table unloaded
            # the kit's model is any mapped class: its id and table are unknown to mypy
            await db.execute(select(self.model).where(self.model.id == row.id).options(  # type: ignore[attr-defined]
                *(selectinload(r) for r in self.relations)).execution_options(populate_existing=True))

    def search_query(self, params: SearchParams, user: Principal) -> Select[Any]:
        query = apply_filters(self.base_query(user), self.model, params)
        return apply_sort(query, self.model, params.sort, self.sortable_fields(), self.default_sort)

    def sortable_fields(self) -> set[str]:
        if self.sortable is not None:
            return self.sortable
        # the kit's model is any mapped class: its id and table are unknown to mypy
        columns = {c.key for c in self.model.__table__.columns}  # type: ignore[attr-defined]
        return columns & set(self.public.model_fields)

    async def load(self, db: AsyncSession, user: Principal, row_id: int, *, lock: bool = False) -> M:
        # a class is hashable; mypy takes the mapped class's __eq__ to mean it is not
        bound = int_bound(self.model, "id")  # type: ignore[arg-type]
        if bound is not None and not -bound <= row_id < bound:  # an id its column cannot hold: no such row
            raise NotFound(entity=self.name)
        # the kit's model is any mapped class: its id and table are unknown to mypy
        query = self.base_query(user).where(self.model.id == row_id)  # type: ignore[attr-defined]
        row = await db.scalar(query.with_for_update() if lock else query)
        if row is None:
            raise NotFound(entity=self.name)
        return row

    async def shown(self, db: AsyncSession, user: Principal, row: M) -> M:
        """The written row as the lists show it: re-read with the resource's computed values (the names of
        the people and groups it now points to), which a write leaves unset."""
        if self.computed is None:
            return row
        # the kit's model is any mapped class: its id and table are unknown to mypy
        query = self.base_query(user).where(self.model.id == row.id)  # type: ignore[attr-defined]
        return await db.scalar(query.execution_options(populate_existing=True)) or row

    async def audit(self, db: AsyncSession, user: Principal, row_id: Any, action: str,
                    before: dict[str, Any] | None, after: dict[str, Any] | None) -> None:
        await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity=self.name,
                                  entity_id=row_id, action=action, before=before, after=after)

    # ---- writes --------------------------------------------------------------------------------

    async def flush(self, db: AsyncSession, values: dict[str, Any]) -> None:
        """Flush inside a savepoint so a unique violation names its field and leaves the rest intact."""
        try:
            async with db.begin_nested():
                await db.flush()
        except IntegrityError as exc:
            constraint = getattr(getattr(exc.orig, "diag", None), "constraint_name", None)
            target = self.unique.get(constraint or "")
            if target is None:
                raise
            name, code = target if isinstance(target, tuple) else (target, None)
            # the field is named as the wire names it; the values are keyed by the schema's attribute
            raise Conflict(code, field=name, value=values.get(name, values.get(to_snake(name), ""))) from exc

    async def add_row(self, db: AsyncSession, user: Principal, data: BaseModel) -> M:
        values = data.model_dump()
        refuse_nulls(self.model, self.create, values, creating=True)
        columns = self.columns()
        row = self.model(**{k: v for k, v in values.items() if k in columns})
        await self.write(db, user, row, values)
        # the kit's model is any mapped class: its id and table are unknown to mypy
        await self.audit(db, user, row.id, "create", None, audit.snapshot(row))  # type: ignore[attr-defined]
        return row

    async def modify_row(self, db: AsyncSession, user: Principal, data: BaseModel) -> M:
        values = data.model_dump(exclude_unset=True)
        refuse_nulls(self.model, self.update, values)
        row = await self.load(db, user, values.pop("id"), lock=True)
        before = audit.snapshot(row)
        columns = self.columns()
        for key, value in values.items():
            if key in columns:
                setattr(row, key, value)
        await self.write(db, user, row, values)
        # the kit's model is any mapped class: its id and table are unknown to mypy
        await self.audit(db, user, row.id, "update", before, audit.snapshot(row))  # type: ignore[attr-defined]
        return row

    async def delete_row(self, db: AsyncSession, user: Principal, row_id: int) -> None:
        row = await self.load(db, user, row_id, lock=True)
        if self.check_delete:
            await self.check_delete(db, row, user)
        before = audit.snapshot(row)
        if self.soft_delete:
            setattr(row, *self.soft_delete)
            await db.flush()
            await self.audit(db, user, row_id, "delete", before, audit.snapshot(row))
            return
        await db.delete(row)
        try:
            async with db.begin_nested():
                await db.flush()
        except IntegrityError as exc:
            raise DomainError("DELETE_IN_USE", status=409, entity=self.name) from exc
        await self.audit(db, user, row_id, "delete", before, None)

    async def committed(self, request: Request, db: AsyncSession, row: Any, user: Principal) -> None:
        """Commit the call's writes, then run the after-commit work (it may wait on another service)."""
        if self.after_commit:
            await release(db)
            await self.after_commit(request, row, user)

    # ---- spreadsheets (api/resource/exporting.py, importing.py) -------------------------------

    def header(self, alias: str) -> str:
        """An export column's title: the resource's own label of the field (`fields.Merchant.channels`, the
        channels of its shops) before the label every module shares (`fields.channels`)."""
        key = f"fields.{self.name}.{alias}"
        own = t(key)
        return own if own != key else field_label(alias)

    # ---- the router ----------------------------------------------------------------------------

    def router(self, prefix: str, tags: list[str]) -> APIRouter:
        router = APIRouter(prefix=prefix, tags=list(tags))
        res, public = self, self.public
        scope = declares(self.scope)

        plain = PlainPage.of(self)
        if plain is not None:
            self._plain_search_route(router, plain, scope)
        else:
            self._object_search_route(router, scope)

        @router.get("/detail/{row_id}", summary=f"Get one {self.name}", openapi_extra=scope)
        async def get(row_id: int, db: SessionDep,
                      # a type the kit builds at run time for each resource, read by FastAPI
                      user: Annotated[Principal, Need(self.permission, *self.also)]) -> Reply[public]:  # type: ignore[valid-type]
            return ok(public.model_validate(await res.load(db, user, row_id)))

        if self.actions.add:
            self._add_route(router, prefix)
        if self.actions.edit:
            self._modify_route(router)
        if self.actions.delete:
            self._delete_route(router)
        if self.actions.export:
            export_route(self, router, scope)
        if self.actions.import_:
            import_routes(self, router)
        label_routes(router, self.name)
        return router

    def _plain_search_route(self, router: APIRouter, plain: PlainPage, scope: dict[str, Any]) -> None:
        """Plain rows on the plain connection (api/resource/page.py), one statement rendered once per shape."""
        # a type the kit builds at run time for each resource, read by FastAPI
        page_t, filters_t = Page[self.public], self.filters  # type: ignore[name-defined]
        tallies = self.tallies
        reply_t: Any = tallies.page if tallies is not None else page_t

        @router.post("/search", summary=f"Search {self.name}s", openapi_extra=scope, response_model=Reply[reply_t])
        # a type the kit builds at run time for each resource, read by FastAPI
        async def search(params: filters_t,  # type: ignore[valid-type]
                         call: Annotated[PlainCall, Plain(self.permission, *self.also)]) -> Response:
            db, user = call.db, call.user
            figures, total = await tallies.figures(db, params, user) if tallies is not None else ({}, None)
            return ok_json({**await plain.read(db, params, user, total), **figures})

    def _object_search_route(self, router: APIRouter, scope: dict[str, Any]) -> None:
        """A list whose schema reads relationships: ORM objects."""
        if self.tallies is not None:
            raise TypeError(f"{self.name}: tallies are read beside a plain list's page only")
        # a type the kit builds at run time for each resource, read by FastAPI
        res, public, page_t, filters_t = self, self.public, Page[self.public], self.filters  # type: ignore[name-defined]

        @router.post("/search", summary=f"Search {self.name}s", openapi_extra=scope)
        # a type the kit builds at run time for each resource, read by FastAPI
        async def search(params: filters_t, db: SessionDep,  # type: ignore[valid-type]
                         # a type the kit builds at run time for each resource, read by FastAPI
                         user: Annotated[Principal, Need(self.permission, *self.also)]) -> Reply[page_t]:  # type: ignore[valid-type]
            return ok(await page_of(db, res.search_query(params, user), params, public.model_validate))

    def _add_route(self, router: APIRouter, prefix: str) -> None:
        res, public, create_t = self, self.public, self.create

        @router.post("/add", summary=f"Add a {self.name}")
        # a type the kit builds at run time for each resource, read by FastAPI
        async def add(body: create_t, db: SessionDep, request: Request, response: Response,  # type: ignore[valid-type]
                      user: Annotated[Principal, Need(self.actions.add)],
                      # a type the kit builds at run time for each resource, read by FastAPI
                      key: KeyHeader = None) -> Reply[public]:  # type: ignore[valid-type]
            once = Idempotency.of(key, f"{prefix}/add", body)
            first = await once.claim(db, user.id) if once else None
            if first is not None:  # a retry: the record the first call created
                response.headers[REPLAYED_HEADER] = "true"
                return ok(public.model_validate(await res.load(db, user, first)))
            row = await res.shown(db, user, await res.add_row(db, user, body))
            if once:
                # the kit's model is any mapped class: its id and table are unknown to mypy
                await once.bind(db, row.id)  # type: ignore[attr-defined]
            await res.committed(request, db, row, user)
            return ok(public.model_validate(row))

    def _modify_route(self, router: APIRouter) -> None:
        res, public, update_t = self, self.public, self.update

        @router.post("/modify", summary=f"Modify a {self.name}")
        # a type the kit builds at run time for each resource, read by FastAPI
        async def modify(body: update_t, db: SessionDep, request: Request,  # type: ignore[valid-type]
                         # a type the kit builds at run time for each resource, read by FastAPI
                         user: Annotated[Principal, Need(self.actions.edit)]) -> Reply[public]:  # type: ignore[valid-type]
            row = await res.shown(db, user, await res.modify_row(db, user, body))
            await res.committed(request, db, row, user)
            return ok(public.model_validate(row))

    def _delete_route(self, router: APIRouter) -> None:
        res = self

        @router.delete("/delete/{row_id}", summary=f"Delete a {self.name}")
        async def delete(row_id: int, db: SessionDep,
                         user: Annotated[Principal, Need(self.actions.delete)]) -> Reply[None]:
            await res.delete_row(db, user, row_id)
            return ok(None)
