"""What a channel order is when it enters the console (services/orders.upsert_channel_order): the order sync's
activities, the demo data and the tests build these from a channel's reply."""

from __future__ import annotations

from decimal import Decimal

from pydantic import AwareDatetime, BaseModel, Field

from domain.enums import Country, Currency, FulfillmentProvider


class ChannelOrderLine(BaseModel):
    sku: str
    quantity: int
    unit_price: Decimal
    product_name: str | None = None
    variant: str | None = None


class ChannelOrder(BaseModel):
    """One order as the channel reports it. `ordered_at` is the channel's order time (it never changes: the
    order's partition follows it); `channel_updated_at` orders the channel's versions (an older one changes
    nothing); `cancelled` is the channel's cancellation, applied as a CANCEL while the order is still open."""

    channel_order_no: str
    ordered_at: AwareDatetime
    lines: list[ChannelOrderLine] = Field(default_factory=list)
    channel_updated_at: AwareDatetime | None = None
    paid_at: AwareDatetime | None = None
    cancelled: bool = False
    buyer_name: str | None = None
    buyer_phone: str | None = None
    buyer_email: str | None = None
    recipient_name: str | None = None
    recipient_phone: str | None = None
    address_line1: str | None = None
    address_line2: str | None = None
    city: str | None = None
    province: str | None = None
    postcode: str | None = None
    address_country: Country | None = None
    awb: str | None = None
    weight_g: int | None = None
    courier: str | None = None
    invoice_no: str | None = None
    currency: Currency | None = None  # the shop country's currency when not given
    shipping_fee: Decimal = Decimal(0)
    insurance: Decimal = Decimal(0)
    subtotal: Decimal | None = None  # the lines' sum when not given
    total: Decimal | None = None  # subtotal + shipping fee + insurance when not given
    fulfilment_provider: FulfillmentProvider | None = None
