"""An outbound order's picking list (SPEC §4 print status) against real PostgreSQL: the page holds each line's SKU,
product name, quantity left to pick and the shelves holding it, the warehouse and the order number, with barcode
text; it is in the language asked, escapes what merchants typed, and is refused for inbound or cancelled orders."""

from domain.db import transaction
from domain.enums import StockMovementType
from domain.models.warehouses import WmsProduct
from tests.conftest import unique
from tests.integration.stock_order_support import ORDERS, Place, act, create
from tests.integration.stock_support import insert_warehouse, moved

STAFF = (*ORDERS, "stock-order#print")


async def stocked() -> tuple[Place, str, str]:
    """A warehouse with two SKUs of the merchant's product library: one on two shelves, one on none."""
    place = await insert_warehouse(shelves=2)
    first, second = unique("PK-A"), unique("PK-B")
    async with transaction() as db:
        db.add_all([WmsProduct(merchant_id=place.merchant_id, sku=first, name="Blue <mug> & saucer"),
                    WmsProduct(merchant_id=place.merchant_id, sku=second, name="Red teapot")])
    await moved(place, StockMovementType.MANUAL_INBOUND, 3, first, shelf_id=place.shelves[0])
    await moved(place, StockMovementType.MANUAL_INBOUND, 5, first, shelf_id=place.shelves[1])
    await moved(place, StockMovementType.MANUAL_INBOUND, 4, second)
    return Place(place.merchant_id, place.warehouse_id, first), first, second


async def test_the_picking_list_holds_every_line_with_its_shelves_and_barcode_text(client, login_as):
    staff = await login_as(*STAFF)
    place, first, second = await stocked()
    order = (await create(client, staff, place, "SALES_OUTBOUND", orderNo=unique("OB-PICK"), logisticNo="AWB-9",
                          lines=[{"sku": first, "quantity": 6}, {"sku": second, "quantity": 2}]))["data"]
    await act(client, staff, "ship", {"id": order["id"], "revision": 0, "quantities": [1, 0]})
    reply = await client.get(f"/cms/stock-order/{order['id']}/picking-list", headers=staff)
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("text/html")
    page = reply.text
    assert "<h1>Picking list</h1>" in page
    assert f"*{order['orderNo'].upper()}*" in page and "AWB-9" in page
    rows = page.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:-1]
    assert len(rows) == 2
    # what remains to pick (6 less the 1 shipped), the fullest shelf first, the name escaped
    assert all(text in rows[0] for text in (first, "Blue &lt;mug&gt; &amp; saucer", "<td class='num'>5</td>",
                                            "A-01, A-00", f"*{first.upper()}*"))
    assert all(text in rows[1] for text in (second, "Red teapot", "<td class='num'>2</td>", "no shelf holds it"))
    assert "<td class=\"num\">7</td>" in page  # the total to pick

    chinese = await client.get(f"/cms/stock-order/{order['id']}/picking-list", headers=staff,
                               params={"language": "zh-CN"})
    assert "<h1>拣货单</h1>" in chinese.text


async def test_the_picking_list_is_refused_for_inbound_or_voided_orders_and_without_the_print_button(client, login_as):
    staff = await login_as(*STAFF)
    place, first, _ = await stocked()
    inbound = (await create(client, staff, place, "PURCHASE_INBOUND"))["data"]
    wrong = await client.get(f"/cms/stock-order/{inbound['id']}/picking-list", headers=staff)
    assert (wrong.status_code, wrong.json()["code"]) == (409, "STOCK_ORDER_WRONG_DIRECTION")
    outbound = (await create(client, staff, place, "SALES_OUTBOUND", lines=[{"sku": first, "quantity": 1}]))["data"]
    await act(client, staff, "void", {"id": outbound["id"]})
    voided = await client.get(f"/cms/stock-order/{outbound['id']}/picking-list", headers=staff)
    assert (voided.status_code, voided.json()["code"]) == (409, "STOCK_ORDER_ILLEGAL_TRANSITION")
    viewer = await login_as(*ORDERS)
    assert (await client.get(f"/cms/stock-order/{outbound['id']}/picking-list", headers=viewer)).status_code == 403
