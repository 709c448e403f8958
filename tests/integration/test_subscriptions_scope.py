"""Subscriptions and gifts within the caller's data authority (docs/decisions/data-authority.md): a merchant
outside it is refused by every subscription call as one that does not exist, and a merchant is sold only the
packages of its own country (SPEC §5), refused by the dialog's calls and by PostgreSQL alike."""

from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import Range
from sqlalchemy.exc import IntegrityError

from domain.db import transaction
from domain.flows import subscriptions as m
from domain.models.data_authority import DataScope
from domain.models.merchants import Merchant
from domain.models.packages import PackageVersion
from domain.models.subscriptions import Entitlement, Subscription, SubscriptionRequest
from services.subscriptions import store as subscription_store
from tests.integration.people import bearer, create_user, token_for
from tests.integration.subscription_support import (
    RETRIER,
    SELLER,
    call,
    confirmed,
    dialog,
    draft_of,
    merchant,
    package,
    people,
)


class Scoped:
    """A member of staff holding `permissions` whose data authority is `grants` (scope type -> values)."""

    def __init__(self, user, token):
        self.id, self.headers = user.id, bearer(token)


async def scoped(*permissions, **grants):
    user = await create_user(*permissions, country="ID")
    async with transaction() as db:
        db.add_all(DataScope(user_id=user.id, scope_type=kind, values=values) for kind, values in grants.items())
    return Scoped(user, await token_for(user))


async def requests_of(merchant_id):
    async with transaction() as db:
        return await db.scalar(select(func.count()).select_from(SubscriptionRequest)
                               .where(SubscriptionRequest.merchant_id == merchant_id))


def gift(merchant_id, *package_ids):
    return dialog(merchant_id, *package_ids, kind="GIFT", receiptNumber=None, paymentSerial=None,
                  requestKey=f"gift-{merchant_id}-scope")


def refusal(reply):
    [error] = reply["data"]["errors"]
    return error["field"], error["rule"]


async def test_the_dialog_of_a_merchant_outside_the_callers_scope_is_one_of_no_merchant(client, subscription_worker):
    indonesia = await scoped(*SELLER, COUNTRY=["ID"])
    theirs, ours = await merchant("PH"), await merchant("ID")
    philippine, indonesian = await package(country="PH"), await package()
    async with transaction() as db:
        their_email = (await db.get(Merchant, theirs)).email
    missing = await call(client, indonesia, "preview", dialog(2**40, philippine), status=422)
    for body in (dialog(theirs, philippine), gift(theirs, philippine)):
        for step in ("preview", "submit"):
            reply = await call(client, indonesia, step, body, status=422)
            assert refusal(reply) == ("merchantId", "not_found"), (step, body["kind"])
            assert reply["message"] == missing["message"].replace(str(2**40), str(theirs))  # as if there were none
            assert their_email not in str(reply)
        confirmed_body = {**body, "confirmation": {"packages": [{"packageId": philippine, "versionId": 1, "count": 1}],
                                                   "freeDays": 0}}
        await call(client, indonesia, "submit", confirmed_body, status=422)
    assert await requests_of(theirs) == 0
    # within the scope the same dialog is quoted
    quote = (await call(client, indonesia, "preview", dialog(ours, indonesian)))["data"]
    assert quote["merchantId"] == ours


async def test_own_records_scope_reaches_the_merchants_the_user_sells_to(client, subscription_worker):
    seller = await scoped(*SELLER, OWN=[])
    mine, other = await merchant(sales_id=seller.id), await merchant()
    pro = await package()
    assert (await call(client, seller, "preview", dialog(mine, pro)))["data"]["merchantId"] == mine
    reply = await call(client, seller, "preview", dialog(other, pro), status=422)
    assert refusal(reply) == ("merchantId", "not_found")


async def test_every_call_on_a_request_outside_the_scope_answers_not_found(client, subscription_worker):
    seller, approver = await people()
    request = await confirmed(client, seller, dialog(await merchant("PH"), await package(country="PH")))
    indonesia = await scoped(*RETRIER, "account#subscribe", "account#gift", COUNTRY=["ID"])
    rid = request["id"]
    for path, body in ((f"{rid}/approve", {}), (f"{rid}/refuse", {"reason": "no"}), (f"{rid}/retry", {})):
        assert (await call(client, indonesia, path, body, status=404))["code"] == "NOT_FOUND", path
    reply = await client.get(f"/cms/subscription/detail/{rid}", headers=indonesia.headers)
    assert reply.status_code == 404
    listed = await call(client, indonesia, "search", {"merchantId": request["merchantId"]})
    assert listed["data"]["total"] == 0
    assert (await call(client, approver, f"{rid}/approve"))["data"]["state"] == "APPLIED"


async def test_a_merchant_is_sold_only_packages_of_its_own_country(client, subscription_worker):
    seller, _ = await people()
    indonesian_merchant = await merchant("ID")
    philippine, indonesian = await package(country="PH"), await package()
    for body in (dialog(indonesian_merchant, philippine), gift(indonesian_merchant, philippine),
                 dialog(indonesian_merchant, indonesian, philippine)):
        for step in ("preview", "submit"):
            reply = await call(client, seller, step, body, status=422)
            assert refusal(reply) == ("packages", "package_other_country"), (step, body)
            assert "Philippines" in reply["message"] and "Indonesia" in reply["message"]
    reply = await client.post("/cms/subscription/preview", json=dialog(indonesian_merchant, philippine),
                              headers={**seller.headers, "Accept-Language": "zh-CN"})
    assert reply.status_code == 422 and "菲律宾" in reply.json()["message"]
    assert await requests_of(indonesian_merchant) == 0


async def test_postgresql_refuses_a_record_or_period_of_another_countrys_package(client, subscription_worker):
    """A request written before the rule (or by any other path) is refused by its apply, and writes nothing."""
    seller, approver = await people()
    indonesian_merchant, philippine = await merchant("ID"), await package(country="PH")
    async with transaction() as db:
        version = await db.scalar(select(PackageVersion).where(PackageVersion.package_id == philippine))
    quote = m.quote_of(type("P", (), {"id": philippine, "name": "Pro", "package_type": "BASIC", "addon_mode": None,
                                      "addon_type": None, "plan_name": "PRO"})(), version, 1)
    draft = m.Draft(kind="GIFT", merchant_id=indonesian_merchant, quotes=[quote])
    async with transaction() as db:
        row = SubscriptionRequest(workflow_id=f"gift-{indonesian_merchant}-old", kind="GIFT",
                                  merchant_id=indonesian_merchant, requested_by=seller.id, state="AWAITING_APPROVAL",
                                  payload=draft.model_dump(mode="json"))
        db.add(row)
        await db.flush()
        request_id = row.id
    with pytest.raises(psycopg.errors.CheckViolation) as applied:
        await subscription_store.apply(m.ApplyInput(
            request_id=request_id, workflow_id=row.workflow_id, requested_by=seller.id, approver_id=approver.id,
            approver_name="approver", at=datetime.now(UTC), draft=draft, transaction_id="t"))
    assert applied.value.diag.constraint_name == "ck_subscriptions_package_country"
    async with transaction() as db:
        assert await db.scalar(select(func.count()).select_from(Subscription)
                               .where(Subscription.merchant_id == indonesian_merchant)) == 0
    # a period alone too, whatever writes it
    ours = await package()
    async with transaction() as db:
        own = await db.scalar(select(PackageVersion.id).where(PackageVersion.package_id == ours))
        record = Subscription(request_id=request_id, merchant_id=indonesian_merchant, kind="GIFT",
                              package_version_id=own, plan_name="PRO", unit="YEAR", currency="IDR",
                              payment_period="YEAR", effective_at=datetime.now(UTC),
                              expire_at=datetime.now(UTC) + timedelta(days=30), amount=0, tax=0, discounted_price=0,
                              actual_payment=0, created_by=seller.id, approved_by=approver.id)
        db.add(record)
        await db.flush()
        record_id = record.id
    with pytest.raises(IntegrityError) as refused:
        async with transaction() as db:
            db.add(Entitlement(merchant_id=indonesian_merchant, subscription_id=record_id,
                               package_version_id=version.id, line="BASE",
                               period=Range(datetime.now(UTC), datetime.now(UTC) + timedelta(days=30))))
    assert refused.value.orig.diag.constraint_name == "ck_entitlements_package_country"


@pytest.mark.parametrize("payload", [
    {}, {"kind": "GIFT", "quotes": []}, "another merchant", "another kind", "no package"])
async def test_postgresql_refuses_a_request_whose_payload_is_not_its_dialog(payload):
    """The request lists and the apply read the payload as the dialog submitted it: of the row's kind and merchant,
    with a package."""
    seller, _ = await people()
    merchant_id, other = await merchant(), await merchant()
    draft = await draft_of(await package(), merchant_id)
    given = {"another merchant": draft | {"merchant_id": other}, "another kind": draft | {"kind": "SUBSCRIBE"},
             "no package": draft | {"quotes": []}}.get(payload, payload) if isinstance(payload, str) else payload
    with pytest.raises(IntegrityError) as refused:
        async with transaction() as db:
            db.add(SubscriptionRequest(workflow_id=f"gift-{merchant_id}-bad", kind="GIFT", merchant_id=merchant_id,
                                       requested_by=seller.id, payload=given))
    assert refused.value.orig.diag.constraint_name == "ck_subscription_requests_payload_draft"
