"""Warehouse, location and product library rules (domain/rules/warehouses.py, SPEC §3 Warehouse and WMS)."""

import pytest

from domain.errors import DomainError, Invalid
from domain.rules import warehouses as rules
from domain.rules.warehouses import DefaultState


@pytest.mark.parametrize("text", ["WH-JKT-01", " A1 ", "shelf_2.b", "9"])
def test_a_code_is_letters_digits_and_dot_dash_underscore_kept_trimmed(text):
    assert rules.code(text) == text.strip()


@pytest.mark.parametrize("text", ["", "  ", "WH 01", "-WH", "WH/01", "仓库1", "WH\t1"])
def test_any_other_code_is_refused_on_its_field(text):
    with pytest.raises(Invalid) as refused:
        rules.code(text, field="shelfCode")
    assert (refused.value.field, refused.value.params["rule"]) == ("shelfCode", "warehouse_code")


@pytest.mark.parametrize("text", ["TSHIRT-RED-XL", "kopi/250g", " ABC123 ", "baju#1"])
def test_a_sku_is_any_text_without_spaces_kept_trimmed(text):
    assert rules.sku(text) == text.strip()


@pytest.mark.parametrize("text", ["", "RED XL", "A\x00B", "A\nB"])
def test_a_sku_with_spaces_or_control_characters_is_refused(text):
    with pytest.raises(Invalid) as refused:
        rules.sku(text)
    assert (refused.value.field, refused.value.params["rule"]) == ("sku", "sku_format")


def test_the_default_warehouse_must_be_enabled():
    rules.check_default(DefaultState(is_default=True, enabled=True))
    rules.check_default(DefaultState(is_default=False, enabled=False))
    with pytest.raises(Invalid) as refused:
        rules.check_default(DefaultState(is_default=True, enabled=False))
    assert (refused.value.field, refused.value.params["rule"]) == ("isDefault", "warehouse_default_disabled")


def test_neither_the_default_warehouse_nor_one_holding_stock_is_deleted():
    rules.check_delete(DefaultState(is_default=False, enabled=True), holds_stock=False)
    with pytest.raises(DomainError) as default:
        rules.check_delete(DefaultState(is_default=True, enabled=True), holds_stock=False)
    assert (default.value.code, default.value.status) == ("WAREHOUSE_DEFAULT_DELETE", 409)
    with pytest.raises(DomainError) as stocked:
        rules.check_delete(DefaultState(is_default=False, enabled=False), holds_stock=True)
    assert (stocked.value.code, stocked.value.status) == ("WAREHOUSE_HOLDS_STOCK", 409)
