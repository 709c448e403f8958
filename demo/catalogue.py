"""The demo marketplace's catalogue (launcher/marketplace_products.py): what every demo store lists and its buyers
order, one SKU a variant. The demo's store warehouses (demo/store_warehouses.py) hold stock of it."""

from __future__ import annotations

# (code, name, category, variants)
PRODUCTS = [("TSHIRT", "Cotton T-shirt", "Fashion", ["S", "M", "L"]),
            ("MUG", "Ceramic mug", "Home", ["White", "Black"]),
            ("CASE", "Phone case", "Accessories", ["A52", "iPhone 15"]),
            ("SOCKS", "Ankle socks", "Fashion", ["3 pairs", "6 pairs"])]


def sku(code: str, variant: str) -> str:
    return f"{code}-{variant.replace(' ', '').upper()}"


# (code, sku, name, variant) of every variant
VARIANTS = [(code, sku(code, variant), name, variant) for code, name, _, variants in PRODUCTS for variant in variants]
