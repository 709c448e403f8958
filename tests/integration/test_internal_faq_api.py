"""The internal FAQ (SPEC §2 modify and preview, §4 offline/online/draft/topping): answers are sanitised, and
the preview shows what staff read: online entries, the topping ones first, never drafts or offline ones."""

import pytest

from tests.conftest import unique

EDITOR = ("internal-faq-modify", "internal-faq#add", "internal-faq#edit", "internal-faq#delete",
          "internal-faq#export")


@pytest.fixture
async def editor(login_as):
    return await login_as(*EDITOR)


async def add(client, headers, state, **fields):
    body = {"question": unique("How do I "), "answer": "<p>Open <b>Settings</b></p>", "state": state, **fields}
    reply = await client.post("/cms/internal-faq/add", json=body, headers=headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def test_preview_shows_online_entries_with_topping_first(client, editor, login_as):
    online = await add(client, editor, "ONLINE")
    topping = await add(client, editor, "TOPPING")
    draft = await add(client, editor, "DRAFT")
    offline = await add(client, editor, "OFFLINE")
    reader = await login_as("internal-faq-preview")
    shown = [f["id"] for f in (await client.get("/cms/internal-faq/preview", headers=reader)).json()["data"]]
    assert shown.index(topping["id"]) < shown.index(online["id"])
    assert draft["id"] not in shown and offline["id"] not in shown
    moved = await client.post("/cms/internal-faq/modify", headers=editor, json={"id": draft["id"], "state": "ONLINE"})
    assert moved.json()["data"]["state"] == "ONLINE"
    shown = [f["id"] for f in (await client.get("/cms/internal-faq/preview", headers=reader)).json()["data"]]
    assert draft["id"] in shown


async def test_answers_are_sanitised_and_states_checked(client, editor):
    faq = await add(client, editor, "DRAFT", answer='<p onclick="x()">Hi</p><script>alert(1)</script>')
    assert faq["answer"] == "<p>Hi</p>"
    refused = await client.post("/cms/internal-faq/add", headers=editor, json={
        "question": "Why", "answer": "Because", "state": "PINNED"})
    assert refused.status_code == 422 and refused.json()["data"]["errors"][0]["field"] == "state"


async def test_the_preview_needs_its_permission(client, login_as):
    nobody = await login_as("home")
    assert (await client.get("/cms/internal-faq/preview", headers=nobody)).status_code == 403
