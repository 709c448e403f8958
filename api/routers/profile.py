"""The logged-in user's own settings in the profile center (SPEC §2): the time zone every time is shown in."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from sqlalchemy import update

from api.deps import AUTHENTICATED, Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.schemas.profile import LanguageBody, ProfileSettings, ProfileSettingsPublic
from domain import audit
from domain.models.users import User
from domain.user_time_zones import default_zone_name

router = APIRouter(prefix="/user", tags=["profile"])


@router.post("/profile", summary="Change my own settings (time zone)")
async def save(body: ProfileSettings, db: SessionDep,
               user: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[ProfileSettingsPublic]:
    row = await db.get(User, user.id, with_for_update=True)
    assert row is not None  # the caller's own row: the principal stands only while it exists
    before, row.time_zone = row.time_zone, body.time_zone
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="User", entity_id=user.id,
                              action="update", before={"timeZone": before}, after={"timeZone": row.time_zone})
    return ok({"timeZone": row.time_zone, "defaultTimeZone": await default_zone_name(db)})


@router.post("/language", summary="Keep the language I use the console in (mails to me are written in it)")
async def save_language(body: LanguageBody, db: SessionDep,
                        user: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[None]:
    await db.execute(update(User).where(User.id == user.id).values(language=body.language))
    return ok(None)
