"""Recently visited and subscribed pages, table column display (SPEC §5, §7, §8)."""

from tests.conftest import unique


async def test_visits_are_listed_newest_first_and_counted(client, login_as):
    me = await login_as()
    for url in ("/crm/leads", "/system/ticket/list", "/crm/leads"):
        reply = await client.post("/cms/history/add", headers=me, json={"name": url, "accessURL": url})
        assert reply.status_code == 200
    pages = (await client.get("/cms/history/list", headers=me)).json()["data"]
    assert [(p["accessURL"], p["visits"]) for p in pages] == [("/crm/leads", 2), ("/system/ticket/list", 1)]
    other = await login_as()
    assert (await client.get("/cms/history/list", headers=other)).json()["data"] == []


async def test_subscriptions_keep_five_pages_with_the_most_five_pages_message(client, login_as):
    """SPEC §5: subscribed recent pages max 5; more are truncated to 5. SPEC §8: 'most five pages'."""
    me = await login_as()
    pages = [{"name": f"P{i}", "accessURL": f"/p/{i}"} for i in range(7)]
    reply = await client.post("/cms/history/subscription", headers={**me, "Accept-Language": "zh-CN"},
                              json={"subscriptionList": pages})
    assert reply.status_code == 200
    assert reply.json()["message"] == "最多只能订阅五个页面，已保留前五个"
    assert [p["accessURL"] for p in reply.json()["data"]] == [f"/p/{i}" for i in range(5)]
    reply = await client.post("/cms/history/subscription", headers=me,
                              json={"subscriptionList": ["/p/6", "/p/1"]})
    assert reply.json()["message"] == "Subscribed; refresh the page to see your pages"
    listed = (await client.get("/cms/history/list", headers=me)).json()["data"]
    assert sorted(p["accessURL"] for p in listed if p["subscribed"]) == ["/p/1", "/p/6"]


async def test_table_display_is_kept_per_user_and_table(client, login_as):
    me, other = await login_as(), await login_as()
    key = unique("table")
    empty = (await client.post("/cms/front/table-display/get", headers=me, json={"tableKey": key})).json()["data"]
    assert empty == {"tableKey": key, "columns": None}
    columns = [{"key": "name", "visible": True, "width": 120}, {"key": "email", "visible": False}]
    await client.post("/cms/front/table-display/change", headers=me, json={"tableKey": key, "columns": columns})
    await client.post("/cms/front/table-display/change", headers=me,
                      json={"tableKey": key, "columns": list(reversed(columns))})
    mine = (await client.post("/cms/front/table-display/get", headers=me, json={"tableKey": key})).json()["data"]
    assert mine["columns"] == list(reversed(columns))
    theirs = (await client.post("/cms/front/table-display/get", headers=other, json={"tableKey": key})).json()
    assert theirs["data"]["columns"] is None
    bad = await client.post("/cms/front/table-display/change", headers=me, json={"tableKey": key, "columns": [{}]})
    assert bad.status_code == 422
