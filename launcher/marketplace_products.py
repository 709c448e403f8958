"""The demo marketplace's products (launcher/marketplace.py): each shop's listings of its catalogue, a variation
per variant with its SKU (the one its orders carry), price and stock, and a listing state of SPEC §4 product
listing. A shop asked about for the first time lists the whole catalogue; a listing the channel takes down keeps
being served, in state DELETED, so a console syncing by update time learns of it.

    GET  /shops/{shop}/products?updatedFrom=&updatedTo=&pageToken=&pageSize=  listings updated in [from, to), by
         (updatedAt, itemId); `nextPageToken` until the last page
    POST /control/products  {"shop": id, "add": N, "change": {itemId: {"name"?, "status"?, "price"?, "stock"?}},
                             "remove": [itemId, ...]}   N new listings, changed ones (a price or stock changes every
                             variation), removed ones (DELETED); answers the listings it touched
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from demo.catalogue import PRODUCTS, sku
from demo.regions import region_of
from launcher.marketplace_pages import iso

STATES = ("IN_PROCESS", "LIVE", "SOLD_OUT", "BANNED", "DISABLED", "DRAFT", "DELETED", "PUBLISH_FAILED",
          "UNPUBLISHED")  # SPEC §4 product listing, as the channel names them


def _listing(shop: Any, rng: random.Random, code: str, name: str, category: str, variants: list[str],
             at: datetime) -> dict[str, Any]:
    item = f"{shop.shop_id[-6:]}-{code}-{len(shop.products) + 1}"
    variations = [{"variationId": f"{item}-{n}", "sku": sku(code, variant), "name": variant,
                   "price": str(region_of(shop.region).local(rng.randrange(15, 250) * 1000)),
                   "stock": rng.randrange(0, 80)}
                  for n, variant in enumerate(variants, start=1)]
    status = "LIVE" if any(v["stock"] for v in variations) else "SOLD_OUT"
    product = {"itemId": item, "name": name, "category": category, "status": status, "updatedAt": iso(at),
               "variations": variations}
    shop.products[item] = product
    return product


def catalogue(shop: Any, rng: random.Random, now: datetime) -> dict[str, dict[str, Any]]:
    """The shop's listings (`shop` is launcher.marketplace.Shop), the whole catalogue on first asking, each last
    changed some time in the last two days."""
    if not shop.products:
        for code, name, category, variants in PRODUCTS:
            _listing(shop, rng, code, name, category, variants, now - timedelta(minutes=rng.randrange(30, 60 * 48)))
    return dict(shop.products)


def _change(product: dict[str, Any], change: dict[str, Any], now: datetime) -> None:
    if "status" in change:
        if change["status"] not in STATES:
            raise ValueError(f"unknown listing state {change['status']!r}: one of {', '.join(STATES)}")
        product["status"] = change["status"]
    if "name" in change:
        product["name"] = str(change["name"])
    for variation in product["variations"]:
        if "price" in change:
            variation["price"] = str(Decimal(str(change["price"])))
        if "stock" in change:
            variation["stock"] = int(change["stock"])
    product["updatedAt"] = iso(now)


def control(shop: Any, body: dict[str, Any], rng: random.Random, now: datetime) -> list[dict[str, Any]]:
    """`/control/products`: new listings, changed ones and removed ones, all stamped `now`."""
    known = catalogue(shop, rng, now)
    touched = []
    for _ in range(int(body.get("add") or 0)):
        code, name, category, variants = rng.choice(PRODUCTS)
        touched.append(_listing(shop, rng, code, f"{name} {rng.randrange(100, 999)}", category, variants, now))
    changes: dict[str, dict[str, Any]] = {str(k): v for k, v in (body.get("change") or {}).items()}
    changes.update({str(item): {"status": "DELETED"} for item in body.get("remove") or []})
    for item, change in changes.items():
        if item not in known:
            raise ValueError(f"no listing {item!r} in shop {shop.shop_id}")
        _change(known[item], change, now)
        touched.append(known[item])
    return touched
