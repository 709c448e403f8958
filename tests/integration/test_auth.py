"""Login, sessions, throttling, profile, menus and password change (SPEC §4, §5, §7, §8)."""

import asyncio
import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from api import security
from domain.db import transaction
from domain.enums import Status
from domain.models.audit import OperationLog
from domain.models.auth import LoginAttempt, Session
from domain.models.users import User
from domain.settings import get_settings
from tests.conftest import unique
from tests.integration.people import PASSWORD, bearer, client_from, create_user, login, random_ip, token_for


@pytest.fixture
async def remote(app):
    async with client_from(app, random_ip()) as c:
        yield c


async def test_login_returns_a_token_that_opens_the_profile(remote):
    user = await create_user("crm-leads")
    reply = await login(remote, user.username)
    assert reply.status_code == 200, reply.text
    token = reply.json()["data"]["token"]
    cookie = reply.headers["set-cookie"]
    assert cookie.startswith(f"genie_cms_token={token}")
    assert "max-age" not in cookie.lower()  # a session cookie unless "remember me"
    info = (await remote.get("/cms/user/info", headers=bearer(token))).json()["data"]
    assert info["username"] == user.username
    assert "crm-leads" in info["permissions"]
    assert info["isSuper"] is False
    assert info["lastLoginAt"] is not None
    assert info["dataScopes"]["unrestricted"] is True


async def test_remember_me_keeps_the_cookie_seven_days(remote):
    user = await create_user()
    reply = await login(remote, user.username, rememberMe=True)
    assert "max-age=604800" in reply.headers["set-cookie"].lower()


async def test_the_cookie_alone_is_a_login(remote):
    user = await create_user()
    token = (await login(remote, user.username)).json()["data"]["token"]
    remote.cookies.set("genie_cms_token", f"Bearer%20{token}")
    assert (await remote.get("/cms/user/info")).status_code == 200


async def test_email_logs_in_but_a_real_name_does_not(remote):
    """SPEC §5: a real name cannot be used to log in."""
    user = await create_user()
    assert (await login(remote, user.email.upper())).status_code == 200
    reply = await login(remote, user.real_name)
    assert reply.status_code == 400
    assert reply.json()["code"] == "LOGIN_FAILED"


async def test_wrong_password_is_refused_in_the_callers_language(remote):
    user = await create_user()
    reply = await remote.post("/cms/auth/login", json={"username": user.username, "password": "nope"},
                              headers={"Accept-Language": "zh-CN"})
    assert reply.status_code == 400
    assert reply.json()["message"] == "用户名或密码错误"


async def test_a_disabled_account_cannot_log_in(remote):
    user = await create_user(status=Status.DISABLED)
    reply = await login(remote, user.username)
    assert reply.json()["code"] == "ACCOUNT_DISABLED"


async def test_every_login_good_or_bad_is_in_the_audit_log_with_secrets_masked(remote):
    user = await create_user()
    bad = await remote.post("/cms/auth/login", json={"username": user.username, "password": "Wrong-pass-1"})
    good = await login(remote, user.username)
    async with transaction() as db:
        rows = {r.transaction_id: r for r in (await db.scalars(select(OperationLog).where(
            OperationLog.url == "/cms/auth/login", OperationLog.transaction_id.in_(
                [bad.headers["x-transaction-id"], good.headers["x-transaction-id"]])))).all()}
    failed, passed = rows[bad.headers["x-transaction-id"]], rows[good.headers["x-transaction-id"]]
    assert (failed.code, failed.http_status, failed.operator_id, failed.operator_name) == (
        "LOGIN_FAILED", 400, None, user.username)
    assert (passed.code, passed.operator_id, passed.operator_name) == ("SUCCESS", user.id, user.username)
    for row in (failed, passed):
        assert "Wrong-pass-1" not in row.request_data and PASSWORD not in row.request_data
        assert '"password": "******"' in row.request_data
        assert row.location == "INTERNET" and row.remote_ip.startswith("203.0.")
    assert good.json()["data"]["token"] not in passed.response_data
    assert '"token": "******"' in passed.response_data


async def test_past_five_failures_each_try_waits_a_little_with_retry_after(remote):
    """Failed logins of one account from one address: 5 free, then a wait of seconds (not a 15-minute lock)."""
    user = await create_user()
    for _ in range(5):
        assert (await login(remote, user.username, "Wrong-pass-1")).status_code == 400
    reply = await remote.post("/cms/auth/login", json={"username": user.username, "password": PASSWORD},
                              headers={"Accept-Language": "id"})
    assert reply.status_code == 429
    assert reply.json()["code"] == "LOGIN_THROTTLED"
    seconds = int(reply.headers["retry-after"])
    assert 0 < seconds <= 30
    assert reply.json()["message"] == f"Terlalu banyak login gagal; coba lagi dalam {seconds} detik"


async def test_failures_from_one_address_do_not_keep_the_user_out_from_another(app):
    """Anyone can fail logins in an account's name: that slows their own address down, not the user's."""
    user = await create_user()
    async with client_from(app, random_ip()) as attacker, client_from(app, random_ip()) as owner:
        for _ in range(8):
            await login(attacker, user.username, "Wrong-pass-1")
        assert (await login(attacker, user.username)).status_code == 429
        assert (await login(owner, user.username)).status_code == 200


async def test_waits_double_with_each_failure_past_the_free_ones(remote):
    user = await create_user()
    for _ in range(5):
        await login(remote, user.username, "Wrong-pass-1")
    async with transaction() as db:  # the wait after the fifth failure is over: one more try, one more failure
        await db.execute(update(LoginAttempt).where(LoginAttempt.account == user.username)
                         .values(at=LoginAttempt.at - timedelta(seconds=31)))
    assert (await login(remote, user.username, "Wrong-pass-1")).status_code == 400
    assert 30 < int((await login(remote, user.username)).headers["retry-after"]) <= 60


async def test_username_and_email_share_one_failure_count(remote):
    user = await create_user()
    for name in (user.username, user.email, user.username, user.email, user.username):
        await login(remote, name, "Wrong-pass-1")
    assert (await login(remote, user.email)).status_code == 429


async def test_a_successful_login_resets_the_account_count(remote):
    user = await create_user()
    for _ in range(4):
        await login(remote, user.username, "Wrong-pass-1")
    assert (await login(remote, user.username)).status_code == 200
    for _ in range(4):
        await login(remote, user.username, "Wrong-pass-1")
    assert (await login(remote, user.username)).status_code == 200


async def test_an_address_failing_many_accounts_waits_but_its_own_users_do_not(remote, monkeypatch):
    """One address guessing across accounts is slowed down for accounts that never logged in from it; a user
    who has logged in from that address before (a shared office address) still gets in."""
    monkeypatch.setattr(get_settings(), "login_free_failures_ip", 3)
    regular, stranger = await create_user(), await create_user()
    assert (await login(remote, regular.username)).status_code == 200
    for user in [await create_user() for _ in range(3)]:
        assert (await login(remote, user.username, "Wrong-pass-1")).status_code == 400
    reply = await login(remote, stranger.username)
    assert reply.status_code == 429
    assert reply.json()["code"] == "LOGIN_THROTTLED"
    assert (await login(remote, regular.username)).status_code == 200


async def test_password_checks_run_off_the_event_loop(remote, monkeypatch):
    """argon2 takes a core for a while: it runs in the hashing threads, so other calls are served meanwhile."""
    from domain import passwords

    threads: list[str] = []
    real = passwords._hasher

    class Recording:
        def verify(self, *args):
            threads.append(threading.current_thread().name)
            return real.verify(*args)

        def hash(self, *args):
            threads.append(threading.current_thread().name)
            return real.hash(*args)

        def __getattr__(self, name: str):
            return getattr(real, name)

    monkeypatch.setattr(passwords, "_hasher", Recording())
    user = await create_user()
    assert (await login(remote, user.username)).status_code == 200
    assert threads and all(name.startswith("argon2") for name in threads)


class HeldChecks:
    """Password checks that wait until released, noting how many database connections are in use meanwhile."""

    def __init__(self, monkeypatch) -> None:
        from domain import passwords
        from domain.db import get_engine

        self.release, self.started, self.connections_in_use = threading.Event(), threading.Semaphore(0), []
        real, pool = passwords.verify_password, get_engine().sync_engine.pool

        def held(stored: str, password: str) -> bool:
            self.connections_in_use.append(pool.checkedout())  # type: ignore[attr-defined]
            self.started.release()
            self.release.wait(30)
            return real(stored, password)

        monkeypatch.setattr(passwords, "verify_password", held)

    async def wait_started(self, count: int) -> None:
        for _ in range(count):
            await asyncio.to_thread(self.started.acquire, True, 30)


async def test_no_connection_waits_on_a_password_check(remote, monkeypatch):
    """A burst of logins used to hold a connection each while argon2 ran, until the pool ran dry."""
    checks = HeldChecks(monkeypatch)
    users = [await create_user() for _ in range(2)]
    tries = [asyncio.create_task(login(remote, user.username)) for user in users]
    await checks.wait_started(2)
    assert checks.connections_in_use == [0, 0]
    info = await remote.get("/cms/user/info", headers=bearer(await token_for(users[0])))
    assert info.status_code == 200  # other calls are served while the checks wait
    checks.release.set()
    assert [reply.status_code for reply in await asyncio.gather(*tries)] == [200, 200]


async def test_more_checks_than_the_queue_takes_are_refused_at_once(remote, monkeypatch):
    monkeypatch.setattr(get_settings(), "password_hash_threads", 1)
    monkeypatch.setattr(get_settings(), "password_hash_queue", 2)
    checks = HeldChecks(monkeypatch)
    users = [await create_user() for _ in range(3)]
    tries = [asyncio.create_task(login(remote, user.username)) for user in users[:2]]
    await checks.wait_started(1)  # one check runs, one waits: the queue is full
    busy = await remote.post("/cms/auth/login", headers={"Accept-Language": "en"},
                             json={"username": users[2].username, "password": PASSWORD})
    assert busy.status_code == 503
    assert busy.json()["code"] == "PASSWORD_CHECKS_BUSY"
    assert "many passwords" in busy.json()["message"]
    checks.release.set()
    assert [reply.status_code for reply in await asyncio.gather(*tries)] == [200, 200]
    assert (await login(remote, users[2].username)).status_code == 200


async def test_a_hash_with_older_parameters_is_replaced_at_login(remote):
    """argon2-cffi's default parameters (p=4) cost four threads a check; a login moves the account to today's."""
    from argon2 import PasswordHasher

    from domain import passwords

    user = await create_user()
    async with transaction() as db:
        await db.execute(update(User).where(User.id == user.id).values(password_hash=PasswordHasher().hash(PASSWORD)))
    assert (await login(remote, user.username)).status_code == 200
    async with transaction() as db:
        stored = await db.scalar(select(User.password_hash).where(User.id == user.id))
    assert stored.startswith("$argon2id$") and not passwords.needs_rehash(stored)
    assert (await login(remote, user.username)).status_code == 200


@pytest.mark.parametrize(("password", "rule"), [
    ("Password1!", "password_common"), ("Qwerty123!", "password_common"),
    ("{username}-2026!", "password_contains_username"),
])
async def test_common_passwords_and_the_username_are_refused_naming_the_field(client, login_as, password, rule):
    user = await create_user()
    headers = {**await login_as("user-management", "user#add", "user#edit"), "Accept-Language": "en"}
    name = unique("n")
    created = await client.post("/cms/user/add", headers=headers, json={
        "username": name, "realName": "Real Name", "displayName": "Person", "email": f"{name}@test.local",
        "password": password.format(username=name)})
    assert created.status_code == 422, created.text
    assert created.json()["message"].startswith("Password:")
    changed = await client.post("/cms/user/change-password", headers=bearer(await token_for(user)), json={
        "oldPassword": PASSWORD, "newPassword": password.format(username=user.username),
        "repeatPassword": password.format(username=user.username)})
    assert changed.status_code == 422, changed.text
    assert changed.json()["message"].startswith("New password:")
    assert ("username" in changed.json()["message"]) == (rule == "password_contains_username")


async def test_logout_revokes_the_token(remote):
    user = await create_user()
    token = (await login(remote, user.username)).json()["data"]["token"]
    reply = await remote.post("/cms/auth/logout", headers=bearer(token))
    assert reply.status_code == 200
    assert 'genie_cms_token=""' in reply.headers["set-cookie"]
    after = await remote.get("/cms/user/info", headers=bearer(token))
    assert after.status_code == 401
    assert after.json()["code"] == "TOKEN_EXPIRED"


async def test_sliding_renewal_sends_a_replacement_token(remote):
    user = await create_user()
    token = (await login(remote, user.username)).json()["data"]["token"]
    async with transaction() as db:
        await db.execute(update(Session).where(Session.token_hash == security.token_hash(token))
                         .values(expires_at=datetime.now(UTC) + timedelta(minutes=30)))
    reply = await remote.get("/cms/user/info", headers=bearer(token))
    renewed = reply.headers["x-auth-token"]
    assert renewed != token
    assert reply.headers["set-cookie"].startswith(f"genie_cms_token={renewed}")
    assert (await remote.get("/cms/user/info", headers=bearer(renewed))).headers.get("x-auth-token") is None
    # the old token keeps working for a short grace, so calls already in flight do not fail
    assert (await remote.get("/cms/user/info", headers=bearer(token))).status_code == 200


async def change(client, token, old, new, repeat=None, lang="en"):
    return await client.post("/cms/user/change-password", headers={**bearer(token), "Accept-Language": lang},
                             json={"oldPassword": old, "newPassword": new, "repeatPassword": repeat or new})


async def test_change_password_rules(remote):
    """SPEC §5: old password required; repeat must match; 10 to 26 with letters, digits and symbols."""
    user = await create_user()
    token = (await login(remote, user.username)).json()["data"]["token"]
    reply = await change(remote, token, PASSWORD, "Brand-New-2026!", "Brand-New-2027!")
    assert reply.status_code == 422
    assert reply.json()["message"] == "Two passwords don't match"
    reply = await change(remote, token, PASSWORD, "short1!", lang="zh-CN")
    assert reply.json()["data"]["errors"][0] == {"field": "newPassword", "rule": "password_length",
                                                 "message": "新密码：长度为 10 到 26 个字符"}
    reply = await change(remote, token, PASSWORD, "lettersanddigits123")
    assert reply.json()["data"]["errors"][0]["rule"] == "password_mix"
    reply = await change(remote, token, "Not-the-old-1", "Brand-New-2026!")
    assert reply.json()["data"]["errors"][0]["field"] == "oldPassword"
    reply = await remote.post("/cms/user/change-password", headers=bearer(token),
                              json={"newPassword": "Brand-New-2026!", "repeatPassword": "Brand-New-2026!"})
    assert reply.json()["data"]["errors"][0] == {"field": "oldPassword", "rule": "required",
                                                 "message": "Old password: this field is required"}


async def test_change_password_logs_out_the_other_sessions(remote):
    user = await create_user()
    here = (await login(remote, user.username)).json()["data"]["token"]
    elsewhere = (await login(remote, user.username)).json()["data"]["token"]
    reply = await change(remote, here, PASSWORD, "Brand-New-2026!")
    assert reply.status_code == 200, reply.text
    assert (await remote.get("/cms/user/info", headers=bearer(here))).status_code == 200
    assert (await remote.get("/cms/user/info", headers=bearer(elsewhere))).status_code == 401
    assert (await login(remote, user.username)).status_code == 400
    assert (await login(remote, user.username, "Brand-New-2026!")).status_code == 200


def flatten(nodes):
    for node in nodes:
        yield node
        yield from flatten(node["children"])


async def test_the_menu_holds_only_granted_screens_with_their_ancestors(remote):
    user = await create_user("crm-leads", "leads#add", "feedback-list")
    token = (await login(remote, user.username)).json()["data"]["token"]
    reply = await remote.get("/cms/user/menus", headers={**bearer(token), "Accept-Language": "zh-CN"})
    tree = reply.json()["data"]
    assert [n["identifier"] for n in tree] == ["home", "crm", "profile-center", "change-password", "export-tasks"]
    crm = tree[1]
    assert [c["identifier"] for c in crm["children"]] == ["crm-leads", "crm-feedback"]
    assert crm["children"][1]["children"][0]["path"] == "/crm/feedback/list"
    assert crm["title"] == "客户管理" and crm["titles"] == {"en": "CRM", "zh-CN": "客户管理", "id": "CRM"}
    assert crm["menuType"] == "DIRECTORY" and crm["redirect"] == "/crm/leads" and crm["alwaysShow"]
    identifiers = {n["identifier"] for n in flatten(tree)}
    assert "leads#add" not in identifiers  # buttons only in user/info permissions
    assert tree[2]["hidden"] and tree[0]["affix"]


async def test_forbidden_paths_are_the_screens_not_held(remote):
    """SPEC §2, §6: /401 for a screen the user may not open, /404 for an address that does not exist."""
    user = await create_user("crm-leads")
    token = (await login(remote, user.username)).json()["data"]["token"]
    paths = (await remote.get("/cms/user/forbidden-paths", headers=bearer(token))).json()["data"]
    assert "/user-center/user" in paths and "/ticket/:id" in paths
    assert "/crm/leads" not in paths and "/home" not in paths
    assert paths == sorted(paths)


async def test_a_super_user_sees_the_whole_menu_and_every_permission(client, login_as):
    headers = await login_as(super_user=True)
    tree = (await client.get("/cms/user/menus", headers=headers)).json()["data"]
    assert {"user-center", "operation", "crm", "system", "manage"} <= {n["identifier"] for n in tree}
    info = (await client.get("/cms/user/info", headers=headers)).json()["data"]
    assert info["isSuper"] and "logistics#import" in info["permissions"]
    assert (await client.get("/cms/user/forbidden-paths", headers=headers)).json()["data"] == []
