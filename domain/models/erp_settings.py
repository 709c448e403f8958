"""ERP settings of a merchant (SPEC §2 ERP settings): one row per merchant and kind (basic, product, order, stock,
shipping), the merchant's basic, order, shipping and logistics templates, and the stock push rule of each store.

Every limit of domain/rules/erp_settings.py is a CHECK here too; a row read by the lists carries its merchant's
email (and the names of what it points to) as query expressions.
"""

from __future__ import annotations

from sqlalchemy import ARRAY, BigInteger, CheckConstraint, ForeignKey, Index, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, Timestamps, one_of
from domain.enums import (
    Channel,
    Currency,
    ErpTemplateKind,
    HandoverMode,
    LabelSize,
    MasterProductMode,
    OrderSplitRule,
    PushRuleMode,
    SkuRule,
    StockReserveOn,
    TemplateField,
)
from domain.rules import erp_settings as rules

MERCHANT_FK = "merchants.id"


def within(column: str, bounds: rules.Bounds) -> CheckConstraint:
    return CheckConstraint(bounds.check(column), name=f"{column}_range")


class MerchantOwned:
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)


class BasicSetting(MerchantOwned, Base, Timestamps):
    """The merchant's defaults: the warehouse orders ship from, its time zone and currency, its order numbers."""

    __tablename__ = "erp_basic_settings"
    __table_args__ = (
        one_of("currency", Currency),
        CheckConstraint(rules.ORDER_PREFIX_CHECK, name="order_no_prefix_format"),
        within("low_stock_threshold", rules.LOW_STOCK),
    )

    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"), unique=True)
    merchant_email: Mapped[str | None] = query_expression()
    default_warehouse_id: Mapped[int | None] = mapped_column(ForeignKey("warehouses.id", ondelete="SET NULL"))
    time_zone: Mapped[str] = mapped_column(String(64), default="Asia/Jakarta")
    currency: Mapped[Currency] = mapped_column(String(8), default=Currency.IDR)
    order_no_prefix: Mapped[str] = mapped_column(String(rules.ORDER_PREFIX_MAX), default="")
    low_stock_threshold: Mapped[int] = mapped_column(default=10)
    mask_sensitive_info: Mapped[bool] = mapped_column(default=True)  # SPEC §6 display-sensitive-information
    default_warehouse_name: Mapped[str | None] = query_expression()


class ProductSetting(MerchantOwned, Base, Timestamps):
    """How the merchant's channel products become master products and what its SKUs may hold."""

    __tablename__ = "erp_product_settings"
    __table_args__ = (
        one_of("master_product_mode", MasterProductMode),
        one_of("sku_rule", SkuRule),
        within("sku_max_length", rules.SKU_LENGTH),
        within("price_alert_percent", rules.PRICE_ALERT),
        CheckConstraint("master_product_mode = 'MATCH_BY_SKU' OR NOT auto_bind_by_sku", name="manual_bind"),
    )

    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"), unique=True)
    merchant_email: Mapped[str | None] = query_expression()
    master_product_mode: Mapped[MasterProductMode] = mapped_column(String(16), default=MasterProductMode.MATCH_BY_SKU)
    sku_rule: Mapped[SkuRule] = mapped_column(String(24), default=SkuRule.LETTERS_DIGITS_DASH)
    sku_max_length: Mapped[int] = mapped_column(default=50)
    sku_uppercase: Mapped[bool] = mapped_column(default=True)
    auto_create_master: Mapped[bool] = mapped_column(default=True)
    auto_bind_by_sku: Mapped[bool] = mapped_column(default=True)
    sync_price: Mapped[bool] = mapped_column(default=False)
    price_alert_percent: Mapped[int] = mapped_column(default=30)


class OrderSetting(MerchantOwned, Base, Timestamps):
    """How the merchant's orders are accepted, merged, split, held and reserve their stock."""

    __tablename__ = "erp_order_settings"
    __table_args__ = (
        one_of("split_rule", OrderSplitRule),
        one_of("reserve_on", StockReserveOn),
        within("auto_accept_delay_minutes", rules.MINUTES_A_DAY),
        within("merge_window_minutes", rules.MINUTES_A_DAY),
        within("hold_minutes", rules.HOLD_MINUTES),
        within("auto_cancel_unpaid_hours", rules.UNPAID_HOURS),
        within("max_lines_per_package", rules.PACKAGE_LINES),
        *(CheckConstraint(condition, name=name) for name, condition in rules.ORDER_CHECKS.items()),
    )

    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"), unique=True)
    merchant_email: Mapped[str | None] = query_expression()
    auto_accept: Mapped[bool] = mapped_column(default=False)
    auto_accept_delay_minutes: Mapped[int] = mapped_column(default=0)
    auto_merge: Mapped[bool] = mapped_column(default=False)
    merge_window_minutes: Mapped[int] = mapped_column(default=30)
    split_rule: Mapped[OrderSplitRule] = mapped_column(String(16), default=OrderSplitRule.NO_SPLIT)
    reserve_on: Mapped[StockReserveOn] = mapped_column(String(16), default=StockReserveOn.PAID)
    hold_minutes: Mapped[int] = mapped_column(default=0)
    auto_cancel_unpaid_hours: Mapped[int] = mapped_column(default=72)
    max_lines_per_package: Mapped[int] = mapped_column(default=rules.PACKAGE_LINES_DEFAULT)


class StockSettingRow(MerchantOwned, Base, Timestamps):
    """The merchant's stock sync defaults: on or off, how often, the share pushed, the safety and promotion stock
    (a store's push rule overrides the share and the safety stock)."""

    __tablename__ = "erp_stock_settings"
    __table_args__ = (
        within("sync_interval_minutes", rules.SYNC_INTERVAL),
        within("push_ratio_percent", rules.PERCENT),
        within("safety_stock", rules.QUANTITY),
        within("promotion_reserve_percent", rules.PERCENT),
        CheckConstraint(rules.STOCK_SHARES_CHECK, name="shares"),
    )

    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"), unique=True)
    merchant_email: Mapped[str | None] = query_expression()
    sync_enabled: Mapped[bool] = mapped_column(default=True)
    sync_interval_minutes: Mapped[int] = mapped_column(default=15)
    push_ratio_percent: Mapped[int] = mapped_column(default=100)
    safety_stock: Mapped[int] = mapped_column(default=0)
    promotion_reserve_percent: Mapped[int] = mapped_column(default=0)
    oversell_protection: Mapped[bool] = mapped_column(default=True)


class ShippingSetting(MerchantOwned, Base, Timestamps):
    """How the merchant's parcels leave: its default courier, label paper, pickup or drop-off and its window."""

    __tablename__ = "erp_shipping_settings"
    __table_args__ = (
        one_of("label_size", LabelSize),
        one_of("handover_mode", HandoverMode),
        within("pickup_start_hour", rules.PICKUP_START),
        within("pickup_end_hour", rules.PICKUP_END),
        within("ship_within_hours", rules.SHIP_WITHIN_HOURS),
        within("default_package_weight_g", rules.PACKAGE_WEIGHT_G),
        CheckConstraint(rules.PICKUP_WINDOW_CHECK, name="pickup_window"),
    )

    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"), unique=True)
    merchant_email: Mapped[str | None] = query_expression()
    default_courier_id: Mapped[int | None] = mapped_column(ForeignKey("couriers.id", ondelete="SET NULL"))
    label_size: Mapped[LabelSize] = mapped_column(String(16), default=LabelSize.SIZE_100X150)
    handover_mode: Mapped[HandoverMode] = mapped_column(String(16), default=HandoverMode.PICKUP)
    pickup_start_hour: Mapped[int] = mapped_column(default=9)
    pickup_end_hour: Mapped[int] = mapped_column(default=17)
    auto_print_label: Mapped[bool] = mapped_column(default=False)
    ship_within_hours: Mapped[int] = mapped_column(default=48)
    default_package_weight_g: Mapped[int] = mapped_column(default=500)
    default_courier_name: Mapped[str | None] = query_expression()


class ErpTemplate(MerchantOwned, Base, Timestamps):
    """A basic, order or shipping template of a merchant: the paper and the fields it prints; one of each kind
    may be the merchant's default."""

    __tablename__ = "erp_templates"
    __table_args__ = (
        UniqueConstraint("merchant_id", "kind", "name"),
        one_of("kind", ErpTemplateKind),
        one_of("paper_size", LabelSize),
        CheckConstraint(f"cardinality(fields) BETWEEN 1 AND {len(TemplateField)}", name="fields_count"),
        Index("uq_erp_templates_default", "merchant_id", "kind", unique=True, postgresql_where=text("is_default")),
    )

    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"), index=True)
    merchant_email: Mapped[str | None] = query_expression()
    kind: Mapped[ErpTemplateKind] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(rules.NAME_MAX))
    paper_size: Mapped[LabelSize] = mapped_column(String(16), default=LabelSize.A4)
    fields: Mapped[list[TemplateField]] = mapped_column(ARRAY(String(24)))
    is_default: Mapped[bool] = mapped_column(default=False)
    remark: Mapped[str | None] = mapped_column(String(rules.REMARK_MAX))


class LogisticsTemplate(MerchantOwned, Base, Timestamps):
    """Which courier ships a channel's orders for a merchant (from which of its warehouses); one default per
    merchant and channel."""

    __tablename__ = "erp_logistics_templates"
    __table_args__ = (
        UniqueConstraint("merchant_id", "name"),
        one_of("channel", Channel),
        Index("uq_erp_logistics_templates_default", "merchant_id", "channel", unique=True,
              postgresql_where=text("is_default")),
    )

    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"), index=True)
    merchant_email: Mapped[str | None] = query_expression()
    name: Mapped[str] = mapped_column(String(rules.NAME_MAX))
    channel: Mapped[Channel] = mapped_column(String(32))
    courier_id: Mapped[int] = mapped_column(ForeignKey("couriers.id", ondelete="RESTRICT"))
    warehouse_id: Mapped[int | None] = mapped_column(ForeignKey("warehouses.id", ondelete="SET NULL"))
    is_default: Mapped[bool] = mapped_column(default=False)
    remark: Mapped[str | None] = mapped_column(String(rules.REMARK_MAX))
    courier_name: Mapped[str | None] = query_expression()
    warehouse_name: Mapped[str | None] = query_expression()


class PushRule(MerchantOwned, Base, Timestamps):
    """The stock push rule of one store (push-rule detail): a share of its available stock or a fixed quantity,
    after its safety stock; without one the merchant's stock settings apply."""

    __tablename__ = "erp_push_rules"
    __table_args__ = (
        one_of("mode", PushRuleMode),
        within("ratio_percent", rules.PERCENT),
        within("fixed_quantity", rules.QUANTITY),
        within("safety_stock", rules.QUANTITY),
        CheckConstraint(rules.PUSH_RULE_CHECK, name="mode_figure"),
    )

    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"), index=True)
    merchant_email: Mapped[str | None] = query_expression()
    shop_id: Mapped[int] = mapped_column(ForeignKey("shops.id", ondelete="CASCADE"), unique=True)
    mode: Mapped[PushRuleMode] = mapped_column(String(8), default=PushRuleMode.RATIO)
    ratio_percent: Mapped[int | None]
    fixed_quantity: Mapped[int | None]
    safety_stock: Mapped[int] = mapped_column(default=0)
    enabled: Mapped[bool] = mapped_column(default=True)
    shop_name: Mapped[str | None] = query_expression()
    channel: Mapped[str | None] = query_expression()
