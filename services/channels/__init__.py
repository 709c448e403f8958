"""Channel adapters: how the order sync (services/order_sync.py) pulls a shop's orders from its marketplace.

A `ChannelAdapter` answers pages of the orders a shop's channel changed in a time window, single orders by
number, pages of the settlement lines (payouts) the channel paid in a time window (the reconciliation's) and
pages of the shop's listings (products and their variations) changed in a time window (the goods sync's).
Each order, line or listing comes back as the channel sent it, parsed (services/channels/wire.py), or as
`Unreadable` (its number and why) so one malformed row fails alone while the rest of the page is ingested.
The registry maps a channel to its adapter; every channel uses the demo marketplace's HTTP adapter until a real
marketplace's adapter is registered for it (`register`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from domain.enums import Channel
from domain.models.merchants import Shop
from services.channels.wire import ChannelOrderIn, ChannelProductIn, SettlementLineIn


@dataclass(frozen=True)
class ShopRef:
    """What an adapter needs to know of a shop."""

    id: int
    channel: str
    external_shop_id: str
    country: str  # the channel's regional site the shop sells on

    @classmethod
    def of(cls, shop: Shop) -> ShopRef:
        return cls(shop.id, str(shop.channel), shop.external_shop_id, str(shop.country))


@dataclass(frozen=True)
class Unreadable:
    """An order of the page the channel sent in a shape the console cannot take."""

    channel_order_no: str
    reason: str


@dataclass(frozen=True)
class OrderPage:
    orders: list[ChannelOrderIn | Unreadable]
    next_token: str | None  # None on the last page


@dataclass(frozen=True)
class SettlementPage:
    lines: list[SettlementLineIn | Unreadable]  # Unreadable.channel_order_no: the line's order number
    next_token: str | None


@dataclass(frozen=True)
class ProductPage:
    products: list[ChannelProductIn | Unreadable]  # Unreadable.channel_order_no: the listing's item id
    next_token: str | None


class ChannelError(Exception):
    """The channel did not answer with a page (down, refused, timed out): the page is tried again later."""


class RateLimited(ChannelError):
    """The channel asked to wait `retry_after` seconds before the next request."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(f"rate limited by the channel: retry after {retry_after:g} s")
        self.retry_after = retry_after


class ChannelAdapter(Protocol):
    async def fetch_orders(self, shop: ShopRef, since: datetime, until: datetime, token: str | None,
                           size: int) -> OrderPage:
        """The orders changed in [since, until), the page after `token` (None: the first)."""
        ...

    async def fetch_order(self, shop: ShopRef, channel_order_no: str) -> ChannelOrderIn | Unreadable | None:
        """One order by its channel number; None when the channel does not know it."""
        ...

    async def fetch_settlements(self, shop: ShopRef, since: datetime, until: datetime, token: str | None,
                                size: int) -> SettlementPage:
        """The settlement lines paid in [since, until), the page after `token` (None: the first)."""
        ...

    async def fetch_products(self, shop: ShopRef, since: datetime, until: datetime, token: str | None,
                             size: int) -> ProductPage:
        """The shop's listings changed in [since, until), the page after `token` (None: the first); a listing
        the channel took down comes in its state (DELETED), not left out."""
        ...


_ADAPTERS: dict[str, ChannelAdapter] = {}


def register(channel: Channel | str, adapter: ChannelAdapter) -> None:
    """A real marketplace's adapter for `channel` (replaces the demo marketplace for it)."""
    _ADAPTERS[str(channel)] = adapter


def unregister(channel: Channel | str) -> None:
    _ADAPTERS.pop(str(channel), None)


def adapter_for(channel: Channel | str) -> ChannelAdapter:
    found = _ADAPTERS.get(str(channel))
    if found is not None:
        return found
    from services.channels.demo import DemoMarketplace  # the default for every channel

    return DemoMarketplace()
