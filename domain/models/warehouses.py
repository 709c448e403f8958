"""Warehouses of the merchants, their product areas and shelves (locations), and the WMS product library
(SPEC §3 Warehouse and WMS). Stock itself is in domain/models/stock.py."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import BigInteger, CheckConstraint, ForeignKey, Index, Numeric, String, Text, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, Timestamps, one_of
from domain.enums import FulfillmentProvider, ProductCategory, WarehouseType, WarehouseUsageMode


class Warehouse(Base, Timestamps):
    """A merchant's warehouse: its own (GINEE_WMS) or a fulfillment provider's. One default per merchant; its code
    and its name each name one warehouse of the merchant (the pickers and lists show it by name)."""

    __tablename__ = "warehouses"
    __table_args__ = (
        UniqueConstraint("merchant_id", "code"),
        UniqueConstraint("merchant_id", "name"),
        Index("uq_warehouses_one_default", "merchant_id", unique=True, postgresql_where=text("is_default")),
        one_of("provider", [p.value for p in FulfillmentProvider]),
        one_of("type", [t.value for t in WarehouseType]),
        one_of("usage_mode", [m.value for m in WarehouseUsageMode], nullable=True),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey("merchants.id", ondelete="RESTRICT"), index=True)
    provider: Mapped[FulfillmentProvider] = mapped_column(String(32), default=FulfillmentProvider.GINEE_WMS)
    code: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(100))
    owner: Mapped[str | None] = mapped_column(String(100))  # the merchant's person in charge (owner or admin)
    type: Mapped[WarehouseType] = mapped_column(String(16), default=WarehouseType.OWN)
    address: Mapped[str | None] = mapped_column(String(500))
    is_default: Mapped[bool] = mapped_column(default=False)
    enabled: Mapped[bool] = mapped_column(default=True)
    usage_mode: Mapped[WarehouseUsageMode | None] = mapped_column(String(64))

    merchant_email: Mapped[str | None] = query_expression()  # read with the list (api/routers/warehouses.py)


class WarehouseArea(Base, Timestamps):
    """A product area of a warehouse: a named group of shelves."""

    __tablename__ = "warehouse_areas"
    __table_args__ = (UniqueConstraint("warehouse_id", "code"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    warehouse_id: Mapped[int] = mapped_column(ForeignKey("warehouses.id", ondelete="CASCADE"), index=True)
    code: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(100))

    warehouse_name: Mapped[str | None] = query_expression()  # read with the list (api/routers/warehouses.py)
    shelf_count: Mapped[int | None] = query_expression()


class Shelf(Base, Timestamps):
    """A shelf: the location (location code) where stock of a warehouse sits, optionally in a product area."""

    __tablename__ = "shelves"
    __table_args__ = (UniqueConstraint("warehouse_id", "code"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    warehouse_id: Mapped[int] = mapped_column(ForeignKey("warehouses.id", ondelete="RESTRICT"), index=True)
    area_id: Mapped[int | None] = mapped_column(ForeignKey("warehouse_areas.id", ondelete="SET NULL"), index=True)
    code: Mapped[str] = mapped_column(String(64))
    name: Mapped[str | None] = mapped_column(String(100))
    enabled: Mapped[bool] = mapped_column(default=True)

    warehouse_name: Mapped[str | None] = query_expression()  # read with the list (api/routers/warehouses.py)
    area_name: Mapped[str | None] = query_expression()


class WmsProduct(Base, Timestamps):
    """The WMS product library: one row per sku of a merchant (weight in g, size in cm)."""

    __tablename__ = "wms_products"
    __table_args__ = (
        UniqueConstraint("merchant_id", "sku"),
        one_of("category", [c.value for c in ProductCategory], nullable=True),
        CheckConstraint("weight_g IS NULL OR weight_g >= 0", name="weight_g_not_negative"),
        CheckConstraint("(length_cm IS NULL OR length_cm >= 0) AND (width_cm IS NULL OR width_cm >= 0)"
                        " AND (height_cm IS NULL OR height_cm >= 0)", name="size_not_negative"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey("merchants.id", ondelete="RESTRICT"), index=True)
    sku: Mapped[str] = mapped_column(String(100), index=True)
    name: Mapped[str] = mapped_column(String(300))
    variant: Mapped[str | None] = mapped_column(String(200))
    category: Mapped[ProductCategory | None] = mapped_column(String(2))
    weight_g: Mapped[int | None]
    length_cm: Mapped[Decimal | None] = mapped_column(Numeric(8, 1))
    width_cm: Mapped[Decimal | None] = mapped_column(Numeric(8, 1))
    height_cm: Mapped[Decimal | None] = mapped_column(Numeric(8, 1))
    remark: Mapped[str | None] = mapped_column(Text)

    merchant_email: Mapped[str | None] = query_expression()  # read with the list (api/routers/warehouses.py)
