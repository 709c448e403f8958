from domain.rules.subscriptions import MASTER_PRODUCT_STOCK_FEATURES, MULTI_WAREHOUSE_FEATURES
from domain.seed.features import rows


def test_catalogue_keys_are_unique_and_parents_come_first():
    """SPEC §6: "Permission keys follow the form system#feature"; a tree of four systems."""
    seen: set[str] = set()
    for row in rows():
        assert row["key"] not in seen
        assert row["parent_key"] is None or row["parent_key"] in seen
        assert row["parent_key"] is None or "#" in str(row["key"])
        assert row["name_en"] and row["name_zh"] and row["name_id"]
        seen.add(str(row["key"]))
    assert {r["key"] for r in rows() if r["parent_key"] is None} == {"wms", "chat", "erp", "pos"}


def test_the_multi_warehouse_rule_names_catalogue_keys():
    """SPEC §5: "Multi-warehouse needs the Master Product & Stock package first" reads keys that exist."""
    keys = {r["key"] for r in rows()}
    assert keys >= MULTI_WAREHOUSE_FEATURES | MASTER_PRODUCT_STOCK_FEATURES
