"""The WMS order tabs' counts (migrations 0050, 0059): per warehouse, merchant and WMS status. The trigger
`wms_order_counts_keep` on stock_orders appends each change's +1 / -1 to `wms_order_count_deltas` in the
transaction that changes an order (insert only: no row is locked, so pickers, packers and syncs of one merchant at
one warehouse never wait on each other), and `wms_order_counts_fold()` moves them into `wms_order_counts` now and
then (the built-in task that folds the order tab counts). A count is the sum over both, never a count of orders."""

from __future__ import annotations

from sqlalchemy import BigInteger, CheckConstraint, SmallInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base, one_of
from domain.enums import WmsOrderStatus


class WmsOrderCount(Base):
    """The folded counts: written only by `wms_order_counts_fold()`."""

    __tablename__ = "wms_order_counts"
    __table_args__ = (one_of("wms_status", WmsOrderStatus), CheckConstraint("n >= 0", name="n_not_negative"))

    warehouse_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    wms_status: Mapped[str] = mapped_column(String(16), primary_key=True)
    n: Mapped[int] = mapped_column(BigInteger)


class WmsOrderCountDelta(Base):
    """+1 / -1 of a WMS status at a warehouse for a merchant, appended by the trigger, not folded in yet."""

    __tablename__ = "wms_order_count_deltas"
    __table_args__ = (CheckConstraint("delta IN (-1, 1)", name="delta_one"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    warehouse_id: Mapped[int] = mapped_column(BigInteger)
    merchant_id: Mapped[int] = mapped_column(BigInteger)
    wms_status: Mapped[str] = mapped_column(String(16))
    delta: Mapped[int] = mapped_column(SmallInteger)
