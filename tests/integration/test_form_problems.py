"""Forms learn every problem at once: a body breaking its schema hears what the rules find in the fields it got
right, in the same 422; users, roles, warehouses and stock sync name every broken field of a save together."""

from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant
from tests.integration.stock_sync_support import stocked_store

USERS = ("user-management", "user#add", "user#edit")
WAREHOUSES = ("warehouse-list", "warehouse#add", "warehouse#edit")


def rules_of(reply) -> dict[str, str]:
    assert reply.status_code == 422, reply.text
    errors = reply.json()["data"]["errors"]
    assert all(e["message"] and not e["message"].startswith(("rules.", "errors.")) for e in errors)
    assert all(e["message"] in reply.json()["message"] for e in errors)
    return {e["field"]: e["rule"] for e in errors}


async def test_a_user_save_names_its_department_leader_roles_and_password_together(client, login_as):
    admin = await login_as(*USERS, super_user=True)
    name = unique("n")
    body = {"username": name, "realName": "Ana Real", "displayName": "Ana", "email": f"{name}@corp.test",
            "password": "Welcome-2026!"}
    user = (await client.post("/cms/user/add", headers=admin, json=body)).json()["data"]
    reply = await client.post("/cms/user/modify", headers=admin, json={
        "id": user["id"], "departmentId": 99999999, "leaderId": user["id"], "roleIds": [99999998],
        "password": name + "-1"})
    assert rules_of(reply) == {"departmentId": "not_found", "leaderId": "leader_self", "roleIds": "not_found",
                               "password": rules_of(reply)["password"]}


async def test_a_role_names_its_unknown_members_and_authorities_together(client, login_as):
    admin = await login_as("role-management", "role#add", super_user=True)
    reply = await client.post("/cms/role/add", headers=admin, json={
        "name": unique("Role "), "memberIds": [99999997], "authorityIds": [99999996]})
    assert rules_of(reply) == {"memberIds": "not_found", "authorityIds": "not_found"}


async def test_a_warehouse_names_every_broken_field_and_every_value_taken(client, login_as):
    staff = await login_as(*WAREHOUSES)
    reply = await client.post("/cms/warehouse/add", headers=staff, json={
        "merchantId": 10**12, "name": "Gudang", "code": "WH1", "isDefault": True, "enabled": False})
    assert rules_of(reply) == {"merchantId": "warehouse_merchant_missing", "isDefault": "warehouse_default_disabled"}
    merchant = await insert_merchant("ID")
    held = {"merchantId": merchant.id, "name": unique("Gudang"), "code": unique("WH").upper()}
    assert (await client.post("/cms/warehouse/add", headers=staff, json=held)).status_code == 200
    reply = await client.post("/cms/warehouse/add", headers=staff, json=held)  # code and name both taken
    assert rules_of(reply) == {"code": "WAREHOUSE_CODE_TAKEN", "name": "WAREHOUSE_NAME_TAKEN"}
    assert held["code"] in reply.json()["message"]
    reply = await client.post("/cms/warehouse/add", headers=staff, json={
        **held, "code": "WH 1", "isDefault": True, "enabled": False})  # the schema's refusal and the rules' at once
    assert rules_of(reply) == {"code": "warehouse_code", "isDefault": "warehouse_default_disabled"}


async def test_stock_sync_names_every_field_disagreeing_with_the_store(client, login_as):
    staff = await login_as("stock#sync", "stock#fix")
    store = await stocked_store(stock={"A": 1})
    reply = await client.post("/cms/stock-sync/sync", headers=staff, json={
        "merchantId": store.merchant_id, "country": "PH", "channel": "LAZADA_ID", "shopId": store.shop_id})
    assert rules_of(reply) == {"country": "stock_store_country", "channel": "stock_store_channel"}
    reply = await client.post("/cms/stock-sync/fix", headers=staff, json={
        "merchantId": "seven", "skus": [f"S{i}" for i in range(201)] + ["X" * 101]})
    rules_of(reply)
    assert [(e["field"], e["rule"]) for e in reply.json()["data"]["errors"]] == [
        ("merchantId", "integer"), ("skus", "stock_fix_too_many"), ("skus", "stock_sku_too_long")]
