"""A local demo marketplace: the channel the order sync's default adapter talks to (services/channels/demo.py).

`make run` starts it when OMP_MARKETPLACE_URL is unset, as it starts the SMTP sink; tests run `Marketplace` in
their own process on a free port. It keeps its orders in memory, per external shop id: a shop asked about for the
first time gets a short history, and while it runs a few new orders a minute appear (and older ones move on: paid,
shipped, completed), so the console's sync has something to pull. Like a real channel's regional sites, it answers
each shop in its region's terms (demo/regions.py: currency, prices, city, phone), the region named by the first
request about the shop (`region=ID`, the default).

    GET  /shops/{shop}/orders?updatedFrom=&updatedTo=&pageToken=&pageSize=&region=  orders updated in [from, to), by
         (updatedAt, orderNo); `nextPageToken` until the last page
    GET  /shops/{shop}/orders/{orderNo}                                       one order (404 when unknown)
    POST /control/fail-pages      {"count": N, "status": 500}   the next N page requests fail with that status
    POST /control/throttle        {"count": N, "retryAfter": S} the next N requests answer 429, Retry-After S
    POST /control/fail-orders     {"shop": id, "orders": [...]} those orders are served malformed (a line of
                                                                quantity 0) until healed
    POST /control/heal            {}                            no failures, throttles or malformed orders left
    POST /control/orders          {"shop": id, "count": N, "at": iso?}  N new orders now (or stamped `at`)
    GET  /shops/{shop}/settlements?paidFrom=&paidTo=&pageToken=&pageSize=  the payouts of its orders, and
    POST /control/settlements     {"shop": id, "orders": {...}, "unknown": [...]}  (launcher/marketplace_settlements)
    GET  /shops/{shop}/products?updatedFrom=&updatedTo=&pageToken=&pageSize=  its listings, and
    POST /control/products        {"shop": id, "add": N, "change": {...}, "remove": [...]}  (marketplace_products)
    GET  /health

Every list is paged alike (launcher/marketplace_pages.py). Besides the throttle and the injected failures, each
shop may make `rate` page requests a second (429 beyond it), like a real channel.

    python -m launcher.marketplace [--host 127.0.0.1] [--port 8025] [--orders-per-minute 4]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import random
import signal
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from demo import catalogue
from demo.regions import region_of
from launcher import marketplace_products as products
from launcher import marketplace_settlements as settlements
from launcher.marketplace_pages import iso as _iso
from launcher.marketplace_pages import page as paged

log = logging.getLogger("omp.marketplace")

FIRST_NAMES = ["Ayu", "Budi", "Citra", "Dewi", "Eko", "Fajar", "Lina", "Mei", "Nok", "Somchai", "Anh", "Minh"]
NEXT = {"UNPAID": "PAID", "PAID": "SHIPPED", "SHIPPED": "COMPLETED"}  # how an order moves on at the channel
PAGE_SIZE_MAX = 200


@dataclass
class Shop:
    shop_id: str
    region: str = "ID"  # the country of the channel's site the shop sells on (demo/regions.py)
    orders: dict[str, dict[str, Any]] = field(default_factory=dict)
    broken: set[str] = field(default_factory=set)
    window: list[float] = field(default_factory=list)  # times of this second's page requests
    settle: dict[str, str] = field(default_factory=dict)  # order number -> its payout's outcome, when fixed
    unknown: dict[str, datetime] = field(default_factory=dict)  # payouts for orders the shop never had
    products: dict[str, dict[str, Any]] = field(default_factory=dict)  # item id -> listing (marketplace_products)


class MarketStore:
    """Every shop's orders and the injected failures; one lock, since the ticker and the server share it."""

    def __init__(self, *, seed: int = 7, history: int = 12, rate: int = 20) -> None:
        self.rng = random.Random(seed)
        self.history = history  # orders a shop starts with (over its last two days)
        self.rate = rate
        self.shops: dict[str, Shop] = {}
        self.fail_pages: list[int] = []  # statuses of the next page requests to fail
        self.throttle: list[int] = []  # Retry-After seconds of the next requests to refuse
        self.lock = threading.Lock()
        self.served = 0

    def shop(self, shop_id: str, region: str | None = None) -> Shop:
        """The shop, met now (with its history) when new; `region` as the first request about it names it."""
        found = self.shops.get(shop_id)
        if found is None:
            found = self.shops[shop_id] = Shop(shop_id, region_of(region).country)
            now = datetime.now(UTC)
            for _ in range(self.history):
                self.add(found, now - timedelta(minutes=self.rng.randrange(30, 60 * 48)))
        return found

    def add(self, shop: Shop, at: datetime) -> dict[str, Any]:
        rng, region = self.rng, region_of(shop.region)
        number = f"{shop.shop_id[-6:]}{at.strftime('%y%m%d%H%M%S')}{rng.randrange(1000, 9999)}"
        lines: list[dict[str, Any]] = []
        for line_no, (code, name, _, variants) in enumerate(rng.sample(catalogue.PRODUCTS, rng.randrange(1, 3)),
                                                             start=1):
            variant = rng.choice(variants)
            lines.append({"lineNo": line_no, "sku": catalogue.sku(code, variant), "name": name,
                          "variant": variant, "quantity": rng.randrange(1, 4),
                          "unitPrice": str(region.local(rng.randrange(15, 250) * 1000))})
        subtotal = sum(Decimal(x["unitPrice"]) * x["quantity"] for x in lines)
        fee = region.local(rng.choice([0, 9000, 12000]))
        buyer = rng.choice(FIRST_NAMES)
        order = {
            "orderNo": number, "status": "PAID" if rng.random() < 0.8 else "UNPAID",
            "orderedAt": _iso(at), "updatedAt": _iso(at), "paidAt": None,
            "buyer": {"name": buyer, "phone": region.phone(rng.randrange(10**9, 10**10)),
                      "email": f"{buyer.lower()}{rng.randrange(100)}@buyer.example"},
            "address": {"recipient": buyer, "phone": region.phone(rng.randrange(10**9, 10**10)),
                        "line1": f"Jl. Demo {rng.randrange(1, 200)}", "line2": None, "city": region.city,
                        "province": region.province, "postcode": f"{rng.randrange(10000, 99999)}",
                        "country": region.country},
            "currency": region.currency, "shippingFee": str(fee), "insurance": "0", "subtotal": str(subtotal),
            "total": str(subtotal + fee), "courier": rng.choice(["J&T", "SiCepat", "JNE"]), "awb": None,
            "lines": lines,
        }
        if order["status"] == "PAID":
            order["paidAt"] = _iso(at + timedelta(minutes=2))
        shop.orders[number] = order
        return order

    def advance(self, shop: Shop, now: datetime) -> None:
        """One of the shop's open orders moves on (paid, shipped with an AWB, completed)."""
        open_orders = [o for o in shop.orders.values() if o["status"] in NEXT]
        if not open_orders:
            return
        order = self.rng.choice(open_orders)
        order["status"] = NEXT[order["status"]]
        if order["status"] == "PAID":
            order["paidAt"] = _iso(now)
        if order["status"] == "SHIPPED":
            order["awb"] = f"AWB{self.rng.randrange(10**10, 10**11)}"
        order["updatedAt"] = _iso(now)

    def served_order(self, shop: Shop, order: dict[str, Any]) -> dict[str, Any]:
        if order["orderNo"] not in shop.broken:
            return order
        broken = json.loads(json.dumps(order))
        broken["lines"][0]["quantity"] = 0  # what a channel sometimes sends: refused by the console's rules
        return broken

    def page(self, shop_id: str, since: datetime, until: datetime, token: str | None,
             size: int) -> dict[str, Any]:
        shop = self.shop(shop_id)
        rows, more = paged(shop.orders.values(), "updatedAt", "orderNo", since, until, token, size,
                           lambda order: self.served_order(shop, order))
        self.served += len(rows)
        return {"orders": rows, "nextPageToken": more}

    def limited(self, shop_id: str) -> bool:
        """More than `rate` page requests of this shop in the last second."""
        shop = self.shop(shop_id)
        now = time.monotonic()
        shop.window = [t for t in shop.window if now - t < 1.0]
        if len(shop.window) >= self.rate:
            return True
        shop.window.append(now)
        return False

    def tick(self) -> None:
        """A new order of one known shop, and another one's order moved on."""
        if not self.shops:
            return
        now = datetime.now(UTC)
        self.add(self.rng.choice(list(self.shops.values())), now)
        self.advance(self.rng.choice(list(self.shops.values())), now)


def _when(value: str | None, default: datetime) -> datetime:
    if not value:
        return default
    at = datetime.fromisoformat(value.replace("Z", "+00:00"))
    return at if at.tzinfo else at.replace(tzinfo=UTC)


def _refused(store: MarketStore, shop_id: str | None) -> JSONResponse | None:
    """The injected throttle or failure, or the shop's rate limit, answering this request instead (under the lock)."""
    if store.throttle:
        return JSONResponse({"error": "rate limited"}, 429, headers={"Retry-After": str(store.throttle.pop(0))})
    if shop_id is None:
        return None
    if store.fail_pages:
        return JSONResponse({"error": "injected failure"}, store.fail_pages.pop(0))
    if store.limited(shop_id):
        return JSONResponse({"error": "rate limited"}, 429, headers={"Retry-After": "1"})
    return None


# a paged list: its query's window names, and the page of a shop's rows in [since, until) after a token
PAGED: dict[str, tuple[str, str, Any]] = {
    "orders": ("updatedFrom", "updatedTo", lambda store, shop_id, since, until, token, size, now:
               store.page(shop_id, since, until, token, size)),
    "settlements": ("paidFrom", "paidTo", lambda store, shop_id, since, until, token, size, now: dict(zip(
        ("lines", "nextPageToken"),
        settlements.settlement_page(store.shop(shop_id), since, until, token, size, now), strict=True))),
    "products": ("updatedFrom", "updatedTo", lambda store, shop_id, since, until, token, size, now: dict(zip(
        ("products", "nextPageToken"), paged(products.catalogue(store.shop(shop_id), store.rng, now).values(),
                                             "updatedAt", "itemId", since, until, token, size), strict=True))),
}


def build_app(store: MarketStore) -> Starlette:
    async def listed(request: Request) -> JSONResponse:
        shop_id, what = request.path_params["shop"], request.path_params["what"]
        if what not in PAGED:
            return JSONResponse({"error": f"no such list {what}"}, 404)
        start, end, serve = PAGED[what]
        with store.lock:
            store.shop(shop_id, request.query_params.get("region"))
            refused = _refused(store, shop_id)
            if refused is not None:
                return refused
            q, now = request.query_params, datetime.now(UTC)
            try:
                since = _when(q.get(start), datetime(1970, 1, 1, tzinfo=UTC))
                until = _when(q.get(end), now + timedelta(days=1))
                size = min(int(q.get("pageSize") or 50), PAGE_SIZE_MAX)
                return JSONResponse(serve(store, shop_id, since, until, q.get("pageToken"), size, now))
            except (ValueError, TypeError) as exc:
                return JSONResponse({"error": f"bad query: {exc}"}, 400)

    async def one(request: Request) -> JSONResponse:
        with store.lock:
            refused = _refused(store, None)
            if refused is not None:
                return refused
            shop = store.shop(request.path_params["shop"], request.query_params.get("region"))
            order = shop.orders.get(request.path_params["number"])
            if order is None:
                return JSONResponse({"error": "no such order"}, 404)
            return JSONResponse(store.served_order(shop, order))

    async def control(request: Request) -> JSONResponse:
        body = await request.json() if (await request.body()) else {}
        what = request.path_params["what"]
        with store.lock:
            if what == "fail-pages":
                store.fail_pages += [int(body.get("status", 500))] * int(body.get("count", 1))
            elif what == "throttle":
                store.throttle += [int(body.get("retryAfter", 1))] * int(body.get("count", 1))
            elif what == "fail-orders":
                store.shop(str(body["shop"])).broken |= set(body["orders"])
            elif what == "heal":
                store.fail_pages.clear()
                store.throttle.clear()
                for shop in store.shops.values():
                    shop.broken.clear()
            elif what == "settlements":
                try:
                    settlements.control(store.shop(str(body["shop"])), body, datetime.now(UTC))
                except ValueError as exc:
                    return JSONResponse({"error": str(exc)}, 400)
            elif what == "products":
                try:
                    touched = products.control(store.shop(str(body["shop"])), body, store.rng, datetime.now(UTC))
                except (ValueError, TypeError, ArithmeticError) as exc:
                    return JSONResponse({"error": str(exc)}, 400)
                return JSONResponse({"products": touched})
            elif what == "orders":
                shop = store.shop(str(body["shop"]))
                at = _when(body.get("at"), datetime.now(UTC))
                made = [store.add(shop, at) for _ in range(int(body.get("count", 1)))]
                return JSONResponse({"orders": made})
            else:
                return JSONResponse({"error": f"unknown control {what}"}, 404)
        return JSONResponse({"ok": True})

    async def health(_: Request) -> JSONResponse:
        return JSONResponse({"status": "UP", "shops": len(store.shops), "served": store.served})

    return Starlette(routes=[
        Route("/shops/{shop}/{what}", listed), Route("/shops/{shop}/orders/{number}", one),
        Route("/control/{what}", control, methods=["POST"]), Route("/health", health)])


class Marketplace:
    """The marketplace on host:port in a background thread (`with Marketplace(...) as m:`), its ticker adding
    `orders_per_minute` orders across the shops it knows (0: none, as tests want)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8025, *, orders_per_minute: float = 0,
                 store: MarketStore | None = None) -> None:
        self.store = store or MarketStore()
        self.host, self.port, self.orders_per_minute = host, port, orders_per_minute
        config = uvicorn.Config(build_app(self.store), host=host, port=port, log_level="warning", lifespan="off")
        self.server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self) -> Marketplace:
        self._thread = threading.Thread(target=self._serve, name="marketplace", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the demo marketplace did not start on {self.host}:{self.port}")
            time.sleep(0.02)
        if self.orders_per_minute > 0:
            threading.Thread(target=self._tick, name="marketplace-ticker", daemon=True).start()
        return self

    def _serve(self) -> None:
        asyncio.run(self.server.serve())

    def _tick(self) -> None:
        while not self._stop.wait(60.0 / self.orders_per_minute):
            with self.store.lock:
                self.store.tick()

    def stop(self) -> None:
        self._stop.set()
        self.server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)

    def __enter__(self) -> Marketplace:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    from domain.settings import get_settings

    parser = argparse.ArgumentParser(prog="python -m launcher.marketplace", description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=get_settings().marketplace_port)
    parser.add_argument("--orders-per-minute", type=float, default=4.0)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    with contextlib.ExitStack() as stack:
        stack.enter_context(Marketplace(args.host, args.port, orders_per_minute=args.orders_per_minute))
        log.info("demo marketplace listening on %s:%d", args.host, args.port)
        stop.wait()
    log.info("demo marketplace stopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
