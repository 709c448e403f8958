"""Departments: name, full name, leader, parent, a tree, and no cycles (SPEC §3, §5)."""

import pytest

from tests.conftest import unique
from tests.integration.people import create_user


@pytest.fixture
async def admin(login_as):
    return await login_as("department-management", "department#add", "department#edit", "department#delete")


async def add(client, headers, **fields):
    body = {"name": unique("D")[:12], "fullName": "Department full", **fields}
    reply = await client.post("/cms/department/add", headers=headers, json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


def find(nodes, node_id):
    for n in nodes:
        if n["id"] == node_id:
            return n
        hit = find(n["children"], node_id)
        if hit:
            return hit
    return None


async def test_tree_with_leader_and_members(client, admin):
    leader = await create_user()
    root = await add(client, admin, leaderId=leader.id)
    child = await add(client, admin, parentId=root["id"])
    await create_user(department_id=child["id"])
    assert root["leaderName"] == "Person"
    tree = (await client.get("/cms/department/tree", headers=admin)).json()["data"]
    node = find(tree, root["id"])
    assert [c["id"] for c in node["children"]] == [child["id"]]
    assert node["children"][0]["memberCount"] == 1 and node["leaderId"] == leader.id


async def test_names_are_2_to_20_characters(client, admin):
    """SPEC §5: full name length 2 to 20."""
    reply = await client.post("/cms/department/add", headers=admin, json={"name": "X", "fullName": "Y" * 21})
    assert {e["field"] for e in reply.json()["data"]["errors"]} == {"name", "fullName"}


async def test_a_department_cannot_move_below_itself(client, admin):
    top = await add(client, admin)
    middle = await add(client, admin, parentId=top["id"])
    bottom = await add(client, admin, parentId=middle["id"])
    for parent in (top["id"], bottom["id"]):
        reply = await client.post("/cms/department/modify", headers=admin, json={"id": top["id"], "parentId": parent})
        assert reply.status_code == 422
        assert reply.json()["data"]["errors"][0]["rule"] == "department_cycle"
    moved = await client.post("/cms/department/modify", headers=admin, json={"id": bottom["id"], "parentId": top["id"]})
    assert moved.json()["data"]["parentId"] == top["id"]


async def test_a_department_with_sub_departments_is_not_deleted(client, admin):
    top = await add(client, admin)
    child = await add(client, admin, parentId=top["id"])
    assert (await client.delete(f"/cms/department/delete/{top['id']}", headers=admin)).status_code == 409
    assert (await client.delete(f"/cms/department/delete/{child['id']}", headers=admin)).status_code == 200
    assert (await client.delete(f"/cms/department/delete/{top['id']}", headers=admin)).status_code == 200
