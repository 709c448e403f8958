"""Hot-item printing (SPEC §4 print status) against real PostgreSQL: orders waiting to print grouped by their one
SKU x quantity, a print sheet of print-ready HTML (one label a page, each tracking number as a Code 128 SVG) that
is a print job (UNKNOWN until confirmed, counted), the confirmation (PRINTED), a reprint counted again."""

from tests.integration.stock_order_support import place_with_stock
from tests.integration.wms_order_support import STAFF, courier, outbound, step


async def test_a_hot_group_is_printed_confirmed_and_reprinted(client, login_as):
    staff = await login_as(*STAFF)
    place = await place_with_stock(on_hand=20)
    orders = [await outbound(client, staff, place, quantity=1) for _ in range(3)]
    odd = await outbound(client, staff, place, quantity=2)  # another group: same SKU, two of it
    ids = [o["id"] for o in orders]
    await step(client, staff, "wave", {"ids": ids})
    await step(client, staff, "picked", {"ids": ids})
    await step(client, staff, "pack", {"courierId": await courier(), "parcels": [
        {"id": order_id, "trackingNo": f"HP-{order_id}"} for order_id in ids]})

    groups = (await client.get("/cms/hot-print/groups", headers=staff,
                               params={"warehouseId": place.warehouse_id})).json()["data"]
    assert [(g["sku"], g["quantity"], g["orders"]) for g in groups] == [(place.sku, 1, 3), (place.sku, 2, 1)]
    assert groups[0]["ids"] == sorted(ids) and groups[1]["ids"] == [odd["id"]]

    sheet = await client.post("/cms/hot-print/sheet", headers=staff, json={"ids": ids})
    assert sheet.status_code == 200, sheet.text
    assert sheet.headers["content-type"].startswith("text/html")
    page = sheet.text
    assert "@media print" in page and page.count('class="page label"') == 3
    for order in orders:
        assert f'data-tracking-no="HP-{order["id"]}"' in page and order["orderNo"] in page
    assert page.count("<svg") == 3 and f"{place.sku} × 1" in page

    found = (await client.post("/cms/wms-order/search", headers=staff,
                               json={"warehouseId": place.warehouse_id})).json()["data"]["items"]
    printed = {o["id"]: (o["printStatus"], o["printCount"]) for o in found}
    assert [printed[i] for i in ids] == [("UNKNOWN", 1)] * 3 and printed[odd["id"]] == ("NOT_PRINTED", 0)

    confirmed = await client.post("/cms/hot-print/confirm", headers=staff, json={"ids": ids})
    assert [o["printStatus"] for o in confirmed.json()["data"]["orders"]] == ["PRINTED"] * 3
    left = (await client.get("/cms/hot-print/groups", headers=staff,
                             params={"warehouseId": place.warehouse_id})).json()["data"]
    assert [(g["quantity"], g["orders"]) for g in left] == [(2, 1)]  # printed orders leave the groups

    never = await client.post("/cms/hot-print/confirm", headers=staff, json={"ids": [odd["id"]]})
    assert never.status_code == 409 and never.json()["code"] == "WMS_PRINT_NOT_SENT"
    again = await client.post("/cms/hot-print/sheet", headers=staff, json={"ids": ids[:1]})  # a reprint
    assert again.status_code == 200 and again.text.count('class="page label"') == 1
    history = (await client.get(f"/cms/wms-order/{ids[0]}/history", headers=staff)).json()["data"]
    assert [h["action"] for h in history][-3:] == ["PRINT", "PRINT_CONFIRM", "PRINT"]
    viewer = await login_as("hot-print-data")
    assert (await client.post("/cms/hot-print/sheet", headers=viewer, json={"ids": ids})).status_code == 403
