"""User administration (SPEC §3, §5): validation, uniqueness, roles, leader, department, direct grants."""

import pytest

from tests.conftest import unique
from tests.integration.people import bearer, client_from, login, random_ip

ADMIN = ("user-management", "user#add", "user#edit", "user#delete", "user#grant", "user#export")


@pytest.fixture
async def admin(login_as):
    return await login_as(*ADMIN, super_user=True)  # gives roles and authorities it does not hold itself


def new_user(**fields):
    name = unique("n")
    return {"username": name, "realName": "Ana Real", "displayName": "Ana", "email": f"{name}@corp.test",
            "mobile": None, "password": "Welcome-2026!", **fields}


async def add(client, headers, **fields):
    reply = await client.post("/cms/user/add", headers=headers, json=new_user(**fields))
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def role_id(client, headers, code):
    roles = (await client.get("/cms/role/options", headers=headers)).json()["data"]
    return next(r["id"] for r in roles if r["code"] == code)


async def test_add_a_user_with_roles_who_can_then_log_in(client, admin, app):
    sales = await role_id(client, admin, "sales")
    created = await add(client, admin, roleIds=[sales], username="Mixed.Case" + unique("x"))
    assert created["username"] == created["username"].lower()
    assert [r["code"] for r in created["roles"]] == ["sales"]
    assert "passwordHash" not in created and "password" not in created
    async with client_from(app, random_ip()) as remote:
        token = (await login(remote, created["username"], "Welcome-2026!")).json()["data"]["token"]
        info = (await remote.get("/cms/user/info", headers=bearer(token))).json()["data"]
    assert "crm-leads" in info["permissions"] and "user-management" not in info["permissions"]


async def test_field_rules_name_the_field(client, admin):
    """SPEC §5: real and display name 2 to 20; email valid; mobile 11 digits; password policy."""
    reply = await client.post("/cms/user/add", headers={**admin, "Accept-Language": "zh-CN"}, json=new_user(
        realName="A", displayName="D" * 21, email="not-an-email", mobile="1234", password="short"))
    errors = {e["field"]: e for e in reply.json()["data"]["errors"]}
    assert reply.status_code == 422
    assert set(errors) == {"realName", "displayName", "email", "mobile", "password"}
    assert errors["mobile"]["message"] == "手机号：必须为 11 位数字"
    assert errors["realName"]["rule"] == "min_length" and errors["displayName"]["rule"] == "max_length"
    reply = await client.post("/cms/user/add", headers=admin, json={"realName": "Ana Real"})
    assert "username" in {e["field"] for e in reply.json()["data"]["errors"]}


@pytest.mark.parametrize("field", ["username", "email", "mobile"])
async def test_username_email_and_mobile_are_unique(client, admin, field):
    mobile = "1" + "".join(str(ord(c) % 10) for c in unique("m")[:10])
    first = await add(client, admin, mobile=mobile)
    clash = new_user(mobile="1" + "".join(str(ord(c) % 10) for c in unique("m")[:10]))
    clash[field] = first[field].upper() if field == "email" else first[field]
    reply = await client.post("/cms/user/add", headers=admin, json=clash)
    assert reply.status_code == 409
    assert reply.json()["data"] == {"field": field}


async def test_modify_leader_department_and_password(client, admin, login_as, app):
    dept_admin = await login_as("department-management", "department#add")
    dept = (await client.post("/cms/department/add", headers=dept_admin,
                              json={"name": "Sales ID", "fullName": "Sales Indonesia"})).json()["data"]
    leader = await add(client, admin)
    user = await add(client, admin)
    reply = await client.post("/cms/user/modify", headers=admin,
                              json={"id": user["id"], "leaderId": leader["id"], "departmentId": dept["id"]})
    data = reply.json()["data"]
    assert (data["leaderName"], data["departmentName"]) == ("Ana", "Sales ID")
    reply = await client.post("/cms/user/modify", headers=admin, json={"id": user["id"], "leaderId": user["id"]})
    assert reply.json()["data"]["errors"][0]["field"] == "leaderId"
    reply = await client.post("/cms/user/modify", headers=admin, json={"id": user["id"], "departmentId": 99999999})
    assert reply.status_code == 422 and reply.json()["data"]["errors"][0]["rule"] == "not_found"
    async with client_from(app, random_ip()) as remote:
        token = (await login(remote, user["username"], "Welcome-2026!")).json()["data"]["token"]
        await client.post("/cms/user/modify", headers=admin, json={"id": user["id"], "password": "Reset-2026-pw!"})
        assert (await remote.get("/cms/user/info", headers=bearer(token))).status_code == 401
        assert (await login(remote, user["username"], "Reset-2026-pw!")).status_code == 200


async def test_search_by_keyword_role_and_status(client, admin):
    it = await role_id(client, admin, "it")
    mark = unique("k")
    one = await add(client, admin, realName=f"Kw {mark[:10]}", roleIds=[it])
    await add(client, admin, realName=f"Kw {mark[:10]}", status="DISABLED")
    found = (await client.post("/cms/user/search", headers=admin, json={"keyword": mark[:10], "roleId": it})).json()
    assert [u["id"] for u in found["data"]["items"]] == [one["id"]]
    found = (await client.post("/cms/user/search", headers=admin,
                               json={"keyword": mark[:10], "status": "DISABLED"})).json()["data"]
    assert found["total"] == 1


async def test_pickers_search_enabled_users_and_name_the_picked_ones(client, admin):
    mark = unique("p")
    enabled = await add(client, admin, displayName=f"Pick {mark}")
    disabled = await add(client, admin, displayName=f"Pick {mark}", status="DISABLED")

    async def options(**params):
        reply = await client.get("/cms/user/options", headers=admin, params=params)
        return reply.status_code, reply.json()

    found = (await options(keyword=mark))[1]["data"]
    assert [u["id"] for u in found] == [enabled["id"]]  # a search offers enabled users only
    picked = (await options(ids=[disabled["id"], enabled["id"]]))[1]["data"]
    assert [(u["id"], u["status"]) for u in picked] == [(enabled["id"], "ENABLED"), (disabled["id"], "DISABLED")]
    status, body = await options(ids=list(range(1, 52)))
    error = body["data"]["errors"][0]
    assert (status, error["field"]) == (422, "ids") and error["message"].startswith("Picked users"), error


async def test_you_cannot_delete_yourself_but_can_delete_others(client, admin):
    other = await add(client, admin)
    assert (await client.delete(f"/cms/user/delete/{other['id']}", headers=admin)).status_code == 200
    me = (await client.get("/cms/user/info", headers=admin)).json()["data"]["id"]
    reply = await client.delete(f"/cms/user/delete/{me}", headers=admin)
    assert reply.status_code == 409 and reply.json()["code"] == "USER_DELETE_SELF"


async def test_direct_authorities_add_to_role_authorities(client, admin, app):
    user = await add(client, admin)
    tree = (await client.get("/cms/authority/tree-list", headers=admin)).json()["data"]
    ids = {}

    def walk(nodes):
        for n in nodes:
            ids[n["identifier"]] = n["id"]
            walk(n["children"])

    walk(tree)
    reply = await client.post("/cms/user/set-authorities", headers=admin,
                              json={"userId": user["id"], "authorityIds": [ids["audit-log"], ids["audit#export"]]})
    assert reply.json()["data"]["identifiers"] == ["audit#export", "audit-log"]
    async with client_from(app, random_ip()) as remote:
        token = (await login(remote, user["username"], "Welcome-2026!")).json()["data"]["token"]
        assert (await remote.post("/cms/audit/search", headers=bearer(token), json={
            "startTime": "2026-01-01T00:00:00Z", "endTime": "2026-01-02T00:00:00Z"})).status_code == 200


async def test_role_changes_are_in_the_field_level_audit(client, admin):
    from sqlalchemy import select

    from domain.db import transaction
    from domain.models.audit import EntityChange

    it, sales = await role_id(client, admin, "it"), await role_id(client, admin, "sales")
    user = await add(client, admin, roleIds=[it])
    reply = await client.post("/cms/user/modify", headers=admin, json={"id": user["id"], "roleIds": [sales]})
    async with transaction() as db:
        change = await db.scalar(select(EntityChange).where(
            EntityChange.transaction_id == reply.headers["x-transaction-id"], EntityChange.entity == "User"))
    assert change.changes == {"roles": {"before": ["IT"], "after": ["Sales"]}}
