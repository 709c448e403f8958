"""The pickers of the order dialog and the store-warehouse binding form: warehouses, a merchant's products and bound
stores, searched on the server by what is typed, within the caller's data authority."""

from domain.db import transaction
from domain.models.data_authority import DataScope
from domain.models.warehouses import WmsProduct
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant
from tests.integration.people import bearer, create_user, token_for
from tests.integration.stock_support import insert_warehouse

ORDERS = ("outbound-inbound-order-query", "stock-order#add")
BINDINGS = ("store-warehouse-binding", "stock-binding#add")


async def user_of(*permissions: str, country: str | None = None) -> dict[str, str]:
    user = await create_user(*permissions)
    if country:
        async with transaction() as db:
            db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=[country]))
    return bearer(await token_for(user))


async def test_the_order_dialog_picks_warehouses_and_searches_a_merchants_products(client):
    merchant, other = await insert_merchant("ID"), await insert_merchant("PH")
    house = await insert_warehouse(merchant_id=merchant.id)
    stem = unique("Kopi")
    async with transaction() as db:
        db.add_all([WmsProduct(merchant_id=m.id, sku=f"{stem}-{n}", name=f"{name} {stem}", category="2", weight_g=100)
                    for m, n, name in [(merchant, 1, "Toraja"), (merchant, 2, "Gayo"), (other, 3, "Toraja")]])
    staff = await user_of(*ORDERS)
    warehouses = (await client.get("/cms/warehouse/options", headers=staff)).json()["data"]
    assert house.warehouse_id in {w["id"] for w in warehouses}
    reply = await client.get("/cms/wms-product/options", headers=staff, params={"merchantId": merchant.id, "q": stem})
    assert [p["sku"] for p in reply.json()["data"]] == [f"{stem}-1", f"{stem}-2"]
    by_name = await client.get("/cms/wms-product/options", headers=staff, params={"q": f"toraja {stem}".lower()})
    assert sorted(p["sku"] for p in by_name.json()["data"]) == [f"{stem}-1", f"{stem}-3"]
    narrow = await user_of(*ORDERS, country="ID")
    scoped = await client.get("/cms/wms-product/options", headers=narrow, params={"q": stem})
    assert [p["sku"] for p in scoped.json()["data"]] == [f"{stem}-1", f"{stem}-2"]
    assert (await client.get("/cms/wms-product/options", headers=await user_of("home"))).status_code == 403
    assert (await client.get("/cms/wms-product/options", headers=staff, params={"q": "x" * 101})).status_code == 422
    for screen in ("stock#move", "stock#fix", "search-warehouse-stock"):  # the stock screens' SKU pickers
        mover = await user_of(screen)
        within = await client.get("/cms/wms-product/options", headers=mover,
                                  params={"warehouseId": house.warehouse_id, "q": stem})
        assert [p["sku"] for p in within.json()["data"]] == [f"{stem}-1", f"{stem}-2"]  # the warehouse's merchant's
    first = reply.json()["data"][0]
    named = await client.get("/cms/wms-product/options", headers=staff, params={"ids": [first["id"]]})
    assert [p["sku"] for p in named.json()["data"]] == [first["sku"]]


async def test_the_binding_form_searches_bound_stores(client):
    name = unique("Toko")
    merchant = await insert_merchant("ID", shops=[{"name": f"{name} A"}, {"name": f"{name} B", "bound": False}])
    await insert_merchant("PH", shops=[{"name": f"{name} C"}])
    staff = await user_of(*BINDINGS)
    found = (await client.get("/cms/shop/options", headers=staff, params={"q": name.lower()})).json()["data"]
    assert sorted(s["name"] for s in found) == [f"{name} A", f"{name} C"]  # the unbound store is not offered
    assert {s["merchantEmail"] for s in found if s["name"].endswith("A")} == {merchant.email}
    by_email = (await client.get("/cms/shop/options", headers=staff, params={"q": merchant.email})).json()["data"]
    assert [s["name"] for s in by_email] == [f"{name} A"]
    narrow = await user_of(*BINDINGS, country="PH")
    assert [s["name"] for s in (await client.get("/cms/shop/options", headers=narrow, params={"q": name})).json()[
        "data"]] == [f"{name} C"]
    assert (await client.get("/cms/warehouse/options", headers=staff)).status_code == 200
