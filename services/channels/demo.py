"""The default channel adapter: HTTP to the demo marketplace (launcher/marketplace.py) or any gateway speaking its
API at OMP_MARKETPLACE_URL. A 429 is `RateLimited` with the channel's Retry-After; any other refusal, a timeout or
an unreachable channel is a `ChannelError`; each order, line or listing of a page is parsed on its own (one
pager, `_page`, for every list)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, TypeVar

import httpx
from pydantic import BaseModel, ValidationError

from domain.settings import get_settings
from services.channels import (
    ChannelError,
    OrderPage,
    ProductPage,
    RateLimited,
    SettlementPage,
    ShopRef,
    Unreadable,
)
from services.channels.wire import ChannelOrderIn, ChannelProductIn, SettlementLineIn

TIMEOUT = httpx.Timeout(15.0, connect=5.0)
UPDATED = ("updatedFrom", "updatedTo")  # the query's window of the lists paged by update time
W = TypeVar("W", bound=BaseModel)


def _iso(at: datetime) -> str:
    return at.astimezone(UTC).isoformat().replace("+00:00", "Z")


def parsed(model: type[W], raw: Any, key: str) -> W | Unreadable:
    """One order, line or listing of a page as `model`, or Unreadable naming it (by `key`) and the first field
    refused."""
    name = str(raw.get(key) or "?")[:64] if isinstance(raw, dict) else "?"
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        return Unreadable(name, f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}"[:500])


class DemoMarketplace:
    def __init__(self, base_url: str | None = None) -> None:
        self.base_url = (base_url or get_settings().marketplace_target).rstrip("/")

    async def _get(self, path: str, params: dict[str, Any] | None = None) -> httpx.Response:
        try:
            async with httpx.AsyncClient(base_url=self.base_url, timeout=TIMEOUT) as http:
                reply = await http.get(path, params=params)
        except httpx.HTTPError as exc:
            raise ChannelError(f"channel unreachable: {type(exc).__name__}: {exc}") from exc
        if reply.status_code == 429:
            try:
                wait = float(reply.headers.get("Retry-After", "1"))
            except ValueError:
                wait = 1.0
            raise RateLimited(max(wait, 0.0))
        return reply

    async def _page(self, shop: ShopRef, what: str, window: tuple[str, str], since: datetime, until: datetime,
                    token: str | None, size: int) -> tuple[list[Any], str | None]:
        """One page of a shop's list (orders, settlements, products): its raw rows and the next page's token."""
        params: dict[str, Any] = {window[0]: _iso(since), window[1]: _iso(until), "pageSize": size,
                                  "region": shop.country}
        if token:
            params["pageToken"] = token
        reply = await self._get(f"/shops/{shop.external_shop_id}/{what}", params)
        if reply.status_code != 200:
            raise ChannelError(f"channel answered HTTP {reply.status_code}: {reply.text[:200]}")
        body = reply.json()
        key = "lines" if what == "settlements" else what
        return list(body.get(key) or []), body.get("nextPageToken")

    async def fetch_orders(self, shop: ShopRef, since: datetime, until: datetime, token: str | None,
                           size: int) -> OrderPage:
        rows, more = await self._page(shop, "orders", UPDATED, since, until, token, size)
        return OrderPage([parsed(ChannelOrderIn, raw, "orderNo") for raw in rows], more)

    async def fetch_order(self, shop: ShopRef, channel_order_no: str) -> ChannelOrderIn | Unreadable | None:
        reply = await self._get(f"/shops/{shop.external_shop_id}/orders/{channel_order_no}",
                                {"region": shop.country})
        if reply.status_code == 404:
            return None
        if reply.status_code != 200:
            raise ChannelError(f"channel answered HTTP {reply.status_code}: {reply.text[:200]}")
        return parsed(ChannelOrderIn, reply.json(), "orderNo")

    async def fetch_settlements(self, shop: ShopRef, since: datetime, until: datetime, token: str | None,
                                size: int) -> SettlementPage:
        rows, more = await self._page(shop, "settlements", ("paidFrom", "paidTo"), since, until, token, size)
        return SettlementPage([parsed(SettlementLineIn, raw, "orderNo") for raw in rows], more)

    async def fetch_products(self, shop: ShopRef, since: datetime, until: datetime, token: str | None,
                             size: int) -> ProductPage:
        rows, more = await self._page(shop, "products", UPDATED, since, until, token, size)
        return ProductPage([parsed(ChannelProductIn, raw, "itemId") for raw in rows], more)
