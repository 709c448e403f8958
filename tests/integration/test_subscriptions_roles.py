"""Who approves and retries on a freshly seeded console, through the built-in roles alone: the finance role approves
a subscription (a money decision), the IT role retries requests but does not approve them."""

from sqlalchemy import insert, select

from domain.db import transaction
from domain.models.roles import Role
from domain.models.users import user_roles
from tests.integration.people import create_user, token_for
from tests.integration.subscription_support import (
    call,
    confirmed,
    dialog,
    merchant,
    package,
    people,
)
from tests.integration.ticket_support import Staff


async def holder_of(role_code: str) -> Staff:
    """A user holding nothing but the built-in role, as an administrator of a fresh console would make one."""
    user = await create_user()
    async with transaction() as db:
        role_id = await db.scalar(select(Role.id).where(Role.code == role_code))
        await db.execute(insert(user_roles).values(user_id=user.id, role_id=role_id))
    return Staff(user, await token_for(user), ())


async def test_the_finance_role_approves_and_it_may_not(client, subscription_worker):
    seller, _ = await people()
    finance, it = await holder_of("finance"), await holder_of("it")
    request = await confirmed(client, seller, dialog(await merchant(), await package()))

    await call(client, it, f"{request['id']}/approve", status=403)
    filters = {"state": ["AWAITING_APPROVAL"], "merchantId": request["merchantId"]}
    listed = await call(client, finance, "search", filters)
    assert [r["id"] for r in listed["data"]["items"]] == [request["id"]] and listed["data"]["items"][0]["canDecide"]
    applied = (await call(client, finance, f"{request['id']}/approve"))["data"]
    assert applied["state"] == "APPLIED" and applied["approverId"] == finance.id

    menus = (await client.get("/cms/user/menus", headers=finance.headers)).json()["data"]
    assert {"/system/audit/approval", "/approval/:id"} <= set(paths(menus))  # the list and the page to decide on


def paths(nodes):
    for node in nodes:
        yield node["path"]
        yield from paths(node["children"])


async def test_the_it_role_may_retry_a_request(client, subscription_worker):
    seller, _ = await people()
    it = await holder_of("it")
    request = await confirmed(client, seller, dialog(await merchant(), await package()))
    refused = await call(client, it, f"{request['id']}/retry", status=409)  # allowed, but its flow runs
    assert refused["code"] == "SUBSCRIPTION_NOT_RETRYABLE"
