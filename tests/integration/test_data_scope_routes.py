"""Data authority on every read route (docs/decisions/data-authority.md).

Every list, detail, export and dashboard operation of the OpenAPI document declares the scope its queries
take (`x-data-scope`), or why none applies. Then one user, scoped to Indonesia and to their own records,
walks every scoped operation the document lists, so a new module's routes are walked as soon as they are
declared: it must see its own rows and none of the rows outside its scope. A declared scope without rows
here, or a route of a shape this walk does not know, fails the test rather than being skipped."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import openpyxl
import pytest
from sqlalchemy import insert, select

from api.main import create_app
from domain.db import transaction
from domain.enums import StockMovementType
from domain.models.audit import OperationLog
from domain.models.authorities import Authority
from domain.models.couriers import Courier
from domain.models.data_authority import DataScope
from domain.models.exports import ExportTask
from domain.models.interception import InterceptionRule
from domain.models.merchants import Shop
from domain.models.packages import Package, PackageVersion
from domain.models.roles import Role
from domain.models.shelf_merges import ShelfMerge, ShelfMergeItem
from domain.models.stock import StockDrift, StockReconciliation
from domain.models.stock_orders import StockOrder, StockOrderLine
from domain.models.subscriptions import Payment, SubscriptionRequest
from domain.models.tips import Tip, TipPageRow
from domain.models.tracking import AccessVisit, TrackingEvent
from domain.models.users import user_authorities, user_roles
from domain.models.warehouses import Shelf, Warehouse, WarehouseArea, WmsProduct
from domain.models.whatsapp_groups import WhatsappGroup
from domain.rules.files import XLSX
from domain.rules.money import currency_of
from domain.storage import get_storage
from services.orders.stats import roll as roll_stats
from tests.conftest import unique
from tests.integration.after_sales_support import after_sales_rows
from tests.integration.erp_settings_support import erp_scope_rows
from tests.integration.goods_support import scope_rows as goods_rows
from tests.integration.merchant_support import insert_merchant
from tests.integration.order_support import channel_order, upsert
from tests.integration.order_sync_support import sync_scope_rows
from tests.integration.people import bearer, create_user, token_for
from tests.integration.reconciliation_support import reconciliation_scope_rows
from tests.integration.stock_order_support import insert_order
from tests.integration.stock_support import insert_warehouse, moved
from tests.integration.stock_sync_support import scope_rows
from tests.integration.ticket_support import insert_ticket

SPEC = create_app().openapi()
OPERATIONS = [(method.upper(), path, op) for path, item in SPEC["paths"].items() for method, op in item.items()]
READ_POST = re.compile(r"/(search|export|dashboard|get|get-[a-z-]+)$")


def reads(method: str, path: str, op: dict[str, Any]) -> bool:
    """A list, detail, export or dashboard: a GET that changes nothing, or a POST that only reads."""
    if op.get("x-permission") == "public":
        return False
    return (method == "GET" and op.get("x-audit") is not True) or (method == "POST" and bool(READ_POST.search(path)))


def test_every_read_route_declares_its_data_scope():
    undeclared = [f"{m} {p}" for m, p, op in OPERATIONS if reads(m, p, op) and not op.get("x-data-scope")]
    assert undeclared == [], "read routes without x-data-scope (api/resource/scope.py: declares)"


# (an undeclared route is the test above's failure, not this list's)
SCOPED = [(m, p, op) for m, p, op in OPERATIONS
          if reads(m, p, op) and not op.get("x-data-scope", "none:").startswith("none:")]
# Every ticket action (`ticket/{id}/claim`, ...): each reads its ticket through the ticket scope first.
ACTIONS = [(p, op) for m, p, op in OPERATIONS if m == "POST" and re.fullmatch(r"/cms/ticket/\{ticket_id\}/[a-z-]+", p)]
# One body every action accepts (each reads the fields it knows).
ACTION_BODY = {"reason": "r", "solution": "s", "content": "c", "targetId": 1, "issueLevel": "LOW", "title": "t",
               "assigneeId": 1}


@dataclass
class Rows:
    """The rows of one scope: ids and markers (text only that row shows) inside and outside the user's scope."""

    inside: list[int] = field(default_factory=list)
    outside: list[int] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)
    hidden: list[str] = field(default_factory=list)
    body: dict[str, Any] = field(default_factory=dict)


@dataclass
class World:
    headers: dict[str, str]
    rows: dict[str, Rows]
    params: dict[str, Any]  # path parameters that name something other than the scope's own row
    queries: dict[str, dict[str, Any]]  # per path: query values naming the rows inside and outside
    bodies: dict[str, dict[str, Any]]  # per path: what a POST asks for beyond its scope's filters
    accounts: tuple[str, str]  # an account inside the scope, one outside
    figures: dict[str, Rows] = field(default_factory=dict)  # per path: what a summary shows for those rows


@pytest.fixture(scope="module")
async def world() -> World:
    """A user scoped to ID and to their own records, holding every permission a scoped route asks for."""
    needed = {op["x-permission"] for _, _, op in SCOPED} | {op["x-permission"] for _, op in ACTIONS}
    permissions = sorted(needed - {"@authenticated"})
    mark = unique("sc")[:10]
    me = await create_user(*permissions, prefix=f"{mark}in", country="ID")
    away = await create_user(prefix=f"{mark}ph", country="PH")
    neighbour = await create_user(prefix=f"{mark}id", country="ID")  # in ID, but not one of my records
    now = datetime.now(UTC)
    category = unique("Cat")
    mine = await insert_ticket(title=f"{mark} mine", category=category, submitter_id=me.id, assignee_id=me.id)
    theirs = await insert_ticket(title=f"{mark} theirs", category=category, submitter_id=away.id,
                                 assignee_id=neighbour.id)
    async with transaction() as db:
        db.add_all([DataScope(user_id=me.id, scope_type="COUNTRY", values=["ID"]),
                    DataScope(user_id=me.id, scope_type="OWN", values=[])])
        couriers = [Courier(name=f"{mark}{c}", channel="SHOPEE_ID", shipping_method="PICK_UP", country=c)
                    for c in ("ID", "PH")]
        both = ((me, "mine"), (away, "theirs"))
        logs = [OperationLog(application="CMS", operator_id=who.id, operator_name=who.username, url=f"/cms/{mark}{n}",
                             method="POST", http_status=200, code="SUCCESS", transaction_id=unique("tx"),
                             duration_ms=1) for who, n in both]
        events = [TrackingEvent(event_id=f"{mark}{n}", reporter_id=who.id) for who, n in both]
        visits = [AccessVisit(user_id=who.id, username=who.username, name=f"{mark}{n}", access_url="/x")
                  for who, n in both]
        role = Role(name=unique("role "))
        authority = Authority(menu_type="BUTTON", title=mark, identifier=f"{mark}#read", sort=1, description_en=mark,
                              description_zh=mark, description_id=mark)
        tips = [Tip(country=c, start_at=now, end_at=now + timedelta(days=1), content=f"{mark}{c}",
                    page_rows=[TipPageRow(country=c, page="MASTER_PRODUCT")]) for c in ("ID", "PH")]
        packages = [Package(kind="ERP", name=f"{mark}{c}", country=c, scene="ERP", package_type="ADDON",
                            addon_mode="CONTINUE", status="ENABLED") for c in ("ID", "PH")]
        groups = [WhatsappGroup(name=f"{mark}{c}", country=c, link=f"https://chat.whatsapp.com/{mark}{c}Invite00")
                  for c in ("ID", "PH")]
        db.add_all([*couriers, *logs, *events, *visits, *tips, *packages, *groups, role, authority])
        await db.flush()
        db.add_all(PackageVersion(package_id=p.id, version=1, display_name=p.name, subscription_method="OFFLINE",
                                  payment_period="MONTH", currency=currency_of(p.country),
                                  amount=10, total_price=10, actual_payment=10, monthly_orders=30, daily_orders=1)
                   for p in packages)
        people = [me.id, away.id, neighbour.id]
        await db.execute(insert(user_roles), [{"user_id": i, "role_id": role.id} for i in people])
        await db.execute(insert(user_authorities), [{"user_id": i, "authority_id": authority.id} for i in people])
    await token_for(away)  # an open session for the account-state call
    merchants = [await insert_merchant(country, email=f"{mark}{n}merch@shop.test", tags=[mark], sales_id=who.id,
                                       shops=[{"name": f"{mark}{n}shop"}])
                 for country, n, who in (("ID", "in", me), ("PH", "out", away))]
    async with transaction() as db:
        shops = [(await db.scalars(select(Shop.id).where(Shop.merchant_id == m.id))).one() for m in merchants]
        payments = [Payment(merchant_id=m.id, amount=Decimal(10), currency="IDR", status="PAID") for m in merchants]
        db.add_all(payments)
        requests = [SubscriptionRequest(workflow_id=f"gift-{shop.id}-{mark}{n}", kind="GIFT", merchant_id=shop.id,
                                        requested_by=who.id, payload=request_payload(shop.id))
                    for shop, (who, n) in zip(merchants, both, strict=True)]
        db.add_all(requests)
        houses = [Warehouse(merchant_id=m.id, code=f"{mark}{n}", name=f"{mark}{n}house") for m, n in zip(
            merchants, ("in", "out"), strict=True)]
        products = [WmsProduct(merchant_id=m.id, sku=f"{mark}{n}", name=f"{mark}{n}product", category="1")
                    for m, n in zip(merchants, ("in", "out"), strict=True)]
        db.add_all([*houses, *products])
        await db.flush()
        areas = [WarehouseArea(warehouse_id=w.id, code=w.code, name=f"{w.code}area") for w in houses]
        shelves = [Shelf(warehouse_id=w.id, code=w.code, name=f"{w.code}shelf") for w in houses]
        db.add_all([*areas, *shelves])
        await db.flush()
        # finished merges: a running one's view asks Temporal, which this walk does not run
        merges = [ShelfMerge(warehouse_id=s.warehouse_id, source_shelf_ids=[s.id], target_shelf_id=s.id, total=1,
                             state="COMPLETED") for s in shelves]
        db.add_all(merges)
        await db.flush()
        merge_items = [ShelfMergeItem(merge_id=m.id, shelf_id=m.target_shelf_id, sku=f"{mark}{n}mergesku", planned=1)
                       for m, n in zip(merges, ("in", "out"), strict=True)]
        db.add_all(merge_items)
        await db.flush()
    async with transaction() as db:  # an export of mine and one of another user, each with its file
        exports = [ExportTask(resource="Courier", route="/cms/courier/export", columns=[], requested_by=u.id,
                              requester={}, language="en", zone="Asia/Jakarta", state="ACTIVE",
                              filename=f"{mark}{n}export.xlsx", file_key=f"private/exports/{mark}{n}.xlsx",
                              finished_at=now, expires_at=now + timedelta(days=1))
                   for u, n in ((me, "in"), (away, "out"))]
        db.add_all(exports)
    for task in exports:
        await get_storage().put(task.file_key or "", b"PK\x03\x04", XLSX)
    places = [await insert_warehouse(0, m.id) for m in merchants]
    stock = [await moved(p, StockMovementType.MANUAL_INBOUND, 1, f"{mark}{n}sku", document_no=mark)
             for p, n in zip(places, ("in", "out"), strict=True)]
    async with transaction() as db:
        run = StockReconciliation(key=unique("run"), status="DRIFT", checked=2, drifted=2)
        db.add(run)
        await db.flush()
        drifts = [StockDrift(reconciliation_id=run.id, warehouse_id=p.warehouse_id, sku=f"{mark}{n}drift",
                             balance={"on_hand": 1}, ledger={"on_hand": 0})
                  for p, n in zip(places, ("in", "out"), strict=True)]
        db.add_all(drifts)
    stock_sync = await scope_rows([m.id for m in merchants], shops, [m.email for m in merchants], mark)
    erp_settings, erp_histories = await erp_scope_rows([m.id for m in merchants], shops, [m.email for m in merchants],
                                                       mark)
    goods = await goods_rows([m.id for m in merchants], shops, mark)
    syncs = await sync_scope_rows([m.id for m in merchants], shops, mark)
    syncs |= await reconciliation_scope_rows([m.id for m in merchants], shops, mark)
    orders = [await insert_order(m.id, (await insert_warehouse(0, m.id)).warehouse_id, f"{mark}{n}-order")
              for m, n in zip(merchants, ("in", "out"), strict=True)]
    # a picking list is printed for outbound orders only
    picked = [await insert_order(m.id, (await insert_warehouse(0, m.id)).warehouse_id, f"{mark}{n}-pick", outbound=True)
              for m, n in zip(merchants, ("in", "out"), strict=True)]
    async with transaction() as db:
        interception = [InterceptionRule(merchant_id=m.id, name=f"{mark}{n}rule", buyer_keyword=mark)
                        for m, n in zip(merchants, ("in", "out"), strict=True)]
        db.add_all(interception)
        stores = [await db.get_one(Shop, i) for i in shops]
    channel_orders = [(await upsert(s, channel_order(f"{mark}{n}-chorder")))[0]
                      for s, n in zip(stores, ("in", "out"), strict=True)]
    after_sales = await after_sales_rows(houses, channel_orders, mark)
    async with transaction() as db:  # the hot groups show SKUs; the order statistics the hours of the orders
        picked_skus = [(await db.scalars(select(StockOrderLine.sku).where(StockOrderLine.order_id == i))).one()
                       for i in picked]
        picked_houses = [(await db.get_one(StockOrder, i)).warehouse_id for i in picked]
        hour = now.replace(minute=0, second=0, microsecond=0)
        await roll_stats(db, hour - timedelta(hours=3), hour + timedelta(hours=1))
    window = {"startTime": (now - timedelta(hours=1)).isoformat(), "endTime": (now + timedelta(hours=1)).isoformat()}

    def pair(rows: list[Any], label: str) -> Rows:
        return Rows([rows[0].id], [rows[1].id], [f"{mark}{label[0]}"], [f"{mark}{label[1]}"])

    users = Rows([me.id], [away.id, neighbour.id], [me.username], [away.username, neighbour.username])
    return World(
        headers=bearer(await token_for(me)),
        rows={
            "User": users,
            "Courier": pair(couriers, ("ID", "PH")),
            "Tip": pair(tips, ("ID", "PH")),
            "Package": pair(packages, ("ID", "PH")),
            "WhatsappGroup": pair(groups, ("ID", "PH")),
            "OperationLog": Rows([logs[0].id], [logs[1].id], [f"/cms/{mark}mine"], [f"/cms/{mark}theirs"], window),
            "TrackingEvent": Rows([events[0].id], [events[1].id], [f"{mark}mine"], [f"{mark}theirs"], window),
            "AccessVisit": Rows([visits[0].id], [visits[1].id], [f"{mark}mine"], [f"{mark}theirs"], window),
            "Ticket": Rows([mine], [theirs], [f"{mark} mine"], [f"{mark} theirs"], {"category": [category]}),
            "Merchant": Rows([merchants[0].id], [merchants[1].id], [merchants[0].email], [merchants[1].email],
                             {"tags": [mark], "email": "merch@shop"}),
            "Shop": Rows(shops[:1], shops[1:], [f"{mark}inshop"], [f"{mark}outshop"],
                         {"name": mark, "merchantEmail": "merch@shop"}),
            "Payment": Rows([payments[0].id], [payments[1].id], [merchants[0].email], [merchants[1].email],
                            {"merchantEmail": "merch@shop"}),
            "StockChange": Rows([stock[0].change_id], [stock[1].change_id], [f"{mark}insku"], [f"{mark}outsku"],
                                {"documentNo": mark}),
            "StockOrder": Rows(orders[:1], orders[1:], [f"{mark}in-order"], [f"{mark}out-order"],
                               {"orderNo": f"{mark}in-order {mark}out-order"}),
            "Order": Rows(channel_orders[:1], channel_orders[1:], [f"{mark}in-chorder"], [f"{mark}out-chorder"],
                          {"orderNo": f"{mark}in-chorder {mark}out-chorder"}),
            "StockDrift": Rows([drifts[0].id], [drifts[1].id], [f"{mark}indrift"], [f"{mark}outdrift"],
                               {"reconciliationId": run.id}),
            "SubscriptionRequest": Rows([requests[0].id], [requests[1].id], [f"{mark}mine"], [f"{mark}theirs"]),
            **{name: Rows(*values) for name, values in (stock_sync | goods | syncs | after_sales).items()},
            **{name: Rows(*values) for name, values in erp_settings.items()},
            # local goods are the product library's rows with their stock and lock
            "MasterProduct": Rows([products[0].id], [products[1].id], [f"{mark}inproduct"], [f"{mark}outproduct"],
                                  {"sku": mark}),
            "Warehouse": Rows([houses[0].id], [houses[1].id], [f"{mark}inhouse"], [f"{mark}outhouse"], {"name": mark}),
            "WarehouseArea": Rows([areas[0].id], [areas[1].id], [f"{mark}inarea"], [f"{mark}outarea"], {"code": mark}),
            "Shelf": Rows([shelves[0].id], [shelves[1].id], [f"{mark}inshelf"], [f"{mark}outshelf"], {"code": mark}),
            "ExportTask": pair(exports, ("inexport", "outexport")),
            "ShelfMerge": Rows([merges[0].id], [merges[1].id], [f"{mark}inhouse"], [f"{mark}outhouse"]),
            # Items are searched within one merge: asked for the other merchant's merge, none of its items show.
            "ShelfMergeItem": Rows([merge_items[0].id], [merge_items[1].id], [], [f"{mark}outmergesku"],
                                   {"mergeId": merges[1].id}),
            "OrderStock": Rows(channel_orders[:1], channel_orders[1:]),
            "InterceptionRule": Rows([interception[0].id], [interception[1].id], [f"{mark}inrule"],
                                     [f"{mark}outrule"], {"name": mark}),
            "WmsProduct": Rows([products[0].id], [products[1].id], [f"{mark}inproduct"], [f"{mark}outproduct"],
                               {"sku": mark}),
        },
        params={"role_id": role.id, "authority_id": authority.id},
        queries={"/cms/user/options": {"ids": [me.id, away.id, neighbour.id]},
                 **{path: {"pageSize": 200} for path in erp_histories},
                 "/cms/warehouse-shelf/options": {"warehouseId": houses[1].id},
                 "/cms/goods/local/options": {"merchantId": merchants[1].id},
                 # asked for the other merchant's warehouse: none of its groups is offered
                 "/cms/hot-print/groups": {"warehouseId": picked_houses[1]},
                 "/cms/order-stats": {"groupBy": "MERCHANT", "start": f"{(now - timedelta(days=1)).date()}",
                                      "end": f"{(now + timedelta(days=1)).date()}"}},
        bodies={"/cms/user/get-user-list-by-identifier": {"identifier": authority.identifier}},
        accounts=(me.username, away.username),
        # IAM performance sums payments per sales person: mine is counted, the PH one's person never appears
        # asked for the shelves of the other merchant's warehouse: none of them is offered
        figures={"/cms/warehouse-shelf/options": Rows([], [], [], [f"{mark}outshelf"]),
                 **{path: Rows(*values) for path, values in erp_histories.items()},
                 "/cms/goods/local/options": Rows([], [], [], [f"{mark}outproduct"]),
                 # the return form's picker offers shipped orders only: the world's are not, but the other
                 # merchant's must never show
                 "/cms/after-sales/return/order-options": Rows([], [], [], [f"{mark}out-chorder"]),
                 "/cms/expenses/performance": Rows(shown=[f'"salesId":{me.id},'],
                                                      hidden=[f'"salesId":{away.id},']),
                 "/cms/stock-order/{row_id}/picking-list": Rows(picked[:1], picked[1:], [f"{mark}in-pick"],
                                                                [f"{mark}out-pick"]),
                 # the warehouse's order side (and the material usage's order picker) lists outbound orders only
                 **{path: Rows(picked[:1], picked[1:], [f"{mark}in-pick"], [f"{mark}out-pick"])
                    for path in ("/cms/wms-order/search", "/cms/wms-order/detail/{row_id}", "/cms/wms-order/export",
                                 "/cms/wms-order/{row_id}/history", "/cms/after-sales/material-usage/order-options")},
                 "/cms/hot-print/groups": Rows(hidden=[picked_skus[1]]),
                 "/cms/order-stats": Rows(shown=[f'"merchant":{merchants[0].id},'],
                                          hidden=[f'"merchant":{merchants[1].id},'])},
    )


def request_payload(merchant_id: int) -> dict[str, Any]:
    """A gift request's dialog as its row keeps it (the walk only reads it)."""
    quote = {"package_id": 1, "version_id": 1, "package_name": "Pro", "display_name": "Pro", "package_type": "BASIC",
             "payment_period": "YEAR", "months": 12, "currency": "IDR", "count": 1, "amount": "0", "tax": "0",
             "discounted_price": "0", "actual_payment": "0", "monthly_orders": 3000}
    return {"kind": "GIFT", "merchant_id": merchant_id, "quotes": [quote], "free_days": 30}


def text_of(reply: Any) -> str:
    if reply.headers.get("content-type", "").startswith("application/vnd.openxmlformats"):
        book = openpyxl.load_workbook(io.BytesIO(reply.content), read_only=True)
        return "\n".join(str(cell) for sheet in book.worksheets for row in sheet.iter_rows(values_only=True)
                         for cell in row if cell is not None)
    return reply.text


def path_params(path: str) -> list[str]:
    return re.findall(r"{(\w+)}", path)


@pytest.mark.parametrize(("method", "path", "op"), SCOPED, ids=[f"{m} {p}" for m, p, _ in SCOPED])
async def test_a_scoped_user_sees_only_its_rows_on(client, world, method, path, op):
    scope = op["x-data-scope"]
    assert scope in world.rows, f"no rows to walk {path} with: add rows of scope {scope} to the world fixture"
    rows = world.figures.get(path) or world.rows[scope]
    query = dict(world.queries.get(path, {}))
    required = [p["name"] for p in op.get("parameters", []) if p["in"] == "query" and p.get("required")]
    own = [p for p in path_params(path) if p not in world.params]

    async def call(url: str, params: dict[str, Any]) -> Any:
        if method == "GET":
            return await client.get(url, headers=world.headers, params=params)
        return await client.post(url, headers=world.headers, params=params,
                                 json={"pageSize": 500, **rows.body, **world.bodies.get(path, {})})

    url = path
    for name in path_params(path):
        if name in world.params:
            url = url.replace("{" + name + "}", str(world.params[name]))
    if "account" in required:  # the account-state calls: an account outside the scope is unknown
        inside, outside = world.accounts
        base = {"redisKey": "SESSION"}
        assert (await call(url, {**base, "account": inside})).status_code == 200
        assert (await call(url, {**base, "account": outside})).status_code == 404
        return
    assert set(required) <= set(query), f"{path}: no query values for {set(required) - set(query)}"
    if own:  # a detail of the scope's own rows: mine opens, theirs is a 404 as if it did not exist
        for row_id in rows.inside:
            reply = await call(url.replace("{" + own[0] + "}", str(row_id)), dict(query))
            assert reply.status_code == 200, reply.text
        for row_id in rows.outside:
            reply = await call(url.replace("{" + own[0] + "}", str(row_id)), dict(query))
            assert reply.status_code == 404, reply.text
        return
    reply = await call(url, dict(query))
    assert reply.status_code == 200, reply.text
    if path.endswith("/dashboard"):  # figures: only my ticket of the category counts
        assert reply.json()["data"]["summary"]["created"] == len(rows.inside)
        return
    seen = text_of(reply)
    for marker in rows.hidden:
        assert marker not in seen, f"{path} shows a row outside the scope"
    for marker in rows.shown:
        assert marker in seen, f"{path} does not show the user's own row"



@pytest.mark.parametrize(("path", "op"), ACTIONS, ids=[p for p, _ in ACTIONS])
async def test_a_ticket_outside_the_scope_takes_no_action(client, world, path, op):
    """Outside the scope a ticket is missing for its actions too: a 404 before any flow is asked."""
    theirs = world.rows["Ticket"].outside[0]
    reply = await client.post(path.replace("{ticket_id}", str(theirs)), headers=world.headers, json=ACTION_BODY)
    assert reply.status_code == 404, reply.text
    assert reply.json()["code"] == "NOT_FOUND"
