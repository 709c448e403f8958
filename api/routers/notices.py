"""Notices and FAQ for merchants (SPEC §3, §4, §5, §9) on the resource kit; each released by its own flow."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import Request
from sqlalchemy import inspect, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased
from temporalio.service import RPCError

from api.deps import AUTHENTICATED, Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.flows import temporal_client
from api.resource import Actions, Resource
from api.resource.query import picked_or_named
from api.resource.scope import declares, unscoped
from api.schemas.notices import (
    HomeNotice,
    NoticeCreate,
    NoticeFilters,
    NoticeFlow,
    NoticePublic,
    NoticeUpdate,
)
from api.schemas.options import FaqOption, PickedIds, Typed
from api.temporal_ui import OPERATE, workflow_path
from domain.enums import ContentLanguage, ContentState, NoticeKind, ReleaseStatus
from domain.errors import DomainError
from domain.flows.notices import workflow_id
from domain.i18n import current_language
from domain.models.notices import Notice
from domain.models.tickets import Ticket
from domain.rules import notices as rules
from domain.rules.inputs import Problems
from domain.rules.rich_text import sanitize_html
from services.flows import watched
from services.notices import start_release

log = logging.getLogger("omp.notices")
PUBLISHED_TO_ALL = unscoped("published to every merchant in its language; no country, team or owner")
Reader = Annotated[Principal, Need(AUTHENTICATED)]


async def _check(db: AsyncSession, row: Notice, user: Principal) -> None:
    """Rules across fields, the sanitised text, and the release status for the clock now; a new or re-timed
    notice is marked for its flow, which after_commit starts."""
    problems = Problems()  # every broken field named in one reply: the schema's rules on the saved row, the links
    problems.extend(rules.notice_problems({name: getattr(row, name) for name in
                                           ("state", "text", "start_at", "end_at", "release_at")}))
    row.text = sanitize_html(row.text)
    if row.ticket_id is not None and await db.get(Ticket, row.ticket_id) is None:
        problems.add("ticketId", "notice_ticket")
    if row.faq_id is not None:
        faq = await db.get(Notice, row.faq_id)
        if faq is None or faq.kind != NoticeKind.FAQ or faq.id == row.id or faq.state == ContentState.DELETE:
            problems.add("faqId", "notice_faq")
    problems.raise_any()
    if row.id is None:
        row.created_by = user.id
    timed = row.id is None or _times_changed(row)
    if timed:
        row.release_status = rules.release_status(row.release_at, row.end_at, datetime.now(UTC))
        row.flow_pending = True


def _times_changed(row: Notice) -> bool:
    state = inspect(row)
    return any(state.attrs[name].history.has_changes() for name in ("release_at", "end_at"))


async def _start_flow(request: Request, row: Notice, user: Principal) -> None:
    """The notice is saved; its flow starts now, or the reconciler starts it within minutes if Temporal is down
    (the reply says `flowPending`)."""
    if not row.flow_pending:
        return
    try:
        client = await temporal_client(request)
        async with watched():
            await start_release(client, row)
    except (DomainError, RPCError, TimeoutError) as exc:  # Temporal unreachable: the row stays marked
        log.warning("notice %s saved, its release flow not started yet: %s", row.id, exc)


def linked_titles() -> dict[str, Any]:
    """The titles of the ticket and the FAQ a notice links, beside their numbers."""
    faq = aliased(Notice)
    return {"ticket_title": select(Ticket.title).where(Ticket.id == Notice.ticket_id).scalar_subquery(),
            "faq_title": select(faq.title).where(faq.id == Notice.faq_id).scalar_subquery()}


notices = Resource(
    name="Notice", model=Notice, public=NoticePublic, create=NoticeCreate, update=NoticeUpdate,
    filters=NoticeFilters, permission="notices-faq-manage",
    actions=Actions(add="notice#add", edit="notice#edit", delete="notice#delete", export="notice#export"),
    prepare=_check, after_commit=_start_flow, scope=PUBLISHED_TO_ALL, computed=linked_titles,
    soft_delete=("state", ContentState.DELETE), default_sort="-updated_at",
)

router = notices.router(prefix="/notice", tags=["notices"])


@router.get("/latest", summary="The 5 most recently updated published notices and FAQ in the reader's language",
            openapi_extra=declares(PUBLISHED_TO_ALL))
async def latest(db: SessionDep, _: Reader) -> Reply[list[HomeNotice]]:
    """SPEC §9: the home page shows the 5 most recently updated, in the language the reader reads the console in."""
    language = ContentLanguage(current_language.get())
    rows = (await db.scalars(
        select(Notice).where(Notice.language == language, Notice.state == ContentState.ONLINE,
                             Notice.release_status == ReleaseStatus.PUBLISHED)
        .order_by(Notice.updated_at.desc(), Notice.id.desc()).limit(rules.HOME_LATEST))).all()
    return ok([HomeNotice.model_validate(r) for r in sorted(rows, key=lambda r: not r.pinned)])


@router.get("/flow/{notice_id}", summary="The notice's release flow, with its Temporal Web UI page for operators",
            openapi_extra=declares(PUBLISHED_TO_ALL))
async def flow(notice_id: int, db: SessionDep,
               user: Annotated[Principal, Need("notices-faq-manage")]) -> Reply[NoticeFlow]:
    wid = workflow_id((await notices.load(db, user, notice_id)).id)
    return ok(NoticeFlow(workflow_id=wid, workflow_url=workflow_path(wid) if user.can(OPERATE) else None))


@router.get("/options", openapi_extra=declares(PUBLISHED_TO_ALL),
            summary="FAQ (not deleted) whose title contains what is typed (the first 20), or the given ids, for the "
            "notice form's FAQ picker")
async def faq_options(db: SessionDep, _: Annotated[Principal, Need("notices-faq-manage")], q: Typed = None,
                      ids: PickedIds = None) -> Reply[list[FaqOption]]:
    query = select(Notice).where(Notice.kind == NoticeKind.FAQ, Notice.state != ContentState.DELETE).order_by(
        Notice.title, Notice.id)
    rows = await db.scalars(picked_or_named(query, [Notice.title], q, Notice.id, ids))
    return ok([FaqOption.model_validate(row) for row in rows])
