"""The pure rules of shelf merges (domain/rules/shelf_merges.py).

SPEC §4: "Merging shelves is asynchronous (3 to 5 minutes)."
A merge moves every SKU from the source shelves to the target in batches of movements (move_shelf), can be
cancelled (what was moved stays moved) and survives a worker kill without moving anything twice.
"""

import pytest

from domain.enums import ShelfMergeState
from domain.errors import DomainError, Invalid
from domain.rules import shelf_merges as rules

S = ShelfMergeState
A1, A2, A3 = (rules.Shelf(i, 7, f"A-0{i}") for i in (1, 2, 3))


def rule_of(call, *args):
    with pytest.raises(Invalid) as caught:
        call(*args)
    return caught.value.field, caught.value.params["rule"]


def code_of(call, *args):
    with pytest.raises(DomainError) as caught:
        call(*args)
    return caught.value.code, caught.value.status


def test_the_flow_of_a_merge_is_named_by_its_warehouse_and_id():
    assert rules.workflow_id(7, 42) == "shelf-merge-7-42"


# ---- picking the shelves ---------------------------------------------------------------------------------

def test_a_merge_needs_a_source_shelf():
    assert rule_of(rules.source_ids, []) == ("sourceShelfIds", "required")


def test_a_shelf_picked_twice_is_one_source_in_the_order_picked():
    assert rules.source_ids([3, 1, 3, 2, 1]) == [3, 1, 2]


def test_at_most_fifty_source_shelves():
    assert rules.source_ids(range(1, 51)) == list(range(1, 51))
    assert rule_of(rules.source_ids, range(1, 52)) == ("sourceShelfIds", "max_items")


def test_no_merge_onto_one_of_its_source_shelves():
    assert rule_of(rules.check_shelves, 7, [A1, A2], A2) == ("targetShelfId", "target_is_source")


def test_every_source_shelf_is_in_the_merge_warehouse():
    elsewhere = rules.Shelf(9, 8, "B-09")
    with pytest.raises(Invalid) as caught:
        rules.check_shelves(7, [A1, elsewhere], A3)
    assert (caught.value.field, caught.value.params) == ("sourceShelfIds", {"rule": "other_warehouse",
                                                                            "shelves": "B-09"})


def test_the_target_shelf_is_in_the_merge_warehouse():
    assert rule_of(rules.check_shelves, 7, [A1, A2], rules.Shelf(9, 8, "B-09")) == ("targetShelfId",
                                                                                 "other_warehouse")


def test_a_disabled_shelf_takes_no_stock():
    disabled = rules.Shelf(3, 7, "A-03", enabled=False)
    assert rule_of(rules.check_shelves, 7, [A1], disabled) == ("targetShelfId", "shelf_disabled")


def test_shelves_of_one_warehouse_onto_another_of_it_pass():
    rules.check_shelves(7, [A1, A2], A3)


def test_a_shelf_of_a_running_merge_takes_part_in_no_other():
    running = [rules.RunningMerge(5, frozenset({2, 4}))]
    assert code_of(rules.check_not_busy, [A1, A2, A3], running) == ("SHELF_MERGE_SHELF_BUSY", 409)
    rules.check_not_busy([A1, A3], running)


# ---- moving each SKU of each shelf once -------------------------------------------------------------------

def test_the_movement_key_is_the_same_for_the_same_merge_shelf_and_sku():
    """A replayed or retried batch sends the same keys, so the ledger's unique key moves each SKU once."""
    assert rules.item_key(42, 3, "SKU-1") == rules.item_key(42, 3, "SKU-1") == "shelf-merge:42:3:SKU-1"
    assert len({rules.item_key(42, 3, "SKU-1"), rules.item_key(42, 4, "SKU-1"), rules.item_key(43, 3, "SKU-1"),
                rules.item_key(42, 3, "SKU-2")}) == 4


def test_a_key_with_a_very_long_sku_still_fits_and_stays_apart():
    long_a, long_b = "X" * 300 + "a", "X" * 300 + "b"
    a, b = rules.item_key(1, 2, long_a), rules.item_key(1, 2, long_b)
    assert len(a) <= rules.KEY_MAX and len(b) <= rules.KEY_MAX and a != b
    assert a == rules.item_key(1, 2, long_a)


@pytest.mark.parametrize(("moved", "total", "shown"), [(0, 0, 100), (0, 10, 0), (1, 3, 33), (199, 200, 99),
                                                       (200, 200, 100)])
def test_the_progress_bar_is_never_full_before_the_last_sku(moved, total, shown):
    assert rules.percent(moved, total) == shown


# ---- cancel and retry -------------------------------------------------------------------------------------

@pytest.mark.parametrize("state", [S.COMPLETED, S.CANCELLED, S.FAILED])
def test_only_a_running_merge_can_be_cancelled(state):
    rules.ensure_cancellable(S.RUNNING)
    assert code_of(rules.ensure_cancellable, state) == ("SHELF_MERGE_NOT_RUNNING", 409)


@pytest.mark.parametrize("state", [S.CANCELLED, S.FAILED])
def test_a_cancelled_or_failed_merge_can_be_retried(state):
    rules.ensure_retryable(state, False)


def test_a_merge_whose_flow_was_terminated_can_be_retried():
    """Marked running, its flow gone (terminated in the Temporal Web UI): nothing would ever finish it."""
    rules.ensure_retryable(S.RUNNING, False)


@pytest.mark.parametrize(("state", "flow_running"), [(S.RUNNING, True), (S.COMPLETED, False)])
def test_a_running_or_completed_merge_is_not_retried(state, flow_running):
    assert code_of(rules.ensure_retryable, state, flow_running) == ("SHELF_MERGE_NOT_RETRYABLE", 409)


# ---- how long a merge takes: measured, never assumed ----

RUN = rules.Throughput(items=50, seconds=100, basis="run")
RECENT = rules.Throughput(items=90, seconds=180, basis="recent")


def test_a_run_that_has_processed_a_batch_is_estimated_at_its_own_rate():
    found = rules.estimate(25, RUN, RECENT)
    assert (found.rate.basis, found.remaining_seconds, found.rate.per_minute) == ("run", 50, 30.0)


def test_before_a_batch_the_recent_merges_of_the_warehouse_give_the_rate():
    found = rules.estimate(30, rules.Throughput(items=3, seconds=1, basis="run"), RECENT)
    assert (found.rate.basis, found.remaining_seconds) == ("recent", 60)


def test_nothing_measured_gives_no_estimate():
    assert rules.estimate(10, None, None) is None
    assert rules.estimate(10, rules.Throughput(items=3, seconds=1, basis="run"), None) is None
    assert rules.estimate(10, None, rules.Throughput(items=0, seconds=0, basis="recent")) is None
