"""A filter a list shows must answer whoever may see the list: the options route behind each picker used as a list
filter admits the list's readers (the web's resources test checks every pair; here each route fixed for it)."""

from __future__ import annotations

import pytest

from domain.db import transaction
from domain.models.whatsapp_groups import WhatsappGroup
from tests.conftest import unique


@pytest.mark.parametrize("list_permission", ["ginee-account", "ginee-specific-accounts"])
async def test_the_whatsapp_group_filter_of_the_merchant_lists_answers_their_readers(client, login_as,
                                                                                    list_permission):
    name = unique("grp")
    async with transaction() as db:
        db.add(WhatsappGroup(name=name, country="ID", link=f"https://chat.whatsapp.com/{unique('g')[:10]}Invite00"))
    reader = await login_as(list_permission)
    reply = await client.get("/cms/whatsapp-group/options", headers=reader)
    assert reply.status_code == 200, reply.text
    assert name in [group["name"] for group in reply.json()["data"]]
    # a caller of neither list nor the group screens is still refused
    assert (await client.get("/cms/whatsapp-group/options", headers=await login_as("ticket-list"))).status_code == 403
