"""An order, a settlement line or a listing as a channel sends it (the demo marketplace's JSON, which real
adapters map their channel's into). Parsing refuses what the console cannot take (a line without a positive
quantity, a negative price, a total that is not a number, a listing state SPEC §4 does not know), naming the
field."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from domain.enums import ListingState

Money = Annotated[Decimal, Field(ge=0, max_digits=18, decimal_places=2)]


class Wire(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True)


class Buyer(Wire):
    name: str | None = Field(default=None, max_length=255)
    phone: str | None = Field(default=None, max_length=64)
    email: str | None = Field(default=None, max_length=254)


class Address(Wire):
    recipient: str | None = Field(default=None, max_length=255)
    phone: str | None = Field(default=None, max_length=64)
    line1: str | None = Field(default=None, max_length=500)
    line2: str | None = Field(default=None, max_length=500)
    city: str | None = Field(default=None, max_length=128)
    province: str | None = Field(default=None, max_length=128)
    postcode: str | None = Field(default=None, max_length=32)
    country: str | None = Field(default=None, max_length=8)


class Line(Wire):
    line_no: int = Field(ge=1)
    sku: str = Field(min_length=1, max_length=128)
    name: str | None = Field(default=None, max_length=500)
    variant: str | None = Field(default=None, max_length=255)
    quantity: int = Field(gt=0, le=1_000_000)
    unit_price: Money


class ChannelOrderIn(Wire):
    order_no: str = Field(min_length=1, max_length=64)
    status: str = Field(max_length=32)  # the channel's own: UNPAID, PAID, SHIPPED, COMPLETED, CANCELLED
    ordered_at: AwareDatetime
    updated_at: AwareDatetime
    paid_at: AwareDatetime | None = None
    buyer: Buyer = Buyer()
    address: Address = Address()
    currency: str = Field(default="IDR", max_length=8)
    shipping_fee: Money = Decimal(0)
    insurance: Money = Decimal(0)
    subtotal: Money = Decimal(0)
    total: Money = Decimal(0)
    courier: str | None = Field(default=None, max_length=128)
    awb: str | None = Field(default=None, max_length=128)
    lines: list[Line] = Field(min_length=1, max_length=500)


class SettlementLineIn(Wire):
    """One line of a channel's settlement (payout): what it paid for one order, net of its fees."""

    settlement_id: str = Field(min_length=1, max_length=64)
    line_id: str = Field(min_length=1, max_length=64)
    order_no: str = Field(min_length=1, max_length=64)
    amount: Annotated[Decimal, Field(max_digits=18, decimal_places=2)]  # negative: a refund taken back
    fees: Money = Decimal(0)
    currency: str = Field(default="IDR", max_length=8)
    paid_at: AwareDatetime


class VariationIn(Wire):
    """One variation of a listing: the channel's id and SKU, its price and the stock the channel shows."""

    variation_id: str = Field(min_length=1, max_length=100)
    sku: str = Field(min_length=1, max_length=100)
    name: str | None = Field(default=None, max_length=200)
    price: Money = Decimal(0)
    stock: int = Field(default=0, ge=0)


class ChannelProductIn(Wire):
    """One listing of a shop (a channel product) in its SPEC §4 listing state."""

    item_id: str = Field(min_length=1, max_length=100)
    name: str = Field(min_length=1, max_length=300)
    category: str | None = Field(default=None, max_length=200)
    status: ListingState
    updated_at: AwareDatetime
    variations: list[VariationIn] = Field(default_factory=list, max_length=500)
