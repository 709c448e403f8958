"""One refusal names every broken field: the shared collector, and rules of several modules that use it."""

from __future__ import annotations

import pytest

from domain.enums import StockMovementType as M
from domain.errors import Invalid, Problem
from domain.rules import jobs, shelf_merges, stock
from domain.rules.inputs import Problems


def broken(error: Invalid) -> list[tuple[str, str]]:
    return [(p.field, p.rule) for p in error.problems]


def test_the_collector_keeps_every_problem_in_order_and_raises_once() -> None:
    problems = Problems()
    assert problems.check(lambda: 5) == 5
    problems.add("amount", "between", ge=1)
    assert problems.check(jobs.check_cron, "* *") is None
    with problems.catching("countries[1]."):
        raise Invalid("discountedPrice", "package_discount_above_amount")
    problems.extend([Problem("freeDays", "between", {"le": 365})])
    with pytest.raises(Invalid) as refused:
        problems.raise_any()
    assert broken(refused.value) == [("amount", "between"), ("cron", "cron_fields"),
                                     ("countries[1].discountedPrice", "package_discount_above_amount"),
                                     ("freeDays", "between")]
    assert (refused.value.field, refused.value.params["rule"]) == ("amount", "between")  # the first, as before
    Problems().raise_any()  # nothing found: nothing raised


def test_a_single_invalid_lists_itself() -> None:
    assert broken(Invalid("sku", "required")) == [("sku", "required")]


def test_a_malformed_movement_names_every_field() -> None:
    movement = stock.Movement(1, " ", M.MOVE_SHELF, 0, " ", reason="x" * 600)
    with pytest.raises(Invalid) as refused:
        stock.check(movement)
    assert broken(refused.value) == [("quantity", "stock_quantity_range"), ("sku", "required"),
                                     ("idempotencyKey", "required"), ("reason", "max_length"),
                                     ("shelfId", "required"), ("toShelfId", "required")]


def test_every_wrong_job_parameter_is_named() -> None:
    with pytest.raises(Invalid) as refused:
        jobs.check_params(jobs.JOBS["operationLog.purge"], {"keepDays": 29, "drop": 1})
    assert broken(refused.value) == [("params.drop", "param_unknown"), ("params.keepDays", "param_range")]


def test_a_merge_names_its_sources_and_its_target() -> None:
    source = shelf_merges.Shelf(1, 9, "A-01", True)
    target = shelf_merges.Shelf(2, 7, "B-01", False)
    with pytest.raises(Invalid) as refused:
        shelf_merges.check_shelves(7, [source], target)
    assert broken(refused.value) == [("sourceShelfIds", "other_warehouse"), ("targetShelfId", "shelf_disabled")]
