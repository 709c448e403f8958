"""The pickers naming another record by its label: merchants by email, a warehouse's shelves by code, tickets by
number and title, FAQ by title. Each answers whoever may use a form or filter that names the record, within the
caller's data authority, the first 20 matches, and names picked ids again; a malformed request is refused. A
receipt of an inbound order names the shelf it puts the stock on."""

import pytest
from sqlalchemy import select

from domain.db import transaction
from domain.enums import StockMovementType, StockOrderType
from domain.models.data_authority import DataScope
from domain.models.stock import ShelfStock
from domain.models.warehouses import Shelf
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant
from tests.integration.people import bearer, create_user, token_for
from tests.integration.stock_order_support import ORDERS, act, create, place_with_stock
from tests.integration.stock_support import insert_warehouse, moved
from tests.integration.ticket_support import insert_ticket


async def user_of(*permissions: str, country: str | None = None) -> dict[str, str]:
    user = await create_user(*permissions)
    if country:
        async with transaction() as db:
            db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=[country]))
    return bearer(await token_for(user))


async def found(client, path: str, headers: dict[str, str], **params) -> list[dict]:
    reply = await client.get(path, headers=headers, params=params)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def test_merchants_are_picked_by_email_within_the_data_authority(client):
    stem = unique("pick").lower()
    ours = await insert_merchant("ID", email=f"{stem}-a@example.com")
    theirs = await insert_merchant("PH", email=f"{stem}-b@example.com")
    for screen in ("search-warehouse-stock", "warehouse-list", "ticket-new", "stock-settings"):
        staff = await user_of(screen)
        assert [m["email"] for m in await found(client, "/cms/merchant/options", staff, q=stem.upper())] == [
            ours.email, theirs.email]
    narrow = await user_of("product-library", country="ID")
    assert [m["id"] for m in await found(client, "/cms/merchant/options", narrow, q=stem)] == [ours.id]
    assert [m["email"] for m in await found(client, "/cms/merchant/options", narrow, ids=[ours.id, theirs.id])] == [
        ours.email]  # a picked id outside the authority is not named
    assert (await client.get("/cms/merchant/options", headers=await user_of("home"))).status_code == 403
    staff = await user_of("warehouse-list")
    assert (await client.get("/cms/merchant/options", headers=staff, params={"q": "x" * 255})).status_code == 422
    assert (await client.get("/cms/merchant/options", headers=staff, params={"ids": "abc"})).status_code == 422
    assert (await client.get("/cms/merchant/options", headers=staff, params={"ids": 0})).status_code == 422
    many = await client.get("/cms/merchant/options", headers=staff, params={"ids": list(range(1, 23))})
    assert many.status_code == 422


async def test_the_merchant_lookup_narrows_by_channels_and_countries(client):
    """SPEC §5 merchant lookup: email, channel and country; several channels or countries, as a list filters."""
    stem = unique("look").lower()
    shopee = await insert_merchant("ID", email=f"{stem}-a@example.com", shops=[{"channel": "SHOPEE_ID"}])
    lazada = await insert_merchant("PH", email=f"{stem}-b@example.com", shops=[{"channel": "LAZADA_ID"}])
    await insert_merchant("ID", email=f"{stem}-c@example.com")  # no shop: no channel
    staff = await user_of("order-list")

    async def ids(**params) -> list[int]:
        return [m["id"] for m in await found(client, "/cms/merchant/options", staff, q=stem, **params)]

    assert await ids(channel="SHOPEE_ID") == [shopee.id]
    assert await ids(channel=["SHOPEE_ID", "LAZADA_ID"]) == [shopee.id, lazada.id]
    assert await ids(channel=["SHOPEE_ID", "LAZADA_ID"], country="PH") == [lazada.id]
    assert len(await ids(country=["ID", "PH"])) == 3
    refused = await client.get("/cms/merchant/options", headers=staff, params={"channel": "NOPE"})
    assert refused.status_code == 422 and refused.json()["data"]["errors"][0]["field"].startswith("channel")


async def test_shelves_are_picked_by_code_in_one_warehouse(client):
    place = await insert_warehouse(shelves=3)
    other = await insert_warehouse(shelves=2)
    async with transaction() as db:
        db.add(Shelf(warehouse_id=place.warehouse_id, code="B-07", name="Back wall"))
    for screen in ("location-management", "stock-change-record", "outbound-inbound-order-query", "shelf-merges"):
        staff = await user_of(screen)
        codes = [s["code"] for s in await found(client, "/cms/warehouse-shelf/options", staff,
                                                warehouseId=place.warehouse_id)]
        assert codes == ["A-00", "A-01", "A-02", "B-07"]  # only this warehouse's shelves
    staff = await user_of("location-management")
    assert [s["code"] for s in await found(client, "/cms/warehouse-shelf/options", staff,
                                           warehouseId=place.warehouse_id, q="b-0")] == ["B-07"]
    assert [s["code"] for s in await found(client, "/cms/warehouse-shelf/options", staff,
                                           warehouseId=place.warehouse_id, q="back")] == ["B-07"]
    named = await found(client, "/cms/warehouse-shelf/options", staff, warehouseId=place.warehouse_id,
                        ids=[place.shelves[1], other.shelves[0]])
    assert [s["code"] for s in named] == ["A-01"]  # another warehouse's shelf is not this picker's
    merchant = await insert_merchant("PH")
    away = await insert_warehouse(shelves=1, merchant_id=merchant.id)
    narrow = await user_of("location-management", country="ID")
    assert await found(client, "/cms/warehouse-shelf/options", narrow, warehouseId=away.warehouse_id) == []
    assert (await client.get("/cms/warehouse-shelf/options", headers=staff)).status_code == 422  # which warehouse?
    for bad in ({"warehouseId": "x"}, {"warehouseId": 0}, {"warehouseId": place.warehouse_id, "q": "x" * 255}):
        assert (await client.get("/cms/warehouse-shelf/options", headers=staff, params=bad)).status_code == 422
    assert (await client.get("/cms/warehouse-shelf/options", headers=await user_of("home"),
                             params={"warehouseId": place.warehouse_id})).status_code == 403


async def test_shelf_options_count_the_skus_on_each_shelf(client):
    """The merge dialog names a shelf with the SKUs it holds ("A-01 (2 SKUs)"): counted in the options' statement,
    a SKU emptied from the shelf no longer counted."""
    place = await insert_warehouse(shelves=3)
    first, second, gone = unique("SKU"), unique("SKU"), unique("SKU")
    for sku in (first, second, gone):
        await moved(place, StockMovementType.MANUAL_INBOUND, 4, sku, shelf_id=place.shelves[1])
    await moved(place, StockMovementType.MANUAL_INBOUND, 1, first, shelf_id=place.shelves[2])
    await moved(place, StockMovementType.MANUAL_OUTBOUND, 4, gone, shelf_id=place.shelves[1])
    staff = await user_of("shelf-merges")
    shelves = await found(client, "/cms/warehouse-shelf/options", staff, warehouseId=place.warehouse_id)
    assert [(s["code"], s["skus"]) for s in shelves] == [("A-00", 0), ("A-01", 2), ("A-02", 1)]
    named = await found(client, "/cms/warehouse-shelf/options", staff, warehouseId=place.warehouse_id,
                        ids=[place.shelves[1]])
    assert [(s["code"], s["skus"]) for s in named] == [("A-01", 2)]


async def test_tickets_are_picked_by_number_or_title_among_those_the_reader_sees(client):
    stem = unique("Printer")
    first, second = await insert_ticket(title=f"{stem} jams"), await insert_ticket(title=f"{stem} offline")
    editor = await user_of("notices-faq-manage", "ticket-list")
    assert [t["id"] for t in await found(client, "/cms/ticket/options", editor, q=stem.lower())] == [second, first]
    by_number = await found(client, "/cms/ticket/options", editor, q=f"#{first}")
    assert by_number[0]["title"] == f"{stem} jams"
    assert [t["id"] for t in await found(client, "/cms/ticket/options", editor, ids=[first])] == [first]
    # without the full list, only the tickets one is involved in
    assert await found(client, "/cms/ticket/options", await user_of("notices-faq-manage"), q=stem) == []
    assert (await client.get("/cms/ticket/options", headers=await user_of("home"))).status_code == 403
    assert (await client.get("/cms/ticket/options", headers=editor, params={"ids": "one"})).status_code == 422


async def test_faq_are_picked_by_title(client):
    editor = await user_of("notices-faq-manage", "notice#add")
    stem = unique("Refunds")
    ids = {}
    for kind, title in (("FAQ", f"{stem} how"), ("NOTICE", f"{stem} notice"), ("FAQ", f"{stem} when")):
        reply = await client.post("/cms/notice/add", headers=editor, json={
            "kind": kind, "title": title, "language": "en", "startAt": "2030-01-01T00:00:00Z",
            "endAt": "2030-01-02T00:00:00Z", "releaseAt": "2029-12-31T00:00:00Z", "state": "ONLINE",
            "pinned": False, "text": "<p>t</p>"})
        assert reply.status_code == 200, reply.text
        ids[title] = reply.json()["data"]["id"]
    assert [f["title"] for f in await found(client, "/cms/notice/options", editor, q=stem.upper())] == [
        f"{stem} how", f"{stem} when"]  # a notice is not an FAQ
    assert [f["id"] for f in await found(client, "/cms/notice/options", editor, ids=[ids[f"{stem} when"]])] == [
        ids[f"{stem} when"]]
    assert (await client.get("/cms/notice/options", headers=await user_of("ticket-list"))).status_code == 403
    ticket = await insert_ticket(title=f"{stem} ticket")
    linked = await client.post("/cms/notice/add", headers=editor, json={
        "kind": "NOTICE", "title": unique("Linked"), "language": "en", "startAt": "2030-01-01T00:00:00Z",
        "endAt": "2030-01-02T00:00:00Z", "releaseAt": "2029-12-31T00:00:00Z", "state": "ONLINE", "pinned": False,
        "text": "<p>t</p>", "ticketId": ticket, "faqId": ids[f"{stem} how"]})
    assert linked.status_code == 200, linked.text
    shown = linked.json()["data"]  # the links are named as people know them
    assert (shown["ticketTitle"], shown["faqTitle"]) == (f"{stem} ticket", f"{stem} how")
    assert (await client.get("/cms/notice/options", headers=editor, params={"q": "x" * 255})).status_code == 422


async def test_a_receipt_puts_its_stock_on_the_shelf_it_names(client):
    headers = await user_of(*ORDERS)
    place = await place_with_stock()
    async with transaction() as db:
        shelf, elsewhere = Shelf(warehouse_id=place.warehouse_id, code="R-01"), Shelf(
            warehouse_id=(await insert_warehouse(1)).warehouse_id, code="R-02")
        db.add_all([shelf, elsewhere])
        await db.flush()
        shelf_id, elsewhere_id = shelf.id, elsewhere.id
    order = (await create(client, headers, place, StockOrderType.PURCHASE_INBOUND.value))["data"]
    body = {"id": order["id"], "revision": order["revision"], "quantities": [4]}
    refused = await act(client, headers, "receive", {**body, "shelfId": elsewhere_id}, status=422)
    assert refused["data"]["errors"][0]["field"] == "shelfId"
    await act(client, headers, "receive", {**body, "shelfId": "A-1"}, status=422)
    await act(client, headers, "receive", {**body, "shelfId": shelf_id})
    async with transaction() as db:
        held = (await db.execute(select(ShelfStock.shelf_id, ShelfStock.sku, ShelfStock.quantity).where(
            ShelfStock.warehouse_id == place.warehouse_id))).all()
    assert [tuple(row) for row in held] == [(shelf_id, place.sku, 4)]


@pytest.mark.parametrize("path", ["/cms/merchant/options", "/cms/ticket/options", "/cms/notice/options"])
async def test_the_pickers_need_a_login(client, path):
    assert (await client.get(path)).status_code == 401


async def test_a_tickets_issue_account_is_a_merchant(client):
    from tests.integration.ticket_support import new_ticket_body, staff

    reporter = await staff("ticket-new", "ticket-list", "ticket#edit")
    for account in ("merchant-7", "0", "9" * 30):
        reply = await client.post("/cms/ticket/add", headers=reporter.headers, json=new_ticket_body(accountId=account))
        assert reply.status_code == 422, reply.text
        assert reply.json()["data"]["errors"][0]["field"] == "accountId"
    ticket = await insert_ticket()
    edit = await client.post(f"/cms/ticket/{ticket}/modify", headers=reporter.headers, json={"accountId": "merchant-7"})
    assert edit.status_code == 422 and edit.json()["data"]["errors"][0]["rule"] == "ticket_account_missing"
    # the list of one account's tickets (the SaaS link's "tickets of this account")
    merchant = await insert_merchant("ID")
    mine = await insert_ticket(account_id=str(merchant.id))
    listed = await client.post("/cms/ticket/search", headers=reporter.headers, json={"accountId": str(merchant.id)})
    assert [row["id"] for row in listed.json()["data"]["items"]] == [mine]


async def test_a_tickets_issue_account_is_a_merchant_within_the_callers_data_authority(client):
    """A merchant outside the caller's data authority is refused as a missing one is (the picker does not offer it)."""
    from tests.integration.ticket_support import new_ticket_body

    theirs = await insert_merchant("PH")
    user = await create_user("ticket-new", "ticket-list", "ticket#edit")
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    narrow = bearer(await token_for(user))
    reply = await client.post("/cms/ticket/add", headers=narrow, json=new_ticket_body(accountId=str(theirs.id)))
    assert reply.status_code == 422, reply.text
    assert {k: reply.json()["data"]["errors"][0][k] for k in ("field", "rule")} == {
        "field": "accountId", "rule": "ticket_account_missing"}
    ticket = await insert_ticket(submitter_id=user.id)  # the caller's own ticket: theirs to edit
    edit = await client.post(f"/cms/ticket/{ticket}/modify", headers=narrow, json={"accountId": str(theirs.id)})
    assert edit.status_code == 422, edit.text
    assert edit.json()["data"]["errors"][0]["rule"] == "ticket_account_missing"
