"""The staff's internal FAQ (SPEC §2 modify and preview, §4 offline/online/draft/topping) on the resource kit.
The preview reads what staff see: online entries, the topping ones first."""

from __future__ import annotations

from typing import Annotated

from sqlalchemy import case, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.scope import declares, unscoped
from api.schemas.internal_faq import InternalFaqCreate, InternalFaqFilters, InternalFaqPublic, InternalFaqUpdate
from domain.enums import InternalFaqState
from domain.models.internal_faq import InternalFaq
from domain.rules.rich_text import sanitize_html

FOR_ALL_STAFF = unscoped("knowledge for every member of staff; no country, team or owner")
PREVIEW_MAX = 200


async def _clean(_: AsyncSession, row: InternalFaq, user: Principal) -> None:
    row.answer = sanitize_html(row.answer)
    row.updated_by = user.id


internal_faq = Resource(
    name="InternalFaq", model=InternalFaq, public=InternalFaqPublic, create=InternalFaqCreate,
    update=InternalFaqUpdate, filters=InternalFaqFilters, permission="internal-faq-modify", also=("internal-faq",),
    actions=Actions(add="internal-faq#add", edit="internal-faq#edit", delete="internal-faq#delete",
                    export="internal-faq#export"),
    prepare=_clean, scope=FOR_ALL_STAFF, default_sort="-updated_at",
)

router = internal_faq.router(prefix="/internal-faq", tags=["internal-faq"])


@router.get("/preview", summary="The internal FAQ as staff read it: online entries, topping first",
            openapi_extra=declares(FOR_ALL_STAFF))
async def preview(db: SessionDep, _: Annotated[Principal, Need("internal-faq-preview")]
                  ) -> Reply[list[InternalFaqPublic]]:
    topping_first = case((InternalFaq.state == InternalFaqState.TOPPING, 0), else_=1)
    rows = (await db.scalars(
        select(InternalFaq).where(InternalFaq.state.in_([InternalFaqState.ONLINE, InternalFaqState.TOPPING]))
        .order_by(topping_first, InternalFaq.updated_at.desc(), InternalFaq.id.desc()).limit(PREVIEW_MAX))).all()
    return ok([InternalFaqPublic.model_validate(r) for r in rows])
