"""The account cache calls of SPEC §7 on our own state: login lock and sessions."""

from tests.integration.people import bearer, client_from, create_user, login, random_ip


async def state(client, headers, key, account):
    reply = await client.get("/cms/common/redis/account/exist", headers=headers,
                             params={"redisKey": key, "account": account})
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def test_login_lock_is_seen_and_cleared(client, login_as, app):
    admin = await login_as("user-management", "user#unlock")
    person = await create_user()
    async with client_from(app, random_ip()) as remote:
        for _ in range(5):
            await login(remote, person.username, "Wrong-pass-1")
        assert (await login(remote, person.username)).status_code == 429
        locked = await state(client, admin, "LOGIN_LOCK", person.email)
        assert (locked["exists"], locked["count"]) == (True, 5)
        reply = await client.post("/cms/common/redis/account/remove", headers=admin,
                                  params={"keyType": "LOGIN_LOCK", "account": person.username})
        assert reply.json()["data"]["removed"] == 5
        assert (await state(client, admin, "LOGIN_LOCK", person.username))["exists"] is False
        assert (await login(remote, person.username)).status_code == 200


async def test_sessions_are_counted_and_ended(client, login_as, app):
    admin = await login_as("user-management", "user#unlock")
    person = await create_user()
    async with client_from(app, random_ip()) as remote:
        token = (await login(remote, person.username)).json()["data"]["token"]
        assert (await state(client, admin, "SESSION", person.username))["count"] == 1
        reply = await client.post("/cms/common/redis/account/remove", headers=admin,
                                  params={"keyType": "SESSION", "account": person.username})
        assert reply.json()["data"]["removed"] == 1
        assert (await remote.get("/cms/user/info", headers=bearer(token))).status_code == 401
    viewer = await login_as("user-management")
    refused = await client.post("/cms/common/redis/account/remove", headers=viewer,
                                params={"keyType": "SESSION", "account": person.username})
    assert refused.status_code == 403
