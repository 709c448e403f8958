"""ERP settings rules (domain/rules/erp_settings.py): the rules between fields, one case a rule, and what a store's
push rule tells its channel."""

import pytest

from domain.enums import HandoverMode, MasterProductMode, OrderSplitRule, PushRuleMode
from domain.rules import erp_settings as rules


@pytest.mark.parametrize(("prefix", "ok"), [("", True), ("ID7", True), ("ABCDEFGH", True), ("ABCDEFGHI", False),
                                            ("ab", False), ("A-1", False)])
def test_an_order_number_prefix_is_up_to_8_upper_case_letters_and_digits(prefix, ok):
    assert (rules.order_prefix_problem(prefix) is None) is ok


def test_binding_by_hand_leaves_binding_by_sku_off():
    assert rules.product_problems(MasterProductMode.MANUAL_BIND, True)[0].rule == "erp_manual_bind_no_auto_bind"
    assert rules.product_problems(MasterProductMode.MANUAL_BIND, False) == []
    assert rules.product_problems(MasterProductMode.MATCH_BY_SKU, True) == []


def test_an_accept_delay_needs_auto_accept_and_merging_needs_a_window():
    found = rules.order_problems(auto_accept=False, accept_delay=5, auto_merge=True, merge_window=0)
    assert [(p.field, p.rule) for p in found] == [("autoAcceptDelayMinutes", "erp_delay_needs_auto_accept"),
                                                  ("mergeWindowMinutes", "erp_merge_window_required")]
    assert rules.order_problems(auto_accept=True, accept_delay=5, auto_merge=True, merge_window=1) == []


@pytest.mark.parametrize(("split", "max_lines", "parcels"), [
    (OrderSplitRule.NO_SPLIT, 100, [["A", "B", "C"]]),
    (OrderSplitRule.NO_SPLIT, 2, [["A", "B"], ["C"]]),
    (OrderSplitRule.BY_LINE, 100, [["A"], ["B"], ["C"]]),
    (OrderSplitRule.BY_WAREHOUSE, 1, [["A"], ["B"], ["C"]]),
    (OrderSplitRule.BY_STOCK, 3, [["A", "B", "C"]]),
])
def test_an_order_leaves_in_parcels_by_its_split_rule_and_lines_per_parcel(split, max_lines, parcels):
    # B is on two lines of the order: one line of its parcel
    assert rules.parcels(["A", "B", "C", "B"], split, max_lines) == parcels


def test_the_pushed_share_and_the_promotion_share_are_at_most_all_the_stock():
    assert rules.stock_problems(80, 20) == []
    assert rules.stock_problems(90, 20)[0].params == {"max": 10}


def test_a_pickup_window_starts_before_it_ends_a_drop_off_has_none():
    assert rules.shipping_problems(HandoverMode.PICKUP, 9, 17) == []
    assert rules.shipping_problems(HandoverMode.PICKUP, 17, 17)[0].field == "pickupEndHour"
    assert rules.shipping_problems(HandoverMode.DROP_OFF, 17, 9) == []


def test_a_push_rule_needs_the_figure_of_its_mode():
    assert rules.push_rule_problems(PushRuleMode.RATIO, None, 5)[0].field == "ratioPercent"
    assert rules.push_rule_problems(PushRuleMode.FIXED, 50, None)[0].field == "fixedQuantity"
    assert rules.push_rule_problems(PushRuleMode.FIXED, None, 0) == []


@pytest.mark.parametrize(("available", "mode", "ratio", "fixed", "safety", "pushed"), [
    (100, PushRuleMode.RATIO, 80, None, 0, 80),
    (100, PushRuleMode.RATIO, 80, None, 10, 72),  # the safety stock is kept back first
    (9, PushRuleMode.RATIO, 50, None, 0, 4),  # rounded down: never more than is there
    (100, PushRuleMode.FIXED, None, 30, 5, 30),
    (20, PushRuleMode.FIXED, None, 30, 5, 15),  # never more than is left after the safety stock
    (3, PushRuleMode.RATIO, 100, None, 5, 0),
])
def test_what_a_store_is_told_under_its_push_rule(available, mode, ratio, fixed, safety, pushed):
    assert rules.pushed_quantity(available, mode, ratio, fixed, safety) == pushed
