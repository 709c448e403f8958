"""Per-user console state: recently visited and subscribed pages, table column display (SPEC §2, §5, §7)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects.postgresql import insert

from api.deps import AUTHENTICATED, Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource.scope import CALLERS_OWN, declares
from api.schemas.console import (
    PageRef,
    PageVisitPublic,
    SubscriptionBody,
    TableDisplayBody,
    TableDisplayPublic,
    TableKey,
)
from domain.models.console import PageVisit, TableDisplay
from domain.rules.console import MAX_HISTORY, keep_subscriptions

router = APIRouter(tags=["console"])
Me = Annotated[Principal, Need(AUTHENTICATED)]
QUIET = {"x-audit": False}  # page clicks and reads are not operations worth an audit row


async def pages_of(db: SessionDep, user_id: int) -> list[PageVisit]:
    query = select(PageVisit).where(PageVisit.user_id == user_id).order_by(
        PageVisit.subscribed.desc(), PageVisit.visited_at.desc(), PageVisit.id.desc())
    return list((await db.scalars(query)).all())


@router.get("/history/list", openapi_extra=declares(CALLERS_OWN),
            summary="Subscribed pages first, then the most recently visited")
async def history(db: SessionDep, user: Me) -> Reply[list[PageVisitPublic]]:
    return ok([PageVisitPublic.model_validate(p) for p in await pages_of(db, user.id)])


@router.post("/history/add", openapi_extra=QUIET, summary="Note a visit to a page")
async def add_visit(body: PageRef, db: SessionDep, user: Me) -> Reply[None]:
    stmt = insert(PageVisit).values(user_id=user.id, name=body.name, access_url=body.access_url)
    await db.execute(stmt.on_conflict_do_update(
        index_elements=[PageVisit.user_id, PageVisit.access_url],
        set_={"name": stmt.excluded.name, "visits": PageVisit.visits + 1, "visited_at": func.now()}))
    # Keep the most recent pages only; subscribed ones always stay.
    stale = select(PageVisit.id).where(PageVisit.user_id == user.id, ~PageVisit.subscribed).order_by(
        PageVisit.visited_at.desc(), PageVisit.id.desc()).offset(MAX_HISTORY)
    await db.execute(delete(PageVisit).where(PageVisit.id.in_(stale)))
    return ok(None)


@router.post("/history/subscription", summary="Subscribe to at most five pages (more are cut to five)")
async def subscribe(body: SubscriptionBody, db: SessionDep, user: Me) -> Reply[list[PageVisitPublic]]:
    by_url = {p.access_url: p for p in body.subscription_list if isinstance(p, PageRef)}
    kept, truncated = keep_subscriptions(list(by_url))
    await db.execute(update(PageVisit).where(PageVisit.user_id == user.id).values(subscribed=False))
    for url in kept:
        stmt = insert(PageVisit).values(user_id=user.id, name=by_url[url].name, access_url=url, subscribed=True,
                                        visits=0)
        await db.execute(stmt.on_conflict_do_update(
            index_elements=[PageVisit.user_id, PageVisit.access_url],
            set_={"subscribed": True, "name": func.coalesce(func.nullif(stmt.excluded.name, ""), PageVisit.name)}))
    subscribed = {p.access_url: p for p in await pages_of(db, user.id) if p.subscribed}
    pages = [PageVisitPublic.model_validate(subscribed[url]) for url in kept]  # in the order asked
    # SPEC §8: more than five pages gives the 'most five pages' message; otherwise: refresh to see them.
    return ok(pages, "console.subscription_truncated" if truncated else "console.subscribed")


@router.post("/front/table-display/get", openapi_extra=declares(CALLERS_OWN, **QUIET),
             summary="The user's column display of one table")
async def get_display(body: TableKey, db: SessionDep, user: Me) -> Reply[TableDisplayPublic]:
    columns = await db.scalar(select(TableDisplay.columns).where(
        TableDisplay.user_id == user.id, TableDisplay.table_key == body.table_key))
    return ok({"tableKey": body.table_key, "columns": columns})


@router.post("/front/table-display/change", summary="Save the user's column order and visibility of one table")
async def change_display(body: TableDisplayBody, db: SessionDep, user: Me) -> Reply[TableDisplayPublic]:
    columns = [c.model_dump(by_alias=True) for c in body.columns]
    stmt = insert(TableDisplay).values(user_id=user.id, table_key=body.table_key, columns=columns)
    await db.execute(stmt.on_conflict_do_update(index_elements=[TableDisplay.user_id, TableDisplay.table_key],
                                                set_={"columns": stmt.excluded.columns, "updated_at": func.now()}))
    return ok({"tableKey": body.table_key, "columns": columns})
