"""The WMS order tabs' counts (migration 0050): per warehouse, merchant and WMS status, kept by a trigger on
stock_orders in the transaction that changes an order, so a tab count never counts the orders."""

from __future__ import annotations

from sqlalchemy import BigInteger, CheckConstraint, String
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base, one_of
from domain.enums import WmsOrderStatus


class WmsOrderCount(Base):
    __tablename__ = "wms_order_counts"
    __table_args__ = (one_of("wms_status", WmsOrderStatus), CheckConstraint("n >= 0", name="n_not_negative"))

    warehouse_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    wms_status: Mapped[str] = mapped_column(String(16), primary_key=True)
    n: Mapped[int] = mapped_column(BigInteger)
