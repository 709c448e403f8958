"""The reply envelope, transaction ids, translations and validation messages (SPEC §7, §8)."""

import logging

from domain.logging import JsonFormatter


async def test_info_is_public_and_enveloped(client):
    reply = await client.get("/cms/info")
    body = reply.json()
    assert reply.status_code == 200
    assert body["code"] == "SUCCESS"
    assert body["data"]["name"] == "omp-console"
    assert body["data"]["appTitle"] == "GINEE-OMP"
    assert body["transactionId"] == reply.headers["x-transaction-id"]
    assert len(body["transactionId"]) == 32


async def test_every_reply_has_a_distinct_transaction_id(client):
    first = await client.get("/cms/info")
    second = await client.get("/cms/courier/search")
    assert first.headers["x-transaction-id"] != second.headers["x-transaction-id"]


async def test_unknown_api_path_is_a_translated_404(client):
    reply = await client.get("/cms/no-such-thing", headers={"Accept-Language": "zh-CN"})
    assert reply.status_code == 404
    assert reply.json()["code"] == "ROUTE_NOT_FOUND"
    assert reply.json()["message"] == "地址不存在：/cms/no-such-thing"


async def test_missing_token_is_401_in_the_callers_language(client):
    reply = await client.post("/cms/courier/search", json={}, headers={"Accept-Language": "id"})
    assert reply.status_code == 401
    assert reply.json() == {"code": "UNAUTHORIZED", "message": "Silakan masuk kembali", "data": None,
                            "transactionId": reply.headers["x-transaction-id"]}


async def test_bad_token_is_401_expired(client):
    reply = await client.post("/cms/courier/search", json={}, headers={"Authorization": "Bearer nope"})
    assert reply.status_code == 401
    assert reply.json()["code"] == "TOKEN_EXPIRED"


async def test_validation_error_names_field_and_rule(client, login_as):
    headers = await login_as("logistics-configuration", "logistics#add")
    reply = await client.post("/cms/courier/add", headers={**headers, "Accept-Language": "zh-CN"},
                              json={"name": "JNE 2", "shippingMethod": "TELEPORT"})
    assert reply.status_code == 422
    body = reply.json()
    assert body["code"] == "VALIDATION_FAILED"
    errors = {e["field"]: e for e in body["data"]["errors"]}
    assert errors["name"]["rule"] == "letters_only"
    assert errors["name"]["message"] == "名称：只能输入字母、空格和 &"
    assert errors["channel"]["rule"] == "required"
    assert errors["channel"]["message"] == "渠道：此项为必填项"
    assert errors["shippingMethod"]["rule"] == "enum"
    assert "上门取件" in errors["shippingMethod"]["message"]  # the allowed values by their labels
    assert "PICK_UP" in errors["shippingMethod"]["allowed"]
    assert "名称：只能输入字母、空格和 &" in body["message"]


async def test_malformed_json_is_a_clear_error(client, login_as):
    headers = await login_as("logistics-configuration", "logistics#add")
    reply = await client.post("/cms/courier/add", headers={**headers, "Content-Type": "application/json"},
                              content=b"{not json")
    assert reply.status_code == 422
    assert reply.json()["data"]["errors"][0]["rule"] == "json"


async def test_enumerations_are_served_with_labels(client, login_as):
    headers = await login_as()
    reply = await client.get("/cms/common/enums/ShippingMethod", headers=headers)
    assert [o["value"] for o in reply.json()["data"]] == ["PICK_UP", "DROP_OFF", "MANUAL_SHIP"]


async def test_every_enumeration_comes_in_one_reply_in_the_callers_language(client, login_as):
    """A list screen's filters and cells need a dozen enumerations: one call brings them all (the account lists'
    first visit waited on twelve calls before its search)."""
    headers = await login_as()
    each = (await client.get("/cms/common/enums/ShippingMethod", headers={**headers, "Accept-Language": "zh-CN"}))
    every = await client.get("/cms/common/enums", headers={**headers, "Accept-Language": "zh-CN"})
    assert every.status_code == 200
    assert every.json()["data"]["ShippingMethod"] == each.json()["data"]
    assert {"Country", "MerchantType", "ShelfMergeState"} <= set(every.json()["data"])


def test_json_log_lines_carry_the_transaction_id():
    from domain.context import transaction_id

    token = transaction_id.set("abc123")
    try:
        record = logging.makeLogRecord({"msg": "hello %s", "args": ("x",), "levelname": "INFO", "name": "t"})
        line = JsonFormatter().format(record)
    finally:
        transaction_id.reset(token)
    assert '"transactionId": "abc123"' in line
    assert '"message": "hello x"' in line


async def test_openapi_has_clean_operation_ids_and_permissions(client):
    spec = (await client.get("/cms/openapi.json")).json()
    operations = [op for path in spec["paths"].values() for op in path.values()]
    assert "couriers_search" in {op["operationId"] for op in operations}
    assert all("x-permission" in op for op in operations)
