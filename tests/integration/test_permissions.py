"""SPEC §6 enforced by the server: every operation of the OpenAPI document declares the permission it needs
(`x-permission`), refuses callers without a token (401) and callers without the permission (403 with the
translated no-permission message), and lets a caller holding exactly that permission through.

Requests are minimal: path ids name a row that does not exist and bodies are empty, so a 404 or 422 proves
the guard let the call pass, and nothing real is touched."""

from __future__ import annotations

from typing import Any

import pytest

from api.main import create_app

ABSENT = "999999999"
PUBLIC = "public"
ANY_USER = "@authenticated"
# The only operations anyone may call without a token.
PUBLIC_ALLOWED = {
    ("POST", "/cms/auth/login"),
    ("POST", "/cms/auth/adopt"),  # a token in the page address: the token is the credential
    ("GET", "/cms/info"),
    ("GET", "/cms/health"),
    ("GET", "/cms/common/file/{file_id}"),  # a signed download link: the signature is the credential
}
SPEC = create_app().openapi()
OPERATIONS = [(method.upper(), path, op) for path, item in SPEC["paths"].items() for method, op in item.items()]


def resolve(schema: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in schema:
        return SPEC["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
    for variant in schema.get("anyOf", []):
        if variant.get("type") != "null":
            return resolve(variant)
    return schema


def request_of(method: str, path: str, op: dict[str, Any]) -> dict[str, Any]:
    """The smallest request that reaches the route's guard."""
    url, params = path, {}
    for param in op.get("parameters", []):
        schema = resolve(param.get("schema", {}))
        value = schema["enum"][0] if "enum" in schema else ABSENT if schema.get("type") == "integer" else "x"
        if param["in"] == "path":
            url = url.replace("{" + param["name"] + "}", ABSENT)
        elif param["in"] == "query" and param.get("required"):
            params[param["name"]] = value
    request: dict[str, Any] = {"method": method, "url": url, "params": params}
    content = op.get("requestBody", {}).get("content", {})
    if "application/json" in content:
        request["json"] = {}
    elif "multipart/form-data" in content:
        request["files"] = {"unexpected": ("x.txt", b"x")}
    return request


def permission_of(op: dict[str, Any]) -> str:
    return op.get("x-permission", "")


def test_every_operation_declares_a_permission_and_public_ones_are_allowed():
    undeclared = [f"{m} {p}" for m, p, op in OPERATIONS if not permission_of(op)]
    assert undeclared == [], "operations without x-permission"
    public = {(m, p) for m, p, op in OPERATIONS if permission_of(op) == PUBLIC}
    assert public <= PUBLIC_ALLOWED, f"public operations outside the allow-list: {public - PUBLIC_ALLOWED}"
    assert len(OPERATIONS) > 80


@pytest.mark.parametrize(("method", "path", "op"), OPERATIONS, ids=[f"{m} {p}" for m, p, _ in OPERATIONS])
async def test_the_guard_of(client, login_as, method, path, op):
    permission = permission_of(op)
    request = request_of(method, path, op)

    anonymous = await client.request(**request)
    if permission == PUBLIC:
        assert anonymous.status_code != 401
        return
    assert anonymous.status_code == 401, anonymous.text
    assert anonymous.json()["code"] == "UNAUTHORIZED"

    if permission != ANY_USER:
        outsider = await login_as()  # logged in, holding no authority at all
        refused = await client.request(**request, headers={**outsider, "Accept-Language": "zh-CN"})
        assert refused.status_code == 403, refused.text
        assert refused.json()["message"] == "没有权限，请联系管理员"

    holder = await login_as() if permission == ANY_USER else await login_as(permission)
    allowed = await client.request(**request, headers=holder)
    assert allowed.status_code not in (401, 403), allowed.text
    assert allowed.status_code != 500, allowed.text  # a crash is not a pass (503: a service is down here)
