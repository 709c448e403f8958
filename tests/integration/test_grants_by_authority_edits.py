"""No permission made by editing the menu tree (docs/decisions/authority-identifiers.md): an editor of
authorities, menus and buttons cannot rename, re-create, import or delete entries so that they end up holding
what they did not hold, nor move a grant from its holders to others. Each path is walked by a holder of
`authority#edit` without the target permission: the built-in IT role for `temporal#operate`, a menu editor for
the operators' health screen."""

from contextlib import asynccontextmanager

import pytest
from sqlalchemy import delete, insert, select

from api.deps import AUTHENTICATED
from api.main import create_app
from api.routers.system import HEALTH_DETAIL
from api.temporal_ui import UI_PATH
from domain.db import transaction
from domain.models.authorities import Authority
from domain.models.roles import Role, role_authorities
from domain.models.users import user_roles
from domain.seed.authorities import BUILT_IN
from domain.seed.identity import sync_authorities, sync_roles
from tests.conftest import unique
from tests.integration.import_support import upload
from tests.integration.people import bearer, create_user, token_for

MENU_EDITOR = ("menu-management", "authority#add", "authority#edit", "authority#delete", "authority#import")


async def it_staff() -> tuple[dict[str, str], int]:
    """A user holding the built-in IT role (and nothing else of their own), with the role's id."""
    user = await create_user()
    async with transaction() as db:
        role_id = await db.scalar(select(Role.id).where(Role.code == "it"))
        await db.execute(insert(user_roles).values(user_id=user.id, role_id=role_id))
    return bearer(await token_for(user)), role_id


async def menu_editor() -> tuple[dict[str, str], int]:
    user = await create_user(*MENU_EDITOR)
    async with transaction() as db:
        role_id = await db.scalar(select(user_roles.c.role_id).where(user_roles.c.user_id == user.id))
    return bearer(await token_for(user)), role_id


async def ids_of(*identifiers: str) -> dict[str, int]:
    async with transaction() as db:
        rows = (await db.execute(select(Authority.identifier, Authority.id)
                                 .where(Authority.identifier.in_(identifiers)))).all()
    return dict(rows)  # type: ignore[arg-type]


@asynccontextmanager
async def tree_restored(*identifiers: str):  # type: ignore[no-untyped-def]
    """Whatever a walk managed to change, the built-in tree is put back afterwards, as a restart would."""
    before = await ids_of(*identifiers)
    try:
        yield before
    finally:
        async with transaction() as db:
            await db.execute(delete(Authority).where(Authority.identifier.in_(identifiers),
                                                     Authority.id.not_in(before.values())))
            for identifier, row_id in before.items():
                row = await db.get(Authority, row_id)
                if row is not None:
                    row.identifier = identifier
            await db.flush()
            await sync_roles(db, await sync_authorities(db))


def refused(reply, status: int, code: str, rule: str | None = None) -> None:  # type: ignore[no-untyped-def]
    assert reply.status_code == status, reply.text
    body = reply.json()
    assert body["code"] == code, body
    assert body["message"] and not body["message"].startswith(("errors.", "rules.")), body
    if rule is not None:
        assert body["data"]["errors"][0]["field"] == "identifier", body
        assert body["data"]["errors"][0]["rule"] == rule, body


def entry(identifier: str, menu_type: str) -> dict[str, object]:
    return {"menuType": menu_type, "title": "Made up", "identifier": identifier, "descriptionEn": "Made up",
            "descriptionZh": "编造", "descriptionId": "Buatan", "sort": 1}


@pytest.mark.parametrize(("attacker", "target", "held", "menu_type"), [
    (it_staff, "temporal#operate", "authority#export", "BUTTON"),
    (menu_editor, HEALTH_DETAIL, "menu-management", "MENU"),
], ids=["it-role-takes-temporal-operate", "menu-editor-takes-health-details"])
async def test_authority_edits_grant_nothing(client, attacker, target, held, menu_type):
    headers, own_role = await attacker()
    async with tree_restored(target, held) as before:
        # Rename the target away, then rename an entry the attacker holds to it.
        away = await client.post("/cms/authority/modify", headers=headers,
                                 json={"id": before[target], "identifier": f"{target}-gone"})
        refused(away, 422, "VALIDATION_FAILED", "identifier_fixed")
        onto = await client.post("/cms/authority/modify", headers=headers,
                                 json={"id": before[held], "identifier": target})
        refused(onto, 422, "VALIDATION_FAILED", "identifier_fixed")
        # Delete it, create it anew, import it, and attach it to one's own role.
        gone = await client.delete(f"/cms/authority/delete/{before[target]}", headers=headers)
        refused(gone, 403, "AUTHORITY_BUILT_IN")
        made = await client.post("/cms/authority/add", headers=headers, json=entry(target, menu_type))
        refused(made, 422, "VALIDATION_FAILED", "identifier_not_held")
        sheet = entry(target, menu_type)
        imported = await upload(client, headers, "authority", [list(sheet), list(sheet.values())], status=422)
        assert imported["data"]["errors"][0]["rule"] == "identifier_not_held", imported
        attached = await client.post("/cms/role/set-authorities", headers=headers,
                                     json={"roleId": own_role, "authorityIds": [before[target]]})
        assert attached.status_code == 403, attached.text
        assert await ids_of(target, held) == before
    info = (await client.get("/cms/user/info", headers=headers)).json()["data"]
    assert target not in info["permissions"]
    if target == "temporal#operate":
        assert (await client.get(f"{UI_PATH}/", headers=headers)).status_code == 403


async def test_a_title_or_parent_changes_and_the_same_identifier_may_be_sent(client, login_as):
    headers, name = await login_as(*MENU_EDITOR), unique("entry")
    made = await client.post("/cms/authority/add", headers=headers, json=entry(name, "MENU"))
    assert made.status_code == 200, made.text
    row = made.json()["data"]
    try:
        kept = await client.post("/cms/authority/modify", headers=headers,
                                 json={**entry(name, "MENU"), "id": row["id"], "title": "Retitled"})
        assert kept.status_code == 200 and kept.json()["data"]["title"] == "Retitled", kept.text
    finally:
        async with transaction() as db:
            await db.execute(delete(role_authorities).where(role_authorities.c.authority_id == row["id"]))
            await db.execute(delete(Authority).where(Authority.id == row["id"]))


def test_every_permission_a_route_needs_is_built_in():
    """Only built-in identifiers are kept from being created by non-holders: so every one a route checks is one."""
    paths = create_app().openapi()["paths"].values()
    needed = {op.get("x-permission") for item in paths for op in item.values()} - {"public", AUTHENTICATED}
    assert len(needed) > 50 and needed <= BUILT_IN, sorted(needed - BUILT_IN)
