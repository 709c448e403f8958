"""The default channel adapter: HTTP to the demo marketplace (launcher/marketplace.py) or any gateway speaking its
API at OMP_MARKETPLACE_URL. A 429 is `RateLimited` with the channel's Retry-After; any other refusal, a timeout or
an unreachable channel is a `ChannelError`; each order of a page is parsed on its own."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, TypeVar

import httpx
from pydantic import BaseModel, ValidationError

from domain.settings import get_settings
from services.channels import ChannelError, OrderPage, RateLimited, SettlementPage, ShopRef, Unreadable
from services.channels.wire import ChannelOrderIn, SettlementLineIn

TIMEOUT = httpx.Timeout(15.0, connect=5.0)


def _iso(at: datetime) -> str:
    return at.astimezone(UTC).isoformat().replace("+00:00", "Z")


M = TypeVar("M", bound=BaseModel)


def read(model: type[M], raw: Any) -> M | Unreadable:
    """One order or settlement line of a page, parsed on its own: a broken one is `Unreadable`, named by its order
    number and its first problem, and the rest of the page still reads."""
    number = str(raw.get("orderNo") or "?")[:64] if isinstance(raw, dict) else "?"
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        return Unreadable(number, f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}"[:500])


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

    async def _page(self, path: str, window: tuple[str, str], since: datetime, until: datetime, token: str | None,
                    size: int, key: str, model: type[M]) -> tuple[list[M | Unreadable], str | None]:
        """One page of a shop's orders or settlements in [since, until) after `token`: its entries, each read on
        its own, and the next page's token (None on the last)."""
        params: dict[str, Any] = {window[0]: _iso(since), window[1]: _iso(until), "pageSize": size}
        if token:
            params["pageToken"] = token
        reply = await self._get(path, params)
        if reply.status_code != 200:
            raise ChannelError(f"channel answered HTTP {reply.status_code}: {reply.text[:200]}")
        body = reply.json()
        return [read(model, raw) for raw in body.get(key, [])], body.get("nextPageToken")

    async def fetch_orders(self, shop: ShopRef, since: datetime, until: datetime, token: str | None,
                           size: int) -> OrderPage:
        orders, after = await self._page(f"/shops/{shop.external_shop_id}/orders", ("updatedFrom", "updatedTo"),
                                         since, until, token, size, "orders", ChannelOrderIn)
        return OrderPage(orders, after)

    async def fetch_order(self, shop: ShopRef, channel_order_no: str) -> ChannelOrderIn | Unreadable | None:
        reply = await self._get(f"/shops/{shop.external_shop_id}/orders/{channel_order_no}")
        if reply.status_code == 404:
            return None
        if reply.status_code != 200:
            raise ChannelError(f"channel answered HTTP {reply.status_code}: {reply.text[:200]}")
        return read(ChannelOrderIn, reply.json())

    async def fetch_settlements(self, shop: ShopRef, since: datetime, until: datetime, token: str | None,
                                size: int) -> SettlementPage:
        lines, after = await self._page(f"/shops/{shop.external_shop_id}/settlements", ("paidFrom", "paidTo"),
                                        since, until, token, size, "lines", SettlementLineIn)
        return SettlementPage(lines, after)
