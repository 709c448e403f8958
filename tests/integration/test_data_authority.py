"""Data authority (SPEC §6): scopes on roles and users narrow lists, exports and details, in SQL."""

import io

import openpyxl
import pytest
from sqlalchemy import select

from domain.db import transaction
from domain.models.users import user_roles
from tests.conftest import unique
from tests.integration.people import bearer, create_user, login

COURIERS = ("logistics-configuration", "logistics#add", "logistics#export")


@pytest.fixture
async def granter(login_as):
    return await login_as("data-authority", "data-authority#edit")


async def role_of(user_id):
    """The fresh role create_user gave the user."""
    async with transaction() as db:
        return await db.scalar(select(user_roles.c.role_id).where(user_roles.c.user_id == user_id))


async def session(client, user):
    return bearer((await login(client, user.username)).json()["data"]["token"])


async def courier(client, headers, country, prefix):
    reply = await client.post("/cms/courier/add", headers=headers, json={
        "name": prefix + country.lower() * 2, "channel": "SHOPEE_ID", "shippingMethod": "PICK_UP", "country": country})
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def test_a_user_scoped_to_indonesia_sees_only_indonesian_couriers(client, login_as, granter):
    admin = await login_as(*COURIERS)
    prefix = unique("Scope")
    mine, theirs = await courier(client, admin, "ID", prefix), await courier(client, admin, "PH", prefix)
    person = await create_user(*COURIERS)
    role_id = await role_of(person.id)
    saved = await client.post("/cms/data-authority/role/save", headers=granter, json={
        "roleId": role_id, "scopes": [{"scopeType": "COUNTRY", "values": ["ID"]}]})
    assert saved.json()["data"]["scopes"] == [{"scopeType": "COUNTRY", "values": ["ID"]}]
    headers = await session(client, person)

    found = (await client.post("/cms/courier/search", headers=headers, json={"name": prefix})).json()["data"]
    assert [c["id"] for c in found["items"]] == [mine["id"]] and found["total"] == 1
    exported = await client.post("/cms/courier/export", headers=headers, json={"name": prefix})
    rows = list(openpyxl.load_workbook(io.BytesIO(exported.content)).active.iter_rows(values_only=True))
    assert [r[0] for r in rows[1:]] == [mine["id"]]
    hidden = await client.get(f"/cms/courier/detail/{theirs['id']}", headers=headers)
    assert hidden.status_code == 404
    assert (await client.get(f"/cms/courier/detail/{mine['id']}", headers=headers)).status_code == 200
    info = (await client.get("/cms/user/info", headers=headers)).json()["data"]["dataScopes"]
    assert info == {"unrestricted": False, "countries": ["ID"], "teams": None, "own": False, "department": False}


async def test_grants_of_one_dimension_add_up_and_all_lifts_them(client, login_as, granter):
    admin = await login_as(*COURIERS)
    prefix = unique("Union")
    for country in ("ID", "PH", "TH"):
        await courier(client, admin, country, prefix)
    person = await create_user(*COURIERS)
    role_id = await role_of(person.id)
    await client.post("/cms/data-authority/role/save", headers=granter, json={
        "roleId": role_id, "scopes": [{"scopeType": "COUNTRY", "values": ["ID"]}]})
    await client.post("/cms/data-authority/user/save", headers=granter, json={
        "userId": person.id, "scopes": [{"scopeType": "COUNTRY", "values": ["PH"]}]})
    headers = await session(client, person)

    async def countries():
        items = (await client.post("/cms/courier/search", headers=headers, json={"name": prefix})).json()["data"]
        return sorted(c["country"] for c in items["items"])

    assert await countries() == ["ID", "PH"]
    await client.post("/cms/data-authority/user/save", headers=granter, json={
        "userId": person.id, "scopes": [{"scopeType": "ALL"}]})
    assert await countries() == ["ID", "PH", "TH"]
    view = (await client.get(f"/cms/data-authority/user/{person.id}", headers=granter)).json()["data"]
    assert view == {"scopes": [{"scopeType": "ALL", "values": []}],
                    "effective": {"unrestricted": True, "countries": None, "teams": None, "own": False,
                                  "department": False}}


async def test_scope_values_are_checked(client, granter):
    person = await create_user()
    for scope, rule in (({"scopeType": "COUNTRY"}, "scope_values_required"),
                        ({"scopeType": "TEAM", "values": ["pirates"]}, "scope_values")):
        reply = await client.post("/cms/data-authority/user/save", headers=granter,
                                  json={"userId": person.id, "scopes": [scope]})
        assert reply.status_code == 422
        assert reply.json()["data"]["errors"][0]["rule"] == rule


async def test_department_and_own_scopes_on_the_user_list(client, login_as, granter):
    depts = await login_as("department-management", "department#add")
    top = (await client.post("/cms/department/add", headers=depts,
                             json={"name": "Top", "fullName": "Top dept"})).json()["data"]
    sub = (await client.post("/cms/department/add", headers=depts,
                             json={"name": "Sub", "fullName": "Sub dept", "parentId": top["id"]})).json()["data"]
    other = (await client.post("/cms/department/add", headers=depts,
                               json={"name": "Other", "fullName": "Other dept"})).json()["data"]
    mark = unique("dscope")[:12]
    lead = await create_user("user-management", department_id=top["id"], real_name=f"{mark} lead")
    below = await create_user(department_id=sub["id"], real_name=f"{mark} below")
    await create_user(department_id=other["id"], real_name=f"{mark} away")
    await client.post("/cms/data-authority/user/save", headers=granter,
                      json={"userId": lead.id, "scopes": [{"scopeType": "DEPARTMENT"}]})
    headers = await session(client, lead)

    async def visible():
        found = (await client.post("/cms/user/search", headers=headers, json={"keyword": mark})).json()["data"]
        return sorted(u["id"] for u in found["items"])

    assert await visible() == sorted([lead.id, below.id])
    await client.post("/cms/data-authority/user/save", headers=granter,
                      json={"userId": lead.id, "scopes": [{"scopeType": "OWN"}]})
    assert await visible() == [lead.id]


async def test_a_new_role_starts_with_own_records_only(client, login_as, granter):
    admin = await login_as("role-management", "role#add", super_user=True)
    role = (await client.post("/cms/role/add", headers=admin, json={"name": unique("Narrow ")})).json()["data"]
    view = (await client.get(f"/cms/data-authority/role/{role['id']}", headers=granter)).json()["data"]
    assert view == {"scopes": [{"scopeType": "OWN", "values": []}]}
