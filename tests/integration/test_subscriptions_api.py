"""Every refusal of the subscribe and gift calls, each a translated 4xx naming the field that changes nothing,
and fifty concurrent submissions of one payment serial number: exactly one accepted (SPEC §5)."""

import asyncio

from sqlalchemy import select

from domain.db import transaction
from domain.enums import AddonMode, PackageType
from domain.models.subscriptions import SubscriptionRequest
from domain.rules.subscriptions import MASTER_PRODUCT_STOCK_FEATURES, MULTI_WAREHOUSE_FEATURES
from tests.integration.subscription_support import (
    call,
    confirmed,
    dialog,
    field_error,
    merchant,
    new_version,
    package,
    people,
    requests_of,
    restated,
    submit,
)
from tests.integration.ticket_support import staff


async def test_the_dialog_refuses_what_spec_5_refuses_naming_the_field(client, subscription_worker):
    seller, _ = await people()
    merchant_id, pro = await merchant(), await package()
    disabled = await package(enabled=False)
    cases = [
        ({"receiptNumber": "INV/2026#1"}, "receiptNumber", "receipt_chars",
         "Receipt number may hold only letters, digits, underscores, hyphens and spaces"),
        ({"receiptNumber": None}, "receiptNumber", "required", None),
        ({"paymentSerial": None}, "paymentSerial", "required", None),
        ({"packages": []}, "packages", "min_items", None),
        ({"packages": [{"packageId": pro}, {"packageId": pro}]}, "packages", "packages_inconsistent", None),
        ({"packages": [{"packageId": disabled}]}, "packages", "not_found", None),
        ({"packages": [{"packageId": pro, "count": 0}]}, "packages[0].count", "ge", None),
        ({"freeDays": 366}, "freeDays", "le", None),
        ({"merchantId": 2**40}, "merchantId", "not_found", None),
        ({"kind": "GIFT", "requestKey": None}, "requestKey", "required", None),
    ]
    for change, field, rule, message in cases:
        reply = await submit(client, seller, dialog(merchant_id, pro, **change), status=422)
        assert field_error(reply)[:2] == (field, rule), change
        if message:
            assert field_error(reply)[2] == message
    assert await requests_of(merchant_id) == 0


async def test_messages_come_in_the_callers_language(client, subscription_worker):
    seller, _ = await people()
    merchant_id, pro = await merchant(), await package()
    body = dialog(merchant_id, pro, receiptNumber="INV/1")
    texts = {"zh-CN": "收据编号只能包含字母、数字、下划线、连字符和空格",
             "id": "Nomor kuitansi hanya boleh berisi huruf, angka, garis bawah, tanda hubung, dan spasi"}
    for language, text in texts.items():
        reply = await client.post("/cms/subscription/submit", json=body,
                                  headers={**seller.headers, "Accept-Language": language})
        assert reply.status_code == 422 and reply.json()["message"] == text


async def test_receipt_and_serial_used_before_are_duplicates(client, subscription_worker):
    seller, approver = await people()
    merchant_id, other, pro = await merchant(), await merchant(), await package()
    first = dialog(merchant_id, pro)
    applied = await confirmed(client, seller, first)
    await call(client, approver, f"{applied['id']}/approve")
    reply = await submit(client, seller, dialog(other, pro, receiptNumber=first["receiptNumber"]), status=422)
    assert field_error(reply)[:2] == ("receiptNumber", "receipt_used")
    reply = await submit(client, seller, dialog(other, pro, paymentSerial=first["paymentSerial"]), status=422)
    assert field_error(reply)[:2] == ("paymentSerial", "serial_used")
    held = await confirmed(client, seller, dialog(merchant_id, pro))  # live, not yet applied: held too, and named
    reply = await submit(client, seller, dialog(other, pro, paymentSerial=held["paymentSerial"]), status=422)
    assert field_error(reply)[:2] == ("paymentSerial", "serial_held")
    assert f"request #{held['id']}" in field_error(reply)[2]
    assert await requests_of(other) == 0


async def test_a_confirmation_given_with_its_dialog_refuses_the_same_and_writes_nothing(client, subscription_worker):
    """The dialog's call with its confirmation checks the confirmation's rules on the facts it reads itself: a
    refusal names the field, and no request is written (its receipt and serial stay free)."""
    seller, _ = await people()
    merchant_id, pro = await merchant(), await package(free_days=14)
    addon = await package(PackageType.ADDON, mode=AddonMode.CONTINUE)
    body = dialog(merchant_id, pro, freeDays=7)
    quote = (await call(client, seller, "preview", body))["data"]
    assert quote["state"] == "AWAITING_CONFIRMATION" and quote["packages"][0]["periodEnd"]
    other_line = [{"packageId": addon, "versionId": quote["packages"][0]["versionId"], "count": 1}]
    cases = [
        (restated(quote, packages=other_line), "packages", "packages_inconsistent"),
        (restated(quote, packages=[{**restated(quote)["packages"][0], "count": 2}]), "packages[0].count",
         "counts_inconsistent"),
        (restated(quote, freeDays=8), "freeDays", "free_days_inconsistent"),
    ]
    for confirmation, field, rule in cases:
        reply = await submit(client, seller, {**body, "confirmation": confirmation}, status=422)
        assert field_error(reply)[:2] == (field, rule)
    multi = await package(PackageType.ADDON, mode=AddonMode.CONTINUE, features=tuple(MULTI_WAREHOUSE_FEATURES))
    multi_body = dialog(merchant_id, multi)
    multi_quote = (await call(client, seller, "preview", multi_body))["data"]
    reply = await submit(client, seller, {**multi_body, "confirmation": restated(multi_quote)}, status=422)
    assert field_error(reply)[:2] == ("packages", "multi_warehouse_first")
    await new_version(pro)  # a price change between the quote and the confirmation
    reply = await submit(client, seller, {**body, "confirmation": restated(quote)}, status=422)
    assert field_error(reply)[:2] == ("packages", "packages_inconsistent")
    assert await requests_of(merchant_id) == 0
    # the preview refuses a serial held by another request, and writes nothing either
    held = await confirmed(client, seller, dialog(merchant_id, pro))
    reply = await call(client, seller, "preview", dialog(await merchant(), pro,
                                                         paymentSerial=held["paymentSerial"]), status=422)
    assert field_error(reply)[:2] == ("paymentSerial", "serial_held")
    assert await requests_of(merchant_id) == 1


async def test_free_days_beyond_the_package_offer_are_refused_at_next_naming_the_range(client, subscription_worker):
    """What the preview knows (the packages' offer) is checked when the dialog is quoted, not only at Confirm."""
    seller, _ = await people()
    merchant_id, pro = await merchant(), await package(free_days=14)
    body = dialog(merchant_id, pro, freeDays=15)
    reply = await call(client, seller, "preview", body, status=422)
    assert field_error(reply) == ("freeDays", "free_days_beyond_offer",
                                  "Free days: from 0 to 14 days, as many as the chosen packages offer")
    quote = (await call(client, seller, "preview", {**body, "freeDays": 14}))["data"]
    reply = await submit(client, seller, {**body, "confirmation": restated(quote, freeDays=15)}, status=422)
    assert field_error(reply)[:2] == ("freeDays", "free_days_beyond_offer")
    assert await requests_of(merchant_id) == 0


async def test_multi_warehouse_needs_the_master_product_and_stock_package_first(client, subscription_worker):
    seller, approver = await people()
    merchant_id = await merchant()
    multi = await package(PackageType.ADDON, mode=AddonMode.CONTINUE, features=tuple(MULTI_WAREHOUSE_FEATURES))
    body = dialog(merchant_id, multi, freeDays=0)
    quote = (await call(client, seller, "preview", body))["data"]
    reply = await submit(client, seller, {**body, "confirmation": restated(quote)}, status=422)
    assert field_error(reply) == ("packages", "multi_warehouse_first",
                                  "Packages: Multi-warehouse needs the Master Product and Stock package first")
    master = await package(features=tuple(MASTER_PRODUCT_STOCK_FEATURES))
    first = await confirmed(client, seller, dialog(merchant_id, master))
    await call(client, approver, f"{first['id']}/approve")
    assert (await confirmed(client, seller, body))["state"] == "AWAITING_APPROVAL"


async def test_a_gift_needs_the_gift_permission(client, subscription_worker):
    subscriber = await staff("account#subscribe")
    merchant_id, pro = await merchant(), await package()
    body = dialog(merchant_id, pro, kind="GIFT", receiptNumber=None, paymentSerial=None, requestKey="gift-key-0001")
    await submit(client, subscriber, body, status=403)
    assert await requests_of(merchant_id) == 0


async def test_fifty_concurrent_submissions_of_one_serial_number_accept_exactly_one(client, subscription_worker):
    """SPEC §5: "payment serial number not duplicated", however many operators submit it at once."""
    seller, _ = await people()
    merchant_id, pro = await merchant(), await package()
    serial = dialog(merchant_id, pro)["paymentSerial"]
    confirmation = restated((await call(client, seller, "preview", dialog(merchant_id, pro)))["data"])
    bodies = [dialog(merchant_id, pro, paymentSerial=serial, confirmation=confirmation)
              for _ in range(50)]  # fifty receipts, one serial
    replies = await asyncio.gather(*(client.post("/cms/subscription/submit", json=b, headers=seller.headers)
                                     for b in bodies))
    statuses = sorted(r.status_code for r in replies)
    assert statuses == [200] + [422] * 49, statuses
    refusals = [field_error(r.json()) for r in replies if r.status_code == 422]
    assert {(f, rule) for f, rule, _ in refusals} <= {("paymentSerial", "serial_used"), ("paymentSerial",
                                                                                         "serial_held")}
    assert all("duplicate" in message for _, _, message in refusals)
    async with transaction() as db:
        held = (await db.scalars(select(SubscriptionRequest.id).where(SubscriptionRequest.payment_serial == serial)
                                 )).all()
    assert len(held) == 1


async def test_the_approvals_menu_alone_opens_the_approvals_list_and_a_request(client, login_as):
    """The approvals screen (/system/audit/approval) and a request's page (/approval/:id) read the requests: a
    holder of the menu alone sees them (it was a 403 on the screen), but approves nothing."""
    viewer = await login_as("approvals")
    listed = await client.post("/cms/subscription/search", headers=viewer, json={"pageSize": 1})
    assert listed.status_code == 200, listed.text
    missing = await client.get("/cms/subscription/detail/999999999", headers=viewer)
    assert missing.status_code == 404, missing.text
    refused = await client.post("/cms/subscription/999999999/approve", headers=viewer, json={})
    assert refused.status_code == 403, refused.text
