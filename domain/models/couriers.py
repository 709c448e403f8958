from __future__ import annotations

from sqlalchemy import String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base, Timestamps
from domain.enums import Channel, CourierStatus, ShippingMethod


class Courier(Base, Timestamps):
    """A logistics provider offered for a sales channel (logistics configuration screen)."""

    __tablename__ = "couriers"
    __table_args__ = (UniqueConstraint("channel", "name", name="uq_couriers_channel_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(30), index=True)
    channel: Mapped[Channel] = mapped_column(String(32), index=True)
    shipping_method: Mapped[ShippingMethod] = mapped_column(String(16))
    logo_url: Mapped[str | None] = mapped_column(String(500))
    status: Mapped[CourierStatus] = mapped_column(String(16), default=CourierStatus.LIVE)
    country: Mapped[str | None] = mapped_column(String(8), index=True)
