"""The issue's "done when", through the API: an admin creates a role and a user; that user sees only the
role's menus, gets 403 for the rest, and the audit log shows who created them, with the transaction id."""

from datetime import UTC, datetime, timedelta

from tests.conftest import unique
from tests.integration.people import bearer, client_from, login, random_ip


def flatten(nodes):
    for node in nodes:
        yield node["identifier"]
        yield from flatten(node["children"])


async def test_a_new_user_sees_only_the_menus_of_their_role(client, login_as, app):
    admin = await login_as(super_user=True)
    tree = (await client.get("/cms/authority/tree-list", headers=admin)).json()["data"]
    ids = {}

    def index(nodes):
        for n in nodes:
            ids[n["identifier"]] = n["id"]
            index(n["children"])

    index(tree)
    role = (await client.post("/cms/role/add", headers=admin, json={
        "name": unique("Leads only "), "authorityIds": [ids["crm-leads"], ids["leads#add"]]})).json()["data"]
    name = unique("flow")
    created = await client.post("/cms/user/add", headers=admin, json={
        "username": name, "realName": "Flow Person", "displayName": "Flow", "email": f"{name}@corp.test",
        "password": "Welcome-2026!", "roleIds": [role["id"]]})
    assert created.status_code == 200, created.text

    async with client_from(app, random_ip()) as remote:
        token = (await login(remote, name, "Welcome-2026!")).json()["data"]["token"]
        menus = (await remote.get("/cms/user/menus", headers=bearer(token))).json()["data"]
        assert set(flatten(menus)) == {"home", "crm", "crm-leads", "profile-center", "change-password",
                                        "export-tasks"}
        denied = await remote.post("/cms/user/search", headers=bearer(token), json={})
        assert denied.status_code == 403 and "contact the administrator" in denied.json()["message"]

    end = datetime.now(UTC) + timedelta(minutes=1)
    found = (await client.post("/cms/audit/search", headers=admin, json={
        "startTime": (end - timedelta(days=1)).isoformat(), "endTime": end.isoformat(),
        "transactionId": created.headers["x-transaction-id"]})).json()["data"]["items"]
    me = (await client.get("/cms/user/info", headers=admin)).json()["data"]
    assert [(r["actionName"], r["operatorName"], r["businessId"]) for r in found] == [
        ("Add user", me["username"], str(created.json()["data"]["id"]))]
    assert '"password": "******"' in found[0]["requestData"]
