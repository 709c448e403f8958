"""The session cookie is HttpOnly and a call it authenticates must prove it comes from the console's own page
(docs/decisions/csrf.md); scripts sending their token themselves need no proof."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from api import security
from domain.db import transaction
from domain.models.auth import Session
from domain.models.authorities import Authority
from domain.models.roles import role_authorities
from tests.integration.people import bearer, client_from, create_user, login, random_ip


@pytest.fixture
async def browser(app):
    """A client keeping cookies, as a browser does."""
    async with client_from(app, random_ip()) as c:
        yield c


def proof(client) -> dict[str, str]:
    return {"X-CSRF-Token": client.cookies["genie_cms_csrf"]}


def cookie_line(reply, name: str) -> str:
    return next(line for line in reply.headers.get_list("set-cookie") if line.startswith(f"{name}="))


async def role_holds(role_id: int, identifier: str) -> bool:
    async with transaction() as db:
        return bool(await db.scalar(select(role_authorities.c.role_id).join(
            Authority, Authority.id == role_authorities.c.authority_id).where(
            role_authorities.c.role_id == role_id, Authority.identifier == identifier)))


async def test_login_sets_an_http_only_token_and_a_readable_proof(browser):
    reply = await login(browser, (await create_user()).username)
    token_cookie = cookie_line(reply, "genie_cms_token").lower()
    assert "httponly" in token_cookie and "samesite=lax" in token_cookie
    assert "httponly" not in cookie_line(reply, "genie_cms_csrf").lower()


async def test_a_cookie_session_needs_the_proof_to_change_anything(browser):
    user = await create_user()
    await login(browser, user.username)
    assert (await browser.get("/cms/user/info")).status_code == 200  # reads need no proof
    body = {"oldPassword": "Omp-Test-2026!", "newPassword": "Brand-New-2026!", "repeatPassword": "Brand-New-2026!"}
    refused = await browser.post("/cms/user/change-password", json=body, headers={"Accept-Language": "en"})
    assert refused.status_code == 403
    assert refused.json()["code"] == "CSRF_FAILED"
    assert "console's own page" in refused.json()["message"]
    forged = await browser.post("/cms/user/change-password", json=body, headers={"X-CSRF-Token": "0" * 64})
    assert forged.status_code == 403
    assert (await browser.post("/cms/user/change-password", json=body, headers=proof(browser))).status_code == 200


async def test_a_cross_site_link_cannot_remove_a_grant(browser):
    """SPEC §7's removals are GETs: they keep their method but need the proof like any change."""
    holder = await create_user("crm-leads")
    role_id = await role_of(holder.id)
    authority_id = await authority_id_of("crm-leads")
    await login(browser, (await create_user(super_user=True)).username)
    params = {"authorityId": authority_id, "roleId": role_id}
    refused = await browser.get("/cms/authority/delete-role-authority", params=params)
    assert refused.status_code == 403
    assert await role_holds(role_id, "crm-leads")
    admin_refused = await browser.get("/cms/authority/delete-admin-authority",
                                      params={"authorityId": authority_id, "adminId": holder.id})
    assert admin_refused.status_code == 403
    removed = await browser.get("/cms/authority/delete-role-authority", params=params, headers=proof(browser))
    assert removed.status_code == 200, removed.text
    assert not await role_holds(role_id, "crm-leads")


async def role_of(user_id: int) -> int:
    from domain.models.users import user_roles

    async with transaction() as db:
        return (await db.scalars(select(user_roles.c.role_id).where(user_roles.c.user_id == user_id))).one()


async def authority_id_of(identifier: str) -> int:
    async with transaction() as db:
        return (await db.scalars(select(Authority.id).where(Authority.identifier == identifier))).one()


async def test_a_token_sent_by_the_caller_needs_no_proof(client):
    user = await create_user()
    async with client_from(client._transport.app, random_ip()) as script:
        token = (await login(script, user.username)).json()["data"]["token"]
        script.cookies.clear()
        reply = await script.post("/cms/auth/logout", headers=bearer(token))
    assert reply.status_code == 200


async def test_another_site_cannot_log_anyone_in(browser):
    reply = await browser.post("/cms/auth/login", headers={"Sec-Fetch-Site": "cross-site"},
                               json={"username": (await create_user()).username, "password": "Omp-Test-2026!"})
    assert reply.status_code == 403
    assert "genie_cms_token" not in reply.headers.get("set-cookie", "")


async def test_renewal_through_the_cookie_never_shows_the_token_to_the_page(browser):
    user = await create_user()
    token = (await login(browser, user.username)).json()["data"]["token"]
    async with transaction() as db:
        await db.execute(update(Session).where(Session.token_hash == security.token_hash(token))
                         .values(expires_at=datetime.now(UTC) + timedelta(minutes=30)))
    reply = await browser.get("/cms/user/info")
    assert reply.headers.get("x-auth-token") is None
    renewed = cookie_line(reply, "genie_cms_token")
    assert "httponly" in renewed.lower() and not renewed.startswith(f"genie_cms_token={token}")
    assert (await browser.post("/cms/auth/logout", headers=proof(browser))).status_code == 200


async def test_a_token_in_the_page_address_is_adopted_by_the_server(browser, client):
    user = await create_user()
    async with client_from(client._transport.app, random_ip()) as elsewhere:
        token = (await login(elsewhere, user.username)).json()["data"]["token"]
    assert (await browser.get("/cms/user/info")).status_code == 401
    adopted = await browser.post("/cms/auth/adopt", json={"token": f"Bearer {token}"})
    assert adopted.status_code == 200, adopted.text
    assert "httponly" in cookie_line(adopted, "genie_cms_token").lower()
    assert (await browser.get("/cms/user/info")).json()["data"]["username"] == user.username
    unknown = await browser.post("/cms/auth/adopt", json={"token": "not-a-token"})
    assert unknown.status_code == 401


async def test_the_proof_is_the_users_own(app):
    """A proof taken from one user's cookies does not pass for another user's session."""
    first, second = await create_user(), await create_user()
    async with client_from(app, random_ip()) as one, client_from(app, random_ip()) as two:
        await login(one, first.username)
        await login(two, second.username)
        reply = await two.post("/cms/auth/logout", headers=proof(one))
    assert reply.status_code == 403


