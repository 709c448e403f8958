"""Warehouse, location and product library rules (SPEC §3 Warehouse and WMS entities).

Pure functions of their inputs; the API calls them through its schemas and PostgreSQL holds the ones a race could
break (a code once per merchant, one default warehouse per merchant, a SKU once per merchant) as constraints.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from domain.errors import DomainError, Invalid

NAME_MAX = 100
CODE_MAX = 64
OWNER_MAX = 100
ADDRESS_MAX = 500
SKU_MAX = 100
PRODUCT_NAME_MAX = 300
VARIANT_MAX = 200
REMARK_MAX = 500
WEIGHT_MAX_G = 1_000_000  # one tonne: heavier goods are not parcels a WMS shelves
SIZE_MAX_CM = 10_000  # 100 m on any side
# A code is typed on labels and scanned: letters, digits, '-', '_' and '.', starting with a letter or digit.
CODE_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]*$"
# A SKU is the merchant's own text, but it is matched exactly: no spaces at all, no control characters.
SKU_PATTERN = r"^[^\s\x00-\x1f\x7f]+$"
_CODE = re.compile(CODE_PATTERN)
_SKU = re.compile(SKU_PATTERN)


def code(text: str, field: str = "code") -> str:
    """A warehouse, location or shelf code: trimmed, letters, digits and `. _ -`, compared as typed."""
    value = text.strip()
    if not _CODE.match(value):
        raise Invalid(field=field, rule="warehouse_code")
    return value


def sku(text: str, field: str = "sku") -> str:
    """A product's SKU: trimmed, without spaces or control characters inside (a scanner sends it whole)."""
    value = text.strip()
    if not _SKU.match(value):
        raise Invalid(field=field, rule="sku_format")
    return value


@dataclass(frozen=True)
class DefaultState:
    """What decides whether a warehouse may be (or stay) its merchant's default."""

    is_default: bool
    enabled: bool


def check_default(state: DefaultState) -> None:
    """The default warehouse is where a merchant's new stock goes: it must be enabled, so a disabled warehouse
    is not made default and the default is not disabled (make another warehouse default first)."""
    if state.is_default and not state.enabled:
        raise Invalid(field="isDefault", rule="warehouse_default_disabled")


def check_delete(state: DefaultState, holds_stock: bool) -> None:
    """A default warehouse is not deleted (another takes the role first), nor one that holds stock: its ledger
    would lose the place its movements happened."""
    if state.is_default:
        raise DomainError("WAREHOUSE_DEFAULT_DELETE", status=409)
    if holds_stock:
        raise DomainError("WAREHOUSE_HOLDS_STOCK", status=409)
