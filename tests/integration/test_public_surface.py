"""What a stranger can see and do: headers on every reply, health without details, docs behind a setting,
forwarded addresses believed only from trusted proxies."""

import pytest
from sqlalchemy import select

from api.main import create_app
from domain.db import transaction
from domain.models.auth import LoginAttempt
from domain.settings import get_settings
from tests.integration.people import PASSWORD, client_from, create_user, random_ip

SECURITY_HEADERS = ("content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options")


@pytest.fixture
def settings_env(monkeypatch):
    """Set OMP_* variables for an app built inside the test; the cached settings are rebuilt after."""
    def apply(**values: str) -> None:
        for key, value in values.items():
            monkeypatch.setenv(f"OMP_{key.upper()}", value)
        get_settings.cache_clear()
    yield apply
    monkeypatch.undo()
    get_settings.cache_clear()


def assert_page_security(headers) -> None:
    for name in SECURITY_HEADERS:
        assert name in headers, name
    policy = headers["content-security-policy"]
    script_src = next(d for d in policy.split(";") if d.strip().startswith("script-src"))
    assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
    assert "frame-ancestors 'none'" in policy
    assert headers["x-content-type-options"] == "nosniff"


async def test_api_replies_errors_and_pages_carry_the_security_headers(client, settings_env, tmp_path):
    for reply in (await client.get("/cms/info"), await client.get("/cms/user/info"),
                  await client.get("/cms/no-such-route")):
        assert_page_security(reply.headers)
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    settings_env(web_dist=str(tmp_path))
    async with client_from(create_app(), random_ip()) as web:
        page = await web.get("/tickets/list")
    assert page.status_code == 200 and "id=root" in page.text
    assert_page_security(page.headers)


async def test_the_docs_page_admits_only_its_own_inline_script(client):
    reply = await client.get("/cms/docs")
    assert reply.status_code == 200
    assert_page_security(reply.headers)
    assert "'sha256-" in reply.headers["content-security-policy"]


async def test_docs_and_openapi_can_be_turned_off(settings_env):
    settings_env(api_docs="false")
    async with client_from(create_app(), random_ip()) as c:
        assert (await c.get("/cms/docs")).status_code == 404
        assert (await c.get("/cms/openapi.json")).status_code == 404
        assert (await c.get("/cms/info")).status_code == 200


async def test_health_tells_the_public_only_up_or_down(client, login_as):
    public = (await client.get("/cms/health")).json()["data"]
    assert set(public) == {"status"} or public.get("components") is None
    assert public["status"] in ("UP", "DOWN")
    someone = (await client.get("/cms/health", headers=await login_as())).json()["data"]
    assert someone.get("components") is None
    operator = (await client.get("/cms/health", headers=await login_as("system-health"))).json()["data"]
    assert {"postgres", "temporal"} <= set(operator["components"])


async def recorded_addresses(username: str) -> list[str]:
    async with transaction() as db:
        return list((await db.scalars(select(LoginAttempt.ip).where(LoginAttempt.account == username))).all())


async def test_a_forwarded_address_from_an_untrusted_peer_is_ignored(app):
    user, peer = await create_user(), random_ip()
    async with client_from(app, peer) as c:
        await c.post("/cms/auth/login", json={"username": user.username, "password": "Wrong-pass-1"},
                     headers={"X-Forwarded-For": "198.51.100.7"})
    assert await recorded_addresses(user.username) == [peer]


async def test_a_trusted_proxy_names_the_client(settings_env):
    settings_env(trusted_proxies="10.9.0.0/16, 127.0.0.1")
    user, client_ip = await create_user(), random_ip()
    async with client_from(create_app(), "10.9.3.4") as c:
        # the left-most entry was written by the client itself: only the proxies' own entries count
        forwarded = {"X-Forwarded-For": f"198.51.100.7, {client_ip}, 127.0.0.1", "X-Forwarded-Proto": "https"}
        await c.post("/cms/auth/login", json={"username": user.username, "password": "Wrong-pass-1"},
                     headers=forwarded)
        reply = await c.post("/cms/auth/login", json={"username": user.username, "password": PASSWORD},
                             headers=forwarded)
        assert reply.status_code == 200
        assert "secure" in reply.headers["set-cookie"].lower()  # the proxy said the client came over HTTPS
    assert await recorded_addresses(user.username) == [client_ip, client_ip]
