"""Stock sync rules: what a store's sync pushes per sku (SPEC §4 stock lock and promotion stock on or off), the
exception causes of SPEC §8 it notes, and the inputs of sync stock and stock fix (SPEC §5)."""

from datetime import UTC, datetime, timedelta

import pytest

from domain.enums import StockExceptionCause as Cause
from domain.enums import StockSyncStatus as Status
from domain.errors import DomainError, Invalid
from domain.rules.stock_sync import (
    FIX_MAX_SKUS,
    ChannelOrder,
    Figures,
    SincePrevious,
    Store,
    Switches,
    SyncTarget,
    check_attempt,
    check_retry,
    check_store,
    fix_skus,
    plan_push,
    unknown_skus,
)

AT = datetime(2026, 11, 25, 8, tzinfo=UTC)
LIVE = Store(bound=True, connected=True, sync_enabled=True)


def push(figures=Figures(10, 0), switches=Switches(), store=LIVE, late=timedelta(0)):
    return plan_push(figures, switches, store, AT, AT + late)


def test_a_live_store_gets_the_available_stock_of_its_warehouses():
    p = push(Figures(10, 0))
    assert (p.quantity, p.status, p.cause) == (10, Status.COMPLETE, None)


def test_promotion_stock_on_keeps_the_promotion_bucket_out_of_the_push():
    """SPEC §4 promotion stock on: the promotion bucket is held for promotions."""
    p = push(Figures(10, 4), Switches(promotion_stock=True))
    assert (p.quantity, p.status, p.cause) == (10, Status.COMPLETE, None)


def test_promotion_stock_off_pushes_the_promotion_bucket_and_notes_the_cause():
    """SPEC §8 'promotion or active inventory not enabled'."""
    p = push(Figures(10, 4), Switches(promotion_stock=False))
    assert (p.quantity, p.status, p.cause) == (14, Status.COMPLETE, Cause.PROMOTION_STOCK_NOT_ENABLED)


def test_lock_stock_on_holds_the_push():
    """SPEC §4 stock lock on: nothing leaves for the channel ('stock not pushed')."""
    p = push(switches=Switches(lock_stock=True))
    assert (p.status, p.cause) == (Status.NOT_PUSHED, Cause.STOCK_NOT_PUSHED)


@pytest.mark.parametrize("store", [Store(bound=False, connected=True, sync_enabled=True),
                                   Store(bound=True, connected=False, sync_enabled=True)])
def test_an_unbound_or_disconnected_store_fails_the_channel_push(store):
    p = push(store=store)
    assert (p.status, p.cause) == (Status.PUSH_FAILED, Cause.CHANNEL_PUSH_FAILED)


def test_bindings_with_sync_off_mean_stock_sync_not_enabled_before_anything_else():
    p = push(switches=Switches(lock_stock=True), store=Store(bound=False, connected=False, sync_enabled=False))
    assert (p.status, p.cause) == (Status.NOT_PUSHED, Cause.STOCK_SYNC_NOT_ENABLED)


def test_a_push_written_long_after_the_request_notes_a_sync_delay():
    assert push(late=timedelta(minutes=5)).cause is None
    assert push(late=timedelta(minutes=5, seconds=1)).cause == Cause.SYNC_DELAY


def test_a_negative_sum_pushes_zero():
    assert push(Figures(-3, 0)).quantity == 0


def test_stock_fix_needs_skus_and_counts_repeats_once():
    """SPEC §5: stock fix needs merchant id and inventory SKUs."""
    assert fix_skus([" A-1 ", "B", "A-1", ""]) == ["A-1", "B"]
    for empty in ([], ["", "  "]):
        with pytest.raises(Invalid) as caught:
            fix_skus(empty)
        assert caught.value.field == "skus" and caught.value.params["rule"] == "required"


def test_stock_fix_refuses_too_many_or_too_long_skus():
    with pytest.raises(Invalid) as caught:
        fix_skus([f"S{i}" for i in range(FIX_MAX_SKUS + 1)])
    assert caught.value.params["rule"] == "stock_fix_too_many"
    with pytest.raises(Invalid) as caught:
        fix_skus(["X" * 101])
    assert caught.value.params["rule"] == "stock_sku_too_long"


def test_unknown_skus_keep_the_order_asked():
    assert unknown_skus(["C", "A", "B"], {"A"}) == ["C", "B"]


@pytest.mark.parametrize(("merchant", "country", "channel", "field"), [
    (2, "ID", "SHOPEE_ID", "shopId"), (1, "PH", "SHOPEE_ID", "country"), (1, "ID", "LAZADA_ID", "channel")])
def test_the_store_must_match_the_merchant_country_and_channel_picked(merchant, country, channel, field):
    """SPEC §5: sync stock needs merchant, country, channel and store, and they must agree."""
    asked = SyncTarget(merchant_id=1, country="ID", channel="SHOPEE_ID", shop_id=9)
    check_store(asked, 1, "ID", "SHOPEE_ID")
    with pytest.raises(Invalid) as caught:
        check_store(asked, merchant, country, channel)
    assert caught.value.field == field


def test_every_field_disagreeing_with_the_store_is_named_at_once():
    asked = SyncTarget(merchant_id=1, country="ID", channel="SHOPEE_ID", shop_id=9)
    with pytest.raises(Invalid) as caught:
        check_store(asked, 2, "PH", "LAZADA_PH")
    assert [p.field for p in caught.value.problems] == ["shopId", "country", "channel"]


# ---- the order-side causes of SPEC §8: the store's channel orders against its pushes -----------------------------

BEFORE = AT - timedelta(minutes=30)  # the sku's previous completed push


def order(no="SO-1", placed=BEFORE + timedelta(minutes=1), arrived=BEFORE + timedelta(minutes=2)):
    return ChannelOrder(no, placed, arrived)


def since(*orders, quantity=10):
    return SincePrevious(BEFORE, quantity, tuple(orders))


def cause(since_previous, figures=Figures(10, 0), switches=Switches(promotion_stock=True)):
    return plan_push(figures, switches, LIVE, AT, AT, since_previous).cause


def test_one_channel_order_in_several_outbound_orders_of_the_sku_is_multiple_external_variations():
    assert cause(since(order("SO-1"), order("SO-1"), quantity=12)) == Cause.MULTIPLE_EXTERNAL_VARIATIONS
    assert cause(since(order("SO-1"), order("SO-2"), quantity=12)) is None


def test_an_order_placed_before_the_previous_push_and_received_after_it_is_received_after_push():
    late = order(placed=BEFORE - timedelta(seconds=1))
    assert cause(since(late, quantity=11)) == Cause.ORDER_RECEIVED_AFTER_PUSH
    assert cause(SincePrevious(None, None, (late,))) is None  # never pushed: no push to be late for


def test_an_order_received_long_after_it_was_placed_is_an_order_pull_delay():
    assert cause(since(order(arrived=BEFORE + timedelta(minutes=6, seconds=1)))) == Cause.ORDER_PULL_DELAY
    assert cause(since(order(arrived=BEFORE + timedelta(minutes=6)))) is None


def test_a_quantity_changed_without_a_channel_order_is_not_caused_by_an_order():
    assert cause(since(quantity=7)) == Cause.NOT_CAUSED_BY_ORDER
    assert cause(since(quantity=10)) is None  # unchanged
    assert cause(since(order(), quantity=7)) is None  # an order explains it
    assert cause(SincePrevious()) is None  # never pushed


def test_the_store_side_causes_come_before_the_order_side_ones():
    p = plan_push(Figures(10, 0), Switches(lock_stock=True), LIVE, AT, AT, since(order("A"), order("A")))
    assert (p.status, p.cause) == (Status.NOT_PUSHED, Cause.STOCK_NOT_PUSHED)
    assert cause(since(order("A"), order("A")), Figures(10, 2), Switches()) == Cause.MULTIPLE_EXTERNAL_VARIATIONS


@pytest.mark.parametrize("status", list(Status))
def test_a_push_is_attempted_once_and_retried_only_when_it_failed_or_was_not_pushed(status):
    """SPEC §4 sync or push: a push is written pushing and moved once to its answer; failed or not pushed may be
    tried again."""
    if status == Status.PUSHING:
        check_attempt(status)
    else:
        with pytest.raises(DomainError) as refused:
            check_attempt(status)
        assert refused.value.code == "STOCK_PUSH_NOT_PUSHING"
    if status in (Status.PUSH_FAILED, Status.NOT_PUSHED):
        check_retry(status)
    else:
        with pytest.raises(DomainError) as refused:
            check_retry(status)
        assert (refused.value.code, refused.value.status) == ("STOCK_PUSH_NOT_RETRYABLE", 409)
