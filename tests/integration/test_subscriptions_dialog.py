"""The subscribe and gift dialog without surprises: a receipt number held by another dialog's live request is
refused naming that request (the dialog never reports the other request as its own success), while a double
submit of one dialog still joins its request; a gift's confirmation shows one amount; a merchant's applied records
are listed, paged, with package, period, amount, status and when each was applied."""


from tests.integration.subscription_support import (
    call,
    confirmed,
    dialog,
    field_error,
    merchant,
    package,
    people,
    requests_of,
    restated,
    submit,
)
from tests.integration.ticket_support import staff


async def test_a_receipt_held_by_a_live_request_is_refused_naming_that_request(client, subscription_worker):
    seller, _ = await people()
    other_seller = await staff("account#subscribe")
    merchant_id, pro = await merchant(), await package()
    first = dialog(merchant_id, pro, requestKey="first-dialog-0001")
    held = await confirmed(client, seller, first)
    # the same merchant and receipt number in another dialog (another person's, or the same person's next one)
    for who, key in ((other_seller, "second-dialog-001"), (seller, "third-dialog-0001")):
        again = dialog(merchant_id, pro, requestKey=key, receiptNumber=first["receiptNumber"])
        for step in ("preview", "submit"):
            body = again if step == "preview" else {**again, "confirmation": restated(held)}
            reply = await call(client, who, step, body, status=422)
            assert field_error(reply)[:2] == ("receiptNumber", "receipt_held"), (step, key)
            assert f"request #{held['id']}" in field_error(reply)[2]
    zh = await client.post("/cms/subscription/preview", headers={**other_seller.headers, "Accept-Language": "zh-CN"},
                           json=dialog(merchant_id, pro, requestKey="fourth-dialog-01",
                                       receiptNumber=first["receiptNumber"]))
    assert zh.status_code == 422 and f"申请 #{held['id']}" in zh.json()["message"]
    # another merchant's dialog with that receipt number names the request too
    reply = await call(client, seller, "preview", dialog(await merchant(), pro, receiptNumber=first["receiptNumber"]),
                       status=422)
    assert field_error(reply)[:2] == ("receiptNumber", "receipt_held") and f"#{held['id']}" in field_error(reply)[2]
    # the first dialog submitted again (a double click) joins its own request
    joined = (await submit(client, seller, {**first, "confirmation": restated(held)}))["data"]
    assert joined["id"] == held["id"]
    assert await requests_of(merchant_id) == 1


async def test_a_gift_confirmation_shows_one_amount(client, subscription_worker):
    """A gift costs nothing: its lines say so as its totals do (they showed the package's price beside a total of
    0); a paid line shows its count times its actual payment, which the totals add up."""
    seller, _ = await people()
    merchant_id, pro = await merchant(), await package(amount=1_200_000)
    gift = dialog(merchant_id, pro, kind="GIFT", receiptNumber=None, paymentSerial=None, requestKey="gift-dialog-01")
    quote = (await call(client, seller, "preview", gift))["data"]
    assert quote["totalActualPayment"] == "0" and [line["linePayment"] for line in quote["packages"]] == ["0"]
    two = dialog(merchant_id, pro, packages=[{"packageId": pro, "count": 2}])
    paid = (await call(client, seller, "preview", two))["data"]
    [line] = paid["packages"]
    assert line["actualPayment"] == "1332000.00"
    assert line["linePayment"] == paid["totalActualPayment"] == "2664000.00"


async def test_the_applied_records_of_a_merchant_are_listed_paged(client, subscription_worker):
    seller, approver = await people()
    merchant_id, other = await merchant(), await merchant()
    pro = await package(free_days=14)
    applied = []
    for days in (0, 7):
        request = await confirmed(client, seller, dialog(merchant_id, pro, freeDays=days))
        applied.append((await call(client, approver, f"{request['id']}/approve"))["data"])
    await confirmed(client, seller, dialog(merchant_id, pro))  # awaiting approval: no record yet
    await confirmed(client, seller, dialog(other, pro))
    reader = await staff("ginee-account")
    page = (await call(client, reader, "records", {"merchantId": merchant_id, "page": 1, "pageSize": 1}))["data"]
    assert page["total"] == 2 and len(page["items"]) == 1
    [newest] = page["items"]
    second = applied[1]
    assert newest["requestId"] == second["id"] and newest["freeDays"] == 7
    assert newest["displayName"] == second["packages"][0]["displayName"]
    assert newest["effectiveAt"] == second["packages"][0]["periodStart"]
    assert newest["expireAt"] == second["packages"][0]["periodEnd"]
    assert (newest["actualPayment"], newest["currency"]) == ("1332000.00", "IDR")
    assert newest["status"] == "UPCOMING" and newest["appliedAt"]  # a renewal: starts at the current end
    older = (await call(client, reader, "records", {"merchantId": merchant_id, "page": 2, "pageSize": 1}))["data"]
    assert older["items"][0]["requestId"] == applied[0]["id"] and older["items"][0]["status"] == "ACTIVE"
    nobody = await staff("logistics-configuration")
    await call(client, nobody, "records", {"merchantId": merchant_id}, status=403)
