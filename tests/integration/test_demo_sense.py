"""The demo data of a first `make run` makes sense to a reader: no two warehouses share a name, a third-party
warehouse is named after the provider that runs it, a merchant's first payment is not after its last, and a shelf
merge was asked before it started, started before it moved anything, and finished after its last move."""

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from domain.db import transaction
from domain.enums import FulfillmentProvider
from domain.seed.demo_warehouses import PROVIDER_NAMES

# Only the demo's warehouses (coded WH-<merchant>-<nn>) and their merges: other tests add warehouses and merges of
# their own to the same database.


async def test_no_two_warehouses_share_a_name_and_hubs_are_named_after_their_provider():
    async with transaction() as db:
        shared = (await db.execute(text(
            "SELECT name, count(*) FROM warehouses WHERE code ~ ('^WH-' || merchant_id || '-[0-9]+$')"
            " GROUP BY name HAVING count(*) > 1"))).all()
        hubs = (await db.execute(text(
            "SELECT name, provider FROM warehouses WHERE code = 'WH-' || merchant_id || '-02'"))).all()
    assert shared == []
    assert hubs
    for name, provider in hubs:
        assert name.startswith(f"{PROVIDER_NAMES[FulfillmentProvider(provider)]} hub "), (name, provider)


async def test_a_merchant_cannot_have_two_warehouses_of_one_name():
    with pytest.raises(IntegrityError, match="uq_warehouses_merchant_id_name"):
        async with transaction() as db:
            await db.execute(text(
                "INSERT INTO warehouses (merchant_id, provider, code, name, type, is_default, enabled)"
                " SELECT merchant_id, provider, code || '-copy', name, type, false, true FROM warehouses"
                " WHERE code = 'WH-' || merchant_id || '-01' LIMIT 1"))


async def test_every_merchants_first_payment_is_not_after_its_last():
    async with transaction() as db:
        wrong = (await db.execute(text(
            "SELECT id FROM merchants WHERE first_payment_at > last_payment_at"))).all()
        paid = await db.scalar(text("SELECT count(*) FROM merchants WHERE first_payment_at < last_payment_at"))
    assert wrong == [] and paid > 0


async def test_shelf_merges_start_before_they_move_and_finish_after():
    async with transaction() as db:
        merges = (await db.execute(text(
            "SELECT m.id, m.created_at, m.started_at, m.finished_at, m.cancel_requested_at,"
            " min(i.moved_at) AS first_move, max(i.moved_at) AS last_move"
            " FROM shelf_merges m JOIN shelf_merge_items i ON i.merge_id = m.id"
            " JOIN warehouses w ON w.id = m.warehouse_id AND w.code ~ ('^WH-' || w.merchant_id || '-[0-9]+$')"
            " GROUP BY m.id ORDER BY m.id"))).all()
    assert merges
    for merge in merges:
        assert merge.created_at <= merge.started_at <= merge.first_move <= merge.last_move <= merge.finished_at, merge
        if merge.cancel_requested_at is not None:
            assert merge.last_move <= merge.cancel_requested_at <= merge.finished_at, merge
        assert 3 * 60 <= (merge.finished_at - merge.started_at).total_seconds() <= 5 * 60  # SPEC §4: 3 to 5 minutes
