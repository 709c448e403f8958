"""The menu and authority calls of SPEC §7 with the rules of SPEC §5."""

import pytest

from tests.conftest import unique
from tests.integration.people import create_user

EDITOR = ("menu-management", "authority#add", "authority#edit", "authority#delete", "authority#revoke",
          "role-management", "role#grant", "user#grant", "user-management")


@pytest.fixture
async def admin(login_as):
    return await login_as(*EDITOR)


def entry(**fields):
    name = unique("e")
    return {"menuType": "MENU", "title": name, "identifier": name, "descriptionEn": "Thing",
            "descriptionZh": "东西", "descriptionId": "Barang", "sort": 1, "path": f"/x/{name}", **fields}


async def add(client, headers, **fields):
    reply = await client.post("/cms/authority/add", headers=headers, json=entry(**fields))
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def test_required_fields_and_natural_sort(client, admin):
    """SPEC §5: title, identifier, description, sort required; sort a positive integer (natural number)."""
    reply = await client.post("/cms/authority/add", headers=admin, json={"menuType": "MENU"})
    fields = {e["field"] for e in reply.json()["data"]["errors"]}
    assert {"title", "identifier", "descriptionEn", "descriptionZh", "descriptionId", "sort"} <= fields
    for sort in (0, -3, 1.5, "x"):
        reply = await client.post("/cms/authority/add", headers=admin, json=entry(sort=sort))
        assert reply.status_code == 422, sort
    reply = await client.post("/cms/authority/add", headers=admin, json=entry(sort=0))
    assert reply.json()["data"]["errors"][0] == {"field": "sort", "rule": "natural_number",
                                                 "message": "Sort: must be a natural number"}


async def test_search_by_parent_then_modify_and_delete(client, admin):
    parent = await add(client, admin, menuType="DIRECTORY")
    child = await add(client, admin, parentId=parent["id"], sort=2)
    button = await add(client, admin, parentId=child["id"], menuType="BUTTON", identifier=unique("b") + "#run")
    reply = await client.post("/cms/authority/search", headers=admin, json={"parentId": parent["id"]})
    assert [i["id"] for i in reply.json()["data"]["items"]] == [child["id"]]
    top = (await client.post("/cms/authority/search", headers=admin, json={"parentId": 0, "pageSize": 100})).json()
    assert "home" in [i["identifier"] for i in top["data"]["items"]]
    modified = await client.post("/cms/authority/modify", headers=admin,
                                 json={**entry(identifier=child["identifier"]), "id": child["id"], "title": "Renamed",
                                       "parentId": parent["id"]})
    assert modified.json()["data"]["title"] == "Renamed"
    refused = await client.delete(f"/cms/authority/delete/{child['id']}", headers=admin)
    assert refused.status_code == 409 and refused.json()["code"] == "AUTHORITY_HAS_CHILDREN"
    assert (await client.delete(f"/cms/authority/delete/{button['id']}", headers=admin)).status_code == 200
    assert (await client.delete(f"/cms/authority/delete/{child['id']}", headers=admin)).status_code == 200


async def test_tree_rules(client, admin):
    parent = await add(client, admin, menuType="DIRECTORY")
    button = await add(client, admin, parentId=parent["id"], menuType="BUTTON", identifier=unique("b") + "#go")
    under_button = await client.post("/cms/authority/add", headers=admin, json=entry(parentId=button["id"]))
    assert under_button.json()["data"]["errors"][0]["rule"] == "authority_under_button"
    no_hash = await client.post("/cms/authority/add", headers=admin, json=entry(menuType="BUTTON"))
    assert no_hash.json()["data"]["errors"][0]["rule"] == "identifier_button"
    cycle = await client.post("/cms/authority/modify", headers=admin,
                              json={"id": parent["id"], "parentId": parent["id"]})
    assert cycle.json()["data"]["errors"][0]["rule"] == "authority_cycle"
    duplicate = await client.post("/cms/authority/add", headers=admin, json=entry(identifier=parent["identifier"]))
    assert duplicate.status_code == 409 and duplicate.json()["data"] == {"field": "identifier"}


async def test_usage_and_removal_from_roles_and_users(client, admin, login_as):
    item = await add(client, admin)
    holder = await create_user(item["identifier"])  # through a role
    direct = await create_user()
    granter = await login_as(super_user=True)  # a new authority is held by no one but super users yet
    await client.post("/cms/user/set-authorities", headers=granter,
                      json={"userId": direct.id, "authorityIds": [item["id"]]})
    roles = (await client.get(f"/cms/authority/usage-role/{item['id']}", headers=admin)).json()["data"]
    assert [r["name"] for r in roles] == [f"role {holder.username}"]
    users = (await client.get(f"/cms/authority/usage-user/{item['id']}", headers=admin)).json()["data"]
    assert {(u["id"], u["direct"], tuple(u["roles"])) for u in users} == {
        (holder.id, False, (f"role {holder.username}",)), (direct.id, True, ())}
    by_identifier = (await client.post("/cms/user/get-user-list-by-identifier", headers=admin,
                                       json={"identifier": item["identifier"]})).json()["data"]
    assert by_identifier["total"] == 2
    removed = await client.get("/cms/authority/delete-role-authority", headers=admin,
                               params={"authorityId": item["id"], "roleId": roles[0]["id"]})
    assert removed.status_code == 200
    await client.get("/cms/authority/delete-admin-authority", headers=admin,
                     params={"authorityId": item["id"], "adminId": direct.id})
    assert (await client.get(f"/cms/authority/usage-user/{item['id']}", headers=admin)).json()["data"] == []


async def test_tree_list_is_the_whole_tree_with_buttons(client, admin):
    tree = (await client.get("/cms/authority/tree-list", headers=admin)).json()["data"]
    operation = next(n for n in tree if n["identifier"] == "operation")
    oms = next(n for n in operation["children"] if n["identifier"] == "ginee-oms")
    order = next(n for n in oms["children"] if n["identifier"] == "oms-order")
    logistics = next(n for n in order["children"] if n["identifier"] == "logistics-configuration")
    assert {c["identifier"] for c in logistics["children"]} >= {"logistics#add", "logistics#import"}
    assert logistics["descriptionZh"] == "物流配置"


async def test_the_tree_is_readable_from_the_role_and_user_screens_too(client, login_as):
    for screen in ("role-management", "user-management", "data-authority"):
        headers = await login_as(screen)
        assert (await client.get("/cms/authority/tree-list", headers=headers)).status_code == 200
    assert (await client.get("/cms/authority/tree-list", headers=await login_as("crm-leads"))).status_code == 403
