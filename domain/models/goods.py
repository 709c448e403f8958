"""Goods (SPEC §2 manage goods, §4 product listing): a shop's channel products and their variations, each variation
mapped to the master SKU the stock ledger counts (a row of the merchant's product library, wms_products).

PostgreSQL keeps the rules the lists rely on: a channel item is listed once per shop and a channel SKU once per
product; a product belongs to its shop's merchant and a variation to its product's; a mapped master SKU is one
of the same merchant's (a composite foreign key), so no call can map across merchants; a mapped master product
is not deleted while a variation names it.

The two views are read-only lists: local goods (master products with their stock summed over the merchant's
warehouses and their lock) and goods history (the field-level audit trail of channel and master products).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Numeric,
    String,
    UniqueConstraint,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, query_expression, relationship

from domain.db import Base, Timestamps, one_of
from domain.enums import Channel, ListingState, MappingStatus, ProductCategory
from domain.models.stock_sync import Views


class ChannelProduct(Base, Timestamps):
    """One listing of a shop on its channel (the goods list)."""

    __tablename__ = "channel_products"
    __table_args__ = (
        UniqueConstraint("shop_id", "channel_item_id", name="uq_channel_products_shop_id_channel_item_id"),
        UniqueConstraint("id", "merchant_id", name="uq_channel_products_id_merchant_id"),
        ForeignKeyConstraint(["shop_id", "merchant_id"], ["shops.id", "shops.merchant_id"], ondelete="RESTRICT",
                             name="fk_channel_products_shop_of_merchant"),
        one_of("listing_state", ListingState),
        one_of("mapping_status", MappingStatus),
        one_of("channel", Channel),
        Index("ix_channel_products_merchant_state", "merchant_id", "listing_state", "id"),
        Index("ix_channel_products_shop_state", "shop_id", "listing_state", "id"),
        Index("ix_channel_products_name_trgm", "name", postgresql_using="gin", postgresql_ops={"name": "gin_trgm_ops"}),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey("merchants.id", ondelete="RESTRICT"))
    shop_id: Mapped[int] = mapped_column(BigInteger)
    channel: Mapped[Channel] = mapped_column(String(32))
    channel_item_id: Mapped[str] = mapped_column(String(100))
    name: Mapped[str] = mapped_column(String(300))
    category: Mapped[str | None] = mapped_column(String(200))
    listing_state: Mapped[ListingState] = mapped_column(String(16))
    mapping_status: Mapped[MappingStatus] = mapped_column(String(8), default=MappingStatus.UNMAPPED)
    last_synced_at: Mapped[datetime | None]

    variations: Mapped[list[ChannelVariation]] = relationship(
        back_populates="product", order_by="ChannelVariation.id", cascade="all, delete-orphan")
    merchant_email: Mapped[str | None] = query_expression()
    shop_name: Mapped[str | None] = query_expression()
    country: Mapped[str | None] = query_expression()
    stock: Mapped[int | None] = query_expression()
    shop_product_sync_at: Mapped[datetime | None] = query_expression()  # its store's, and its latest run's status
    shop_product_sync_status: Mapped[str | None] = query_expression()


class ChannelVariation(Base, Timestamps):
    """One variation of a channel product: its channel SKU and, once mapped, the master SKU it sells."""

    __tablename__ = "channel_product_variations"
    __table_args__ = (
        UniqueConstraint("channel_product_id", "channel_sku", name="uq_channel_product_variations_product_sku"),
        UniqueConstraint("channel_product_id", "channel_variation_id",
                         name="uq_channel_product_variations_product_variation"),
        ForeignKeyConstraint(["channel_product_id", "merchant_id"],
                             ["channel_products.id", "channel_products.merchant_id"], ondelete="CASCADE",
                             name="fk_channel_product_variations_product"),
        # the master SKU is one of the same merchant's products: never another merchant's
        ForeignKeyConstraint(["merchant_id", "master_sku"], ["wms_products.merchant_id", "wms_products.sku"],
                             onupdate="CASCADE", ondelete="RESTRICT", name="fk_channel_product_variations_master"),
        CheckConstraint("price >= 0", name="price_not_negative"),
        CheckConstraint("stock >= 0", name="stock_not_negative"),
        Index("ix_channel_product_variations_master", "merchant_id", "master_sku"),
        Index("ix_channel_product_variations_sku", "channel_sku"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    channel_product_id: Mapped[int] = mapped_column(BigInteger)
    merchant_id: Mapped[int] = mapped_column(BigInteger)
    channel_variation_id: Mapped[str] = mapped_column(String(100))
    channel_sku: Mapped[str] = mapped_column(String(100))
    name: Mapped[str | None] = mapped_column(String(200))
    price: Mapped[Decimal] = mapped_column(Numeric(14, 2), default=0)
    stock: Mapped[int] = mapped_column(BigInteger, default=0)
    master_sku: Mapped[str | None] = mapped_column(String(100))

    product: Mapped[ChannelProduct] = relationship(back_populates="variations")


class MasterProductView(Views):
    """Local goods: a master product (the merchant's SKU of the product library) with its stock summed over the
    merchant's warehouses, whether its main-store stock is locked and how many channel variations sell it."""

    __tablename__ = "goods_master_products"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int]
    sku: Mapped[str]
    name: Mapped[str]
    variant: Mapped[str | None]
    category: Mapped[ProductCategory | None] = mapped_column(String(2))
    weight_g: Mapped[int | None]
    length_cm: Mapped[Decimal | None]
    width_cm: Mapped[Decimal | None]
    height_cm: Mapped[Decimal | None]
    remark: Mapped[str | None]
    on_hand: Mapped[int]
    locked: Mapped[int]
    available: Mapped[int]
    warehouse_count: Mapped[int]
    stock_locked: Mapped[bool]
    channel_variations: Mapped[int]
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
    merchant_email: Mapped[str | None] = query_expression()


class GoodsHistoryView(Views):
    """Goods history: one change to a channel product or a master product, from the audit trail (who, when,
    what, the field diffs), with the merchant that owns the product for data authority."""

    __tablename__ = "goods_history"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    at: Mapped[datetime]
    operator_name: Mapped[str | None]
    entity: Mapped[str]
    product_id: Mapped[int]
    action: Mapped[str]
    changes: Mapped[dict[str, Any]] = mapped_column(JSONB)
    merchant_id: Mapped[int | None]
    shop_id: Mapped[int | None]
    code: Mapped[str | None]  # the channel item id or the master SKU
    name: Mapped[str | None]
    merchant_email: Mapped[str | None] = query_expression()
    shop_name: Mapped[str | None] = query_expression()
