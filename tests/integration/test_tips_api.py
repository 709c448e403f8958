"""Tips (SPEC §3, §5, §8): required fields, start not after end, at most 5 pages, links as text plus an
http:// or {host} address, and one tip per page and country held by the database's unique key."""

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import delete, select

from domain.db import transaction
from domain.models.tips import Tip, TipPageRow

ALL = ("tips-manage", "tip#add", "tip#edit", "tip#delete", "tip#export")
NOW = datetime.now(UTC)
TAKEN = "Tip already exists on the page: delete or modify the existing one"


@pytest.fixture
async def staff(login_as):
    return await login_as(*ALL)


async def clear(country: str) -> None:
    """Each test owns one country: the pages of another test's tips never collide with its own."""
    async with transaction() as db:
        await db.execute(delete(Tip).where(Tip.country == country))


def body(country: str, pages: list[str], **fields):
    return {"country": country, "pages": pages, "startAt": NOW.isoformat(),
            "endAt": (NOW + timedelta(days=7)).isoformat(),
            "content": 'Sync your orders <a href="{host}/order/list">here</a>', **fields}


async def add(client, headers, data, status=200):
    reply = await client.post("/cms/tip/add", json=data, headers=headers)
    assert reply.status_code == status, reply.text
    return reply.json()


async def test_a_second_tip_on_a_page_of_the_same_country_is_refused_with_its_message(client, staff):
    await clear("SG")
    first = (await add(client, staff, body("SG", ["ORDER_LIST", "STOCK_LIST"])))["data"]
    assert first["pages"] == ["ORDER_LIST", "STOCK_LIST"] and first["status"] == "PUBLISHED"
    refused = await add(client, staff, body("SG", ["PROMOTION", "STOCK_LIST"]), status=409)
    assert refused["code"] == "TIP_PAGE_TAKEN" and refused["message"] == TAKEN
    zh = await client.post("/cms/tip/add", json=body("SG", ["STOCK_LIST"]),
                           headers={**staff, "Accept-Language": "zh-CN"})
    assert zh.json()["message"] == "该页面已存在提示：请删除或修改已有的提示"
    async with transaction() as db:  # nothing of the refused tip was kept
        pages = (await db.scalars(select(TipPageRow.page).where(TipPageRow.country == "SG"))).all()
    assert sorted(pages) == ["ORDER_LIST", "STOCK_LIST"]
    # the same page in another country is another slot
    await clear("TW")
    await add(client, staff, body("TW", ["STOCK_LIST"]))


async def test_two_staff_saving_the_same_page_at_once_cannot_both_win(client, staff):
    """The rule is the database's unique key, not a read before the write."""
    await clear("US")
    replies = await asyncio.gather(*(client.post("/cms/tip/add", json=body("US", ["REPORTS"]), headers=staff)
                                     for _ in range(4)))
    assert sorted(r.status_code for r in replies) == [200, 409, 409, 409]


async def test_modifying_a_tip_keeps_its_own_pages_and_frees_those_it_leaves(client, staff):
    await clear("MY")
    tip = (await add(client, staff, body("MY", ["ORDER_LIST", "SHOP_LIST"])))["data"]
    reply = await client.post("/cms/tip/modify", headers=staff,
                              json={"id": tip["id"], "pages": ["SHOP_LIST", "REPORTS"]})
    assert reply.status_code == 200, reply.text
    assert reply.json()["data"]["pages"] == ["REPORTS", "SHOP_LIST"]
    await add(client, staff, body("MY", ["ORDER_LIST"]))  # freed by the modification
    # deleting frees the pages too ("delete or modify the existing one")
    assert (await client.delete(f"/cms/tip/delete/{tip['id']}", headers=staff)).status_code == 200
    await add(client, staff, body("MY", ["SHOP_LIST", "REPORTS"]))


@pytest.mark.parametrize(("change", "field", "rule"), [
    ({"pages": []}, "pages", "min_items"),
    ({"pages": ["ORDER_LIST", "STOCK_LIST", "PROMOTION", "REPORTS", "SHOP_LIST", "SETTINGS"]}, "pages", "max_items"),
    ({"pages": ["ORDER_LIST", "ORDER_LIST"]}, "pages", "tip_pages_twice"),
    ({"country": None}, "country", "required"),
    ({"startAt": None}, "startAt", "required"),
    ({"endAt": None}, "endAt", "required"),
    ({"startAt": (NOW + timedelta(days=8)).isoformat()}, "endAt", "tip_start_after_end"),
    ({"content": '<a href="ftp://x.example/a">file</a>'}, "content", "tip_link"),
    ({"content": '<a href="javascript:alert(1)">click</a>'}, "content", "tip_link"),
    ({"content": '<a href="/order/list">orders</a>'}, "content", "tip_link"),
    ({"content": '<a href="http://help.example.com"> </a>'}, "content", "tip_link"),
])
async def test_refusals_name_the_field_and_the_rule_and_change_nothing(client, staff, change, field, rule):
    await clear("VN")
    data = {k: v for k, v in {**body("VN", ["WAREHOUSE"]), **change}.items() if v is not None}
    refused = await add(client, staff, data, status=422)
    error = refused["data"]["errors"][0]
    assert (error["field"], error["rule"]) == (field, rule), refused
    async with transaction() as db:
        assert (await db.scalar(select(Tip.id).where(Tip.country == "VN"))) is None


async def test_content_is_sanitised_and_links_may_point_at_http_or_the_host(client, staff):
    await clear("TH")
    content = ('<p onclick="alert(1)">See <a href="http://help.example.com/a">help</a> and '
               '<a href="{host}/stock">stock</a></p><script>alert(1)</script>')
    tip = (await add(client, staff, body("TH", ["STOCK_LIST"], content=content)))["data"]
    assert "script" not in tip["content"] and "onclick" not in tip["content"]
    assert 'href="http://help.example.com/a"' in tip["content"] and 'href="{host}/stock"' in tip["content"]


async def test_status_follows_the_clock_and_filters_and_export_work(client, staff):
    await clear("PH")
    later = (await add(client, staff, body("PH", ["DASHBOARD"], startAt=(NOW + timedelta(days=1)).isoformat())))
    past = await add(client, staff, body("PH", ["SETTINGS"], startAt=(NOW - timedelta(days=9)).isoformat(),
                                          endAt=(NOW - timedelta(days=2)).isoformat()))
    assert later["data"]["status"] == "TO_BE_RELEASED" and past["data"]["status"] == "EXPIRED"
    found = (await client.post("/cms/tip/search", headers=staff,
                               json={"country": ["PH"], "status": ["EXPIRED"]})).json()
    assert [t["id"] for t in found["data"]["items"]] == [past["data"]["id"]]
    by_page = (await client.post("/cms/tip/search", headers=staff, json={"country": ["PH"], "pages": ["DASHBOARD"]}))
    assert [t["id"] for t in by_page.json()["data"]["items"]] == [later["data"]["id"]]
    export = await client.post("/cms/tip/export", headers=staff, json={"country": ["PH"]})
    assert export.status_code == 200 and export.content[:2] == b"PK"



async def test_the_list_filters_by_a_start_or_an_end_range(client, staff):
    """SPEC §9 date ranges on the tips list: [from, to] of the start time or of the end time, either end open."""
    await clear("CN")
    soon = (await add(client, staff, body("CN", ["DASHBOARD"], startAt=(NOW + timedelta(days=1)).isoformat(),
                                          endAt=(NOW + timedelta(days=3)).isoformat())))["data"]["id"]
    later = (await add(client, staff, body("CN", ["SETTINGS"], startAt=(NOW + timedelta(days=5)).isoformat(),
                                           endAt=(NOW + timedelta(days=9)).isoformat())))["data"]["id"]

    async def ids(**ranges):
        reply = await client.post("/cms/tip/search", headers=staff, json={"country": ["CN"], **ranges})
        assert reply.status_code == 200, reply.text
        return sorted(t["id"] for t in reply.json()["data"]["items"])

    day = lambda n: (NOW + timedelta(days=n)).isoformat()  # noqa: E731
    assert await ids(startAt=[day(0), day(2)]) == [soon]
    assert await ids(startAt=[day(4), None]) == [later]
    assert await ids(endAt=[None, day(4)]) == [soon]
    assert await ids(startAt=[day(0), day(9)], endAt=[day(8), day(10)]) == [later]
    refused = await client.post("/cms/tip/search", headers=staff, json={"startAt": ["yesterday", day(1)]})
    assert refused.status_code == 422 and refused.json()["data"]["errors"][0]["field"].startswith("startAt")
