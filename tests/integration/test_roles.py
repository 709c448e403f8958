"""Roles: members (set, switch), authorities (set, batch add, copy) and built-in protection (SPEC §2, §6)."""

import pytest

from tests.conftest import unique
from tests.integration.people import create_user

ALL = ("role-management", "role#add", "role#edit", "role#delete", "role#members", "role#grant", "menu-management")


@pytest.fixture
async def admin(login_as):
    return await login_as(*ALL, super_user=True)  # gives authorities it does not hold itself


async def authority_ids(client, headers, *identifiers):
    found = {}

    def walk(nodes):
        for n in nodes:
            found[n["identifier"]] = n["id"]
            walk(n["children"])

    walk((await client.get("/cms/authority/tree-list", headers=headers)).json()["data"])
    return [found[i] for i in identifiers]


async def new_role(client, headers, **fields):
    reply = await client.post("/cms/role/add", headers=headers, json={"name": unique("Role "), **fields})
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def granted(client, headers, role):
    return (await client.get(f"/cms/role/authorities/{role['id']}", headers=headers)).json()["data"]["identifiers"]


async def test_a_new_role_with_members_and_authorities_is_listed_with_counts(client, admin):
    people = [await create_user(), await create_user()]
    ids = await authority_ids(client, admin, "crm-leads", "leads#add")
    role = await new_role(client, admin, memberIds=[p.id for p in people], authorityIds=ids, roleType="BUSINESS")
    found = (await client.post("/cms/role/search", headers=admin, json={"name": role["name"]})).json()["data"]
    assert [(r["memberCount"], r["authorityCount"], r["roleType"]) for r in found["items"]] == [(2, 2, "BUSINESS")]
    members = (await client.get(f"/cms/role/members/{role['id']}", headers=admin)).json()["data"]
    assert sorted(m["id"] for m in members) == sorted(p.id for p in people)
    duplicate = await client.post("/cms/role/add", headers=admin, json={"name": role["name"]})
    assert duplicate.status_code == 409 and duplicate.json()["data"] == {"field": "name"}


async def test_switch_members_moves_them_to_the_target_role(client, admin):
    """SPEC §2: role-to-role member switch."""
    a, b, c = await create_user(), await create_user(), await create_user()
    source = await new_role(client, admin, memberIds=[a.id, b.id, c.id])
    target = await new_role(client, admin)
    reply = await client.post("/cms/role/switch-members", headers=admin, json={
        "sourceRoleId": source["id"], "targetRoleId": target["id"], "userIds": [a.id]})
    assert reply.json()["data"] == {"moved": 1}
    reply = await client.post("/cms/role/switch-members", headers=admin, json={
        "sourceRoleId": source["id"], "targetRoleId": target["id"]})
    assert reply.json()["data"] == {"moved": 2}
    members = (await client.get(f"/cms/role/members/{target['id']}", headers=admin)).json()["data"]
    assert sorted(m["id"] for m in members) == sorted([a.id, b.id, c.id])
    assert (await client.get(f"/cms/role/members/{source['id']}", headers=admin)).json()["data"] == []
    same = await client.post("/cms/role/switch-members", headers=admin, json={
        "sourceRoleId": target["id"], "targetRoleId": target["id"]})
    assert same.status_code == 422


async def test_batch_add_and_copy_authorities(client, admin):
    """SPEC §2: batch permission adding; copying permissions from a source role to target roles."""
    leads, add, tickets = await authority_ids(client, admin, "crm-leads", "leads#add", "ticket-list")
    first, second = await new_role(client, admin), await new_role(client, admin, authorityIds=[tickets])
    reply = await client.post("/cms/role/batch-add-authorities", headers=admin, json={
        "roleIds": [first["id"], second["id"]], "authorityIds": [leads]})
    assert reply.status_code == 200
    assert await granted(client, admin, first) == ["crm-leads"]
    assert await granted(client, admin, second) == ["crm-leads", "ticket-list"]
    source = await new_role(client, admin, authorityIds=[leads, add])
    await client.post("/cms/role/copy-authorities", headers=admin,
                      json={"sourceRoleId": source["id"], "targetRoleIds": [first["id"], second["id"]]})
    assert await granted(client, admin, second) == ["crm-leads", "leads#add", "ticket-list"]
    await client.post("/cms/role/copy-authorities", headers=admin,
                      json={"sourceRoleId": source["id"], "targetRoleIds": [second["id"]], "replace": True})
    assert await granted(client, admin, second) == ["crm-leads", "leads#add"]


async def test_set_authorities_changes_what_members_may_do(client, admin, login_as):
    person = await create_user()
    role = await new_role(client, admin, memberIds=[person.id])
    ids = await authority_ids(client, admin, "audit-log")
    await client.post("/cms/role/set-authorities", headers=admin, json={"roleId": role["id"], "authorityIds": ids})
    assert await granted(client, admin, role) == ["audit-log"]
    await client.post("/cms/role/set-authorities", headers=admin, json={"roleId": role["id"], "authorityIds": []})
    assert await granted(client, admin, role) == []
    reply = await client.post("/cms/role/set-authorities", headers=admin,
                              json={"roleId": role["id"], "authorityIds": [99999999]})
    assert reply.status_code == 422 and reply.json()["data"]["errors"][0]["field"] == "authorityIds"


async def test_built_in_roles_and_roles_with_members_are_not_deleted(client, admin):
    roles = (await client.get("/cms/role/options", headers=admin)).json()["data"]
    sales = next(r for r in roles if r["code"] == "sales")
    reply = await client.delete(f"/cms/role/delete/{sales['id']}", headers=admin)
    assert reply.status_code == 409 and reply.json()["message"] == "Sales is a built-in role and cannot be deleted"
    person = await create_user()
    role = await new_role(client, admin, memberIds=[person.id])
    assert (await client.delete(f"/cms/role/delete/{role['id']}", headers=admin)).json()["code"] == "ROLE_HAS_MEMBERS"
    empty = await new_role(client, admin)
    assert (await client.delete(f"/cms/role/delete/{empty['id']}", headers=admin)).status_code == 200
    admin_role = next(r for r in roles if r["code"] == "admin")
    reply = await client.post("/cms/role/modify", headers=admin, json={"id": admin_role["id"], "status": "DISABLED"})
    assert reply.status_code == 422


async def test_a_disabled_role_grants_nothing(client, admin, login_as):
    from tests.integration.people import bearer, login

    person = await create_user()
    ids = await authority_ids(client, admin, "audit-log")
    role = await new_role(client, admin, memberIds=[person.id], authorityIds=ids)
    await client.post("/cms/role/modify", headers=admin, json={"id": role["id"], "status": "DISABLED"})
    token = (await login(client, person.username)).json()["data"]["token"]
    info = (await client.get("/cms/user/info", headers=bearer(token))).json()["data"]
    assert "audit-log" not in info["permissions"]
    assert role["id"] not in [r["id"] for r in info["roles"]]
