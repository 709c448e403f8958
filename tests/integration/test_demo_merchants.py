"""The demo merchants: a few hundred across the SPEC §3 countries, each phone valid for the country derived from
it, every merchant with its IAM and ERP accounts, shops of its own country and payments in its currency."""

from collections import Counter

import phonenumbers
from sqlalchemy import select

from domain.db import transaction
from domain.models.merchants import Merchant, MerchantAccount, Shop
from domain.models.subscriptions import Payment
from domain.seed import demo_merchants


async def test_demo_merchants_are_plausible_and_consistent():
    """The test database is seeded as a first `make run` is, demo data included."""
    async with transaction() as db:
        merchants = (await db.scalars(select(Merchant).where(Merchant.email.like("seller___@%")))).all()
        ids = [m.id for m in merchants]
        accounts = (await db.scalars(select(MerchantAccount).where(MerchantAccount.merchant_id.in_(ids)))).all()
        shops = (await db.scalars(select(Shop).where(Shop.merchant_id.in_(ids)))).all()
        payments = (await db.scalars(select(Payment).where(Payment.merchant_id.in_(ids)))).all()
    assert len(merchants) == demo_merchants.MERCHANTS
    assert set(Counter(m.country for m in merchants)) == set(demo_merchants.WEIGHTS)
    for merchant in merchants:
        number = phonenumbers.parse(merchant.phone, None)
        assert phonenumbers.is_valid_number(number)
        assert phonenumbers.region_code_for_number(number) == merchant.country
        assert merchant.shop_count == sum(1 for s in shops if s.merchant_id == merchant.id and s.bound)
    systems = Counter((a.merchant_id, a.system) for a in accounts if a.user_type == "MERCHANT")
    assert all(systems[(m.id, "IAM")] == 1 and systems[(m.id, "ERP")] == 1 for m in merchants)
    assert not [a for a in accounts if a.system == "WMS" and a.user_type == "STAFF"]
    by_id = {m.id: m for m in merchants}
    assert all(s.country == by_id[s.merchant_id].country for s in shops)
    assert all(p.currency == demo_merchants.CURRENCY[by_id[p.merchant_id].country] for p in payments)
    assert {p.status for p in payments} == {"PAID", "PENDING", "FAILED", "CANCEL"}
