"""The default channel adapter: HTTP to the demo marketplace (launcher/marketplace.py) or any gateway speaking its
API at OMP_MARKETPLACE_URL. A 429 is `RateLimited` with the channel's Retry-After; any other refusal, a timeout or
an unreachable channel is a `ChannelError`; each order of a page is parsed on its own."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import httpx
from pydantic import ValidationError

from domain.settings import get_settings
from services.channels import ChannelError, OrderPage, RateLimited, SettlementPage, ShopRef, Unreadable
from services.channels.wire import ChannelOrderIn, SettlementLineIn

TIMEOUT = httpx.Timeout(15.0, connect=5.0)


def _iso(at: datetime) -> str:
    return at.astimezone(UTC).isoformat().replace("+00:00", "Z")


def parsed(raw: Any) -> ChannelOrderIn | Unreadable:
    number = str(raw.get("orderNo") or "?")[:64] if isinstance(raw, dict) else "?"
    try:
        return ChannelOrderIn.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        return Unreadable(number, f"{where}: {first['msg']}"[:500])


def parsed_line(raw: Any) -> SettlementLineIn | Unreadable:
    number = str(raw.get("orderNo") or "?")[:64] if isinstance(raw, dict) else "?"
    try:
        return SettlementLineIn.model_validate(raw)
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

    async def fetch_orders(self, shop: ShopRef, since: datetime, until: datetime, token: str | None,
                           size: int) -> OrderPage:
        params: dict[str, Any] = {"updatedFrom": _iso(since), "updatedTo": _iso(until), "pageSize": size}
        if token:
            params["pageToken"] = token
        reply = await self._get(f"/shops/{shop.external_shop_id}/orders", params)
        if reply.status_code != 200:
            raise ChannelError(f"channel answered HTTP {reply.status_code}: {reply.text[:200]}")
        body = reply.json()
        return OrderPage([parsed(raw) for raw in body.get("orders", [])], body.get("nextPageToken"))

    async def fetch_order(self, shop: ShopRef, channel_order_no: str) -> ChannelOrderIn | Unreadable | None:
        reply = await self._get(f"/shops/{shop.external_shop_id}/orders/{channel_order_no}")
        if reply.status_code == 404:
            return None
        if reply.status_code != 200:
            raise ChannelError(f"channel answered HTTP {reply.status_code}: {reply.text[:200]}")
        return parsed(reply.json())

    async def fetch_settlements(self, shop: ShopRef, since: datetime, until: datetime, token: str | None,
                                size: int) -> SettlementPage:
        params: dict[str, Any] = {"paidFrom": _iso(since), "paidTo": _iso(until), "pageSize": size}
        if token:
            params["pageToken"] = token
        reply = await self._get(f"/shops/{shop.external_shop_id}/settlements", params)
        if reply.status_code != 200:
            raise ChannelError(f"channel answered HTTP {reply.status_code}: {reply.text[:200]}")
        body = reply.json()
        return SettlementPage([parsed_line(raw) for raw in body.get("lines", [])], body.get("nextPageToken"))
