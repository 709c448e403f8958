"""WhatsApp groups (SPEC §2 /operation/accounts/saas-management/whatsapp-group) and the merchant's group (SPEC §2
merchant accounts): invite links only, once each, held by PostgreSQL too; a merchant joins an enabled group of its
own country; a group with members is not deleted; every change is in the audit trail."""

import secrets
import string

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

from domain.db import transaction
from domain.models.audit import EntityChange
from domain.models.data_authority import DataScope
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant
from tests.integration.people import bearer, create_user, token_for

GROUPS = ("whatsapp-group", "whatsapp-group#add", "whatsapp-group#edit", "whatsapp-group#delete")
MERCHANTS = ("ginee-account", "ginee-specific-accounts", "account#edit")


def invite() -> str:
    return "https://chat.whatsapp.com/" + "".join(secrets.choice(string.ascii_letters) for _ in range(22))


@pytest.fixture
async def staff(login_as):
    return await login_as(*GROUPS, *MERCHANTS)


async def add(client, headers, status=200, **fields):
    body = {"name": unique("Sellers"), "country": "ID", "link": invite(), **fields}
    reply = await client.post("/cms/whatsapp-group/add", headers=headers, json=body)
    assert reply.status_code == status, reply.text
    return reply.json()


@pytest.mark.parametrize("link", [
    "https://wa.me/6281234567890",  # a chat with one number, not a group
    "http://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv",  # not https
    "https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv?x=1",
    "https://chat.whatsapp.com/short",
])
async def test_a_group_link_must_be_a_whatsapp_invite_link(client, staff, link):
    name = unique("Refused")
    refused = await add(client, staff, 422, link=link, name=name)
    error = refused["data"]["errors"][0]
    assert (error["field"], error["rule"]) == ("link", "whatsapp_invite_link")
    assert error["message"].startswith("Invite link: must be a WhatsApp invite link")
    zh = await client.post("/cms/whatsapp-group/add", headers={**staff, "Accept-Language": "zh-CN"},
                           json={"name": name, "country": "ID", "link": link})
    assert zh.json()["data"]["errors"][0]["message"].startswith("邀请链接：必须是 WhatsApp 邀请链接")
    found = (await client.post("/cms/whatsapp-group/search", headers=staff, json={"name": name})).json()["data"]
    assert found["total"] == 0


async def test_the_database_refuses_a_link_that_is_not_an_invite(staff):
    with pytest.raises(IntegrityError, match="ck_whatsapp_groups_invite_link"):
        async with transaction() as db:
            await db.execute(text("INSERT INTO whatsapp_groups (name, country, link) "
                                  "VALUES ('x', 'ID', 'https://example.com/join')"))


async def test_one_link_one_group(client, staff):
    link = invite()
    await add(client, staff, link=link)
    refused = await add(client, staff, 409, link=link)
    assert refused["code"] == "WHATSAPP_LINK_TAKEN"
    assert refused["message"] == "Invite link: another WhatsApp group already has this invite link"


async def test_a_merchant_joins_an_enabled_group_of_its_country_and_it_shows_on_the_merchant(client, staff):
    merchant = await insert_merchant("ID")
    indonesian = (await add(client, staff, country="ID"))["data"]
    malaysian = (await add(client, staff, country="MY"))["data"]
    disabled = (await add(client, staff, country="ID", enabled=False))["data"]

    async def join(group_id, status):
        reply = await client.post("/cms/merchant/modify", headers=staff,
                                  json={"id": merchant.id, "whatsappGroupId": group_id})
        assert reply.status_code == status, reply.text
        return reply.json()

    wrong_country = (await join(malaysian["id"], 422))["data"]["errors"][0]
    assert (wrong_country["field"], wrong_country["rule"]) == ("whatsappGroupId", "whatsapp_group_country")
    assert wrong_country["message"] == ("WhatsApp group: the group is for merchants of MY, not of this "
                                        "merchant's country")
    assert (await join(disabled["id"], 422))["data"]["errors"][0]["rule"] == "whatsapp_group_disabled"
    assert (await join(10**9, 422))["data"]["errors"][0]["rule"] == "whatsapp_group_missing"

    joined = (await join(indonesian["id"], 200))["data"]
    assert (joined["whatsappGroupId"], joined["whatsappGroupName"], joined["whatsappGroupLink"]) == (
        indonesian["id"], indonesian["name"], indonesian["link"])
    detail = (await client.get(f"/cms/merchant/detail/{merchant.id}", headers=staff)).json()["data"]
    assert detail["whatsappGroupName"] == indonesian["name"]
    members = (await client.post("/cms/merchant/search", headers=staff,
                                 json={"whatsappGroupId": indonesian["id"]})).json()["data"]["items"]
    assert [m["id"] for m in members] == [merchant.id]
    history = (await client.get(f"/cms/merchant/{merchant.id}/history", headers=staff)).json()["data"]["items"]
    assert history[0]["changes"]["whatsapp_group_id"] == {"before": None, "after": indonesian["id"]}

    # a group disabled after the merchant joined keeps its member through other edits of the merchant
    await client.post("/cms/whatsapp-group/modify", headers=staff, json={"id": indonesian["id"], "enabled": False})
    kept = (await client.post("/cms/merchant/modify", headers=staff,
                              json={"id": merchant.id, "tags": ["wa"]})).json()["data"]
    assert kept["whatsappGroupId"] == indonesian["id"]
    group = (await client.get(f"/cms/whatsapp-group/detail/{indonesian['id']}", headers=staff)).json()["data"]
    assert group["memberCount"] == 1


async def test_a_group_with_members_is_not_deleted_and_an_empty_one_is_audited_away(client, staff):
    merchant = await insert_merchant("TH")
    group = (await add(client, staff, country="TH"))["data"]
    await client.post("/cms/merchant/modify", headers=staff, json={"id": merchant.id, "whatsappGroupId": group["id"]})
    refused = await client.delete(f"/cms/whatsapp-group/delete/{group['id']}", headers=staff)
    assert refused.status_code == 409 and refused.json()["code"] == "DELETE_IN_USE"
    assert refused.json()["message"] == "WhatsApp group is still in use and cannot be deleted"
    await client.post("/cms/merchant/modify", headers=staff, json={"id": merchant.id, "whatsappGroupId": None})
    assert (await client.delete(f"/cms/whatsapp-group/delete/{group['id']}", headers=staff)).status_code == 200
    async with transaction() as db:
        actions = (await db.scalars(select(EntityChange.action).where(
            EntityChange.entity == "WhatsappGroup", EntityChange.entity_id == str(group["id"]))
            .order_by(EntityChange.id))).all()
    assert actions == ["create", "delete"]


async def test_the_buttons_and_the_picker_need_their_permissions(client, staff, login_as):
    viewer = await login_as("whatsapp-group")
    assert (await client.post("/cms/whatsapp-group/search", headers=viewer, json={})).status_code == 200
    assert (await add(client, viewer, 403))["code"] == "NO_PERMISSION"
    group = (await add(client, staff, country="VN"))["data"]
    editor = await login_as("ginee-account", "account#edit")
    offered = (await client.get("/cms/whatsapp-group/options", headers=editor, params={"country": "VN"})).json()
    assert group["id"] in [g["id"] for g in offered["data"]]
    # the merchant lists filter by group: their readers get the options too (test_filter_options.py), no one else
    nobody = await login_as("ticket-list")
    assert (await client.get("/cms/whatsapp-group/options", headers=nobody)).status_code == 403


async def test_a_user_scoped_to_a_country_sees_and_writes_only_its_groups(client, staff):
    other = (await add(client, staff, country="PH"))["data"]
    user = await create_user(*GROUPS, country="ID")
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    scoped = bearer(await token_for(user))
    found = (await client.post("/cms/whatsapp-group/search", headers=scoped, json={"pageSize": 500})).json()
    assert other["id"] not in [g["id"] for g in found["data"]["items"]]
    assert (await add(client, scoped, 403, country="PH"))["code"] == "DATA_SCOPE_WRITE"
