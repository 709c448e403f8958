"""No one grants more than they hold (SPEC §6, §7; domain/rules/grants.py): every path that gives roles,
members, authorities or data scopes, refused with a translated 403 naming the reason, changing nothing."""

import pytest
from sqlalchemy import func, insert, select

from domain.db import transaction
from domain.models.audit import EntityChange
from domain.models.authorities import Authority
from domain.models.data_authority import DataScope
from domain.models.roles import Role, role_authorities
from domain.models.users import User, user_authorities, user_roles
from tests.conftest import unique
from tests.integration.people import bearer, create_user, token_for


async def super_role_id() -> int:
    async with transaction() as db:
        return await db.scalar(select(Role.id).where(Role.code == "admin"))


async def role_of(user_id: int) -> int:
    async with transaction() as db:
        return await db.scalar(select(user_roles.c.role_id).where(user_roles.c.user_id == user_id))


async def roles_held(user_id: int) -> set[int]:
    async with transaction() as db:
        return set((await db.scalars(select(user_roles.c.role_id).where(user_roles.c.user_id == user_id))).all())


async def every_authority() -> list[int]:
    async with transaction() as db:
        return list((await db.scalars(select(Authority.id))).all())


async def authority_id(identifier: str) -> int:
    async with transaction() as db:
        return await db.scalar(select(Authority.id).where(Authority.identifier == identifier))


async def headers_of(user: User) -> dict[str, str]:
    return bearer(await token_for(user))


def refused(reply, code: str) -> None:  # type: ignore[no-untyped-def]
    assert reply.status_code == 403, reply.text
    body = reply.json()
    assert body["code"] == code, body
    assert body["message"] and body["message"] != f"errors.{code}"


async def test_an_editor_cannot_make_themselves_super(client):
    editor = await create_user("user-management", "user#edit")
    mine = await role_of(editor.id)
    reply = await client.post("/cms/user/modify", headers=await headers_of(editor),
                              json={"id": editor.id, "roleIds": [await super_role_id(), mine]})
    refused(reply, "GRANT_SELF")
    assert await roles_held(editor.id) == {mine}


async def test_an_editor_cannot_give_another_user_the_super_role(client):
    editor = await create_user("user-management", "user#edit")
    other = await create_user()
    reply = await client.post("/cms/user/modify", headers=await headers_of(editor),
                              json={"id": other.id, "roleIds": [await super_role_id()]})
    refused(reply, "GRANT_SUPER")
    assert await super_role_id() not in await roles_held(other.id)


async def test_a_user_adder_cannot_create_a_super_user_nor_one_with_more_rights(client):
    adder = await create_user("user-management", "user#add")
    name = unique("super")
    body = {"username": name, "realName": "Real Super", "displayName": "Super", "email": f"{name}@test.local",
            "password": "Omp-Strong-2026!x", "roleIds": [await super_role_id()]}
    refused(await client.post("/cms/user/add", headers=await headers_of(adder), json=body), "GRANT_SUPER")
    rich = await create_user("user-management", "user#add", "user#delete")
    body["roleIds"] = [await role_of(rich.id)]
    refused(await client.post("/cms/user/add", headers=await headers_of(adder), json=body), "GRANT_NOT_HELD")
    async with transaction() as db:
        assert await db.scalar(select(func.count()).where(User.username == name)) == 0


async def test_a_role_member_manager_cannot_join_the_super_role(client):
    manager = await create_user("role-management", "role#members")
    headers = await headers_of(manager)
    super_id = await super_role_id()
    async with transaction() as db:
        members = set((await db.scalars(select(user_roles.c.user_id).where(user_roles.c.role_id == super_id))).all())
    reply = await client.post("/cms/role/set-members", headers=headers,
                              json={"roleId": super_id, "userIds": [*members, manager.id]})
    refused(reply, "GRANT_SELF")
    other = await create_user()
    reply = await client.post("/cms/role/set-members", headers=headers,
                              json={"roleId": super_id, "userIds": [*members, other.id]})
    refused(reply, "GRANT_SUPER")
    source = await role_of(other.id)
    reply = await client.post("/cms/role/switch-members", headers=headers,
                              json={"sourceRoleId": source, "targetRoleId": super_id, "userIds": [other.id]})
    refused(reply, "GRANT_SUPER")
    assert super_id not in await roles_held(manager.id) | await roles_held(other.id)


async def test_granters_give_only_authorities_they_hold(client):
    granter = await create_user("user-management", "user#grant", "role-management", "role#grant", "leads#add")
    headers = await headers_of(granter)
    everything = await every_authority()
    other = await create_user()
    refused(await client.post("/cms/user/set-authorities", headers=headers,
                              json={"userId": other.id, "authorityIds": everything}), "GRANT_NOT_HELD")
    target = await role_of(other.id)
    refused(await client.post("/cms/role/set-authorities", headers=headers,
                              json={"roleId": target, "authorityIds": everything}), "GRANT_NOT_HELD")
    refused(await client.post("/cms/role/batch-add-authorities", headers=headers,
                              json={"roleIds": [target], "authorityIds": everything}), "GRANT_NOT_HELD")
    refused(await client.post("/cms/role/copy-authorities", headers=headers,
                              json={"sourceRoleId": await super_role_id(), "targetRoleIds": [target]}),
            "GRANT_NOT_HELD")
    async with transaction() as db:
        assert await db.scalar(select(func.count()).where(user_authorities.c.user_id == other.id)) == 0
        assert await db.scalar(select(func.count()).where(role_authorities.c.role_id == target)) == 0
    # What the granter holds, they may give.
    held = await authority_id("leads#add")
    reply = await client.post("/cms/user/set-authorities", headers=headers,
                              json={"userId": other.id, "authorityIds": [held]})
    assert reply.status_code == 200, reply.text
    reply = await client.post("/cms/role/set-authorities", headers=headers,
                              json={"roleId": target, "authorityIds": [held]})
    assert reply.status_code == 200, reply.text


async def test_no_one_changes_their_own_grants(client):
    granter = await create_user("user-management", "user#grant", "role-management", "role#grant", "leads#add",
                                "data-authority", "data-authority#edit")
    headers = await headers_of(granter)
    held = await authority_id("leads#add")
    refused(await client.post("/cms/user/set-authorities", headers=headers,
                              json={"userId": granter.id, "authorityIds": [held]}), "GRANT_SELF")
    refused(await client.post("/cms/role/set-authorities", headers=headers,
                              json={"roleId": await role_of(granter.id), "authorityIds": []}), "GRANT_OWN_ROLE")
    refused(await client.post("/cms/data-authority/user/save", headers=headers,
                              json={"userId": granter.id, "scopes": [{"scopeType": "ALL"}]}), "GRANT_SELF")
    refused(await client.post("/cms/data-authority/role/save", headers=headers,
                              json={"roleId": await role_of(granter.id), "scopes": [{"scopeType": "ALL"}]}),
            "GRANT_OWN_ROLE")


async def test_a_scoped_granter_gives_no_wider_scope(client):
    granter = await create_user("data-authority", "data-authority#edit", country="ID")
    async with transaction() as db:
        db.add(DataScope(user_id=granter.id, scope_type="COUNTRY", values=["ID"]))
    headers = await headers_of(granter)
    other = await create_user(country="ID")
    for scopes in ([{"scopeType": "ALL"}], [], [{"scopeType": "COUNTRY", "values": ["ID", "PH"]}]):
        refused(await client.post("/cms/data-authority/user/save", headers=headers,
                                  json={"userId": other.id, "scopes": scopes}), "GRANT_SCOPE_WIDER")
    reply = await client.post("/cms/data-authority/user/save", headers=headers,
                              json={"userId": other.id, "scopes": [{"scopeType": "COUNTRY", "values": ["ID"]},
                                                                   {"scopeType": "OWN"}]})
    assert reply.status_code == 200, reply.text


@pytest.fixture
async def indonesian_admin():
    admin = await create_user("user-management", "user#add", "user#edit", "user#unlock", country="ID")
    async with transaction() as db:
        db.add(DataScope(user_id=admin.id, scope_type="COUNTRY", values=["ID"]))
    return admin


async def test_data_scope_holds_for_writes(client, indonesian_admin):
    headers = await headers_of(indonesian_admin)
    name = unique("ph")
    body = {"username": name, "realName": "Real Ph", "displayName": "Ph", "email": f"{name}@test.local",
            "password": "Omp-Strong-2026!x", "country": "PH"}
    refused(await client.post("/cms/user/add", headers=headers, json=body), "DATA_SCOPE_WRITE")
    reply = await client.post("/cms/user/add", headers=headers, json={**body, "country": "ID"})
    assert reply.status_code == 200, reply.text
    added = reply.json()["data"]["id"]
    refused(await client.post("/cms/user/modify", headers=headers, json={"id": added, "country": "PH"}),
            "DATA_SCOPE_WRITE")
    async with transaction() as db:
        assert await db.scalar(select(User.country).where(User.id == added)) == "ID"
        assert await db.scalar(select(func.count()).where(User.username == name)) == 1


async def test_user_options_name_only_users_within_scope(client, indonesian_admin):
    headers = await headers_of(indonesian_admin)
    mark = unique("opt")[:12]
    here = await create_user(country="ID", real_name=f"{mark} here")
    away = await create_user(country="PH", real_name=f"{mark} away")
    picked = (await client.get("/cms/user/options", headers=headers, params={"ids": [here.id, away.id]})).json()
    assert [u["id"] for u in picked["data"]] == [here.id]
    found = (await client.get("/cms/user/options", headers=headers, params={"keyword": mark})).json()["data"]
    assert [u["id"] for u in found] == [here.id]


async def test_account_state_is_scoped_and_audited(client, indonesian_admin):
    headers = await headers_of(indonesian_admin)
    away = await create_user(country="PH")
    here = await create_user(country="ID")
    await token_for(here)
    for key in ("LOGIN_LOCK", "SESSION"):
        reply = await client.get("/cms/common/redis/account/exist", headers=headers,
                                 params={"redisKey": key, "account": away.username})
        assert reply.status_code == 404, reply.text
        reply = await client.post("/cms/common/redis/account/remove", headers=headers,
                                  params={"keyType": key, "account": away.username})
        assert reply.status_code == 404, reply.text
    reply = await client.post("/cms/common/redis/account/remove", headers=headers,
                              params={"keyType": "SESSION", "account": here.username})
    assert reply.json()["data"]["removed"] == 1
    async with transaction() as db:
        change = await db.scalar(select(EntityChange).where(EntityChange.entity == "User",
                                                            EntityChange.entity_id == str(here.id)))
    assert change is not None and change.operator_id == indonesian_admin.id
    assert change.changes == {"SESSION": {"before": 1, "after": 0}}


async def role_with_scope(*scopes: tuple[str, list[str]]) -> int:
    async with transaction() as db:
        role = Role(name=unique("scoped "))
        db.add(role)
        await db.flush()
        db.add_all(DataScope(role_id=role.id, scope_type=kind, values=values) for kind, values in scopes)
        return role.id


async def test_roles_given_or_taken_leave_no_one_wider_than_the_granter(client):
    granter = await create_user("user-management", "user#edit", "role-management", "role#members", country="ID")
    async with transaction() as db:
        db.add(DataScope(user_id=granter.id, scope_type="COUNTRY", values=["ID"]))
    headers = await headers_of(granter)
    target = await create_user(country="ID")
    indonesia = await role_of(target.id)
    async with transaction() as db:
        db.add(DataScope(role_id=indonesia, scope_type="COUNTRY", values=["ID"]))
    everything = await role_with_scope(("ALL", []))
    reply = await client.post("/cms/user/modify", headers=headers,
                              json={"id": target.id, "roleIds": [indonesia, everything]})
    refused(reply, "GRANT_SCOPE_WIDER")
    refused(await client.post("/cms/role/set-members", headers=headers,
                              json={"roleId": everything, "userIds": [target.id]}), "GRANT_SCOPE_WIDER")
    # Taking the only restricting role away would leave no grant at all: no restriction.
    refused(await client.post("/cms/role/set-members", headers=headers,
                              json={"roleId": indonesia, "userIds": []}), "GRANT_SCOPE_WIDER")
    assert await roles_held(target.id) == {indonesia}
    narrower = await role_with_scope(("COUNTRY", ["ID"]), ("OWN", []))
    reply = await client.post("/cms/user/modify", headers=headers,
                              json={"id": target.id, "roleIds": [indonesia, narrower]})
    assert reply.status_code == 200, reply.text


async def test_enabling_a_disabled_role_is_a_grant(client):
    editor = await create_user("role-management", "role#edit")
    headers = await headers_of(editor)
    dormant = await create_user("user#delete")  # a role holding what the editor does not
    role_id = await role_of(dormant.id)
    async with transaction() as db:
        role = await db.get(Role, role_id)
        role.status = "DISABLED"
        await db.execute(insert(user_roles).values(user_id=editor.id, role_id=role_id))
    refused(await client.post("/cms/role/modify", headers=headers, json={"id": role_id, "status": "ENABLED"}),
            "GRANT_OWN_ROLE")
    async with transaction() as db:
        await db.execute(user_roles.delete().where(user_roles.c.user_id == editor.id, user_roles.c.role_id == role_id))
    refused(await client.post("/cms/role/modify", headers=headers, json={"id": role_id, "status": "ENABLED"}),
            "GRANT_NOT_HELD")
    async with transaction() as db:
        assert (await db.get(Role, role_id)).status == "DISABLED"
    renamed = await client.post("/cms/role/modify", headers=headers, json={"id": role_id, "name": unique("still ")})
    assert renamed.status_code == 200, renamed.text
