"""Timed mail API on a real Temporal dev server (Schedules) with an SMTP sink: every refusal, the schedule of each
repeat kind against the preview, a mail sent and found in the history, a failed mail retried from the console."""

from __future__ import annotations

import email
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, select, update

from domain.db import transaction
from domain.flows.mail import MAIL_TASK_ID, task_schedule_id
from domain.models.mail import MailTask
from domain.settings import get_settings
from tests.conftest import unique
from tests.integration import ticket_support
from tests.integration.ticket_support import eventually, free_port

mail_sink = ticket_support.mail_sink  # fixture
flows = ticket_support.flows  # fixture
EVERYTHING = ("timed-mail", "mail#add", "mail#edit", "mail#delete", "mail#send", "mail-history",
              "mail-history#retry", "temporal#operate")


def form(**fields: Any) -> dict[str, Any]:
    name = unique("r")
    return {"recipients": [f"{name}@example.com"], "cc": [], "subject": f"Weekly figures {name}", "kind": "COMMON",
            "content": "<p>Hello <b>team</b></p>", "attachmentIds": [], "repeat": "DAILY",
            "sendAt": "2030-01-31T09:00:00", "timeZone": "Asia/Jakarta", **fields}


async def task_count() -> int:
    async with transaction() as db:
        return await db.scalar(select(func.count()).select_from(MailTask)) or 0


REFUSALS = [
    ({"recipients": []}, "recipients", "min_items"),
    ({"recipients": ["ops@example.com", "not an address"]}, "recipients", "email_address"),
    ({"cc": ["boss@@example.com"]}, "cc", "email_address"),
    ({"subject": ""}, "subject", "min_length"),
    ({"subject": "x" * 201}, "subject", "max_length"),
    ({"subject": "Figures\r\nBcc: everyone@example.com"}, "subject", "header_line"),  # a header of the sender's
    ({"subject": "Figures\u0085today"}, "subject", "text_control"),  # a C1 control: refused in any text
    ({"recipients": ["ops@example.com\r\nBcc: everyone@example.com"]}, "recipients", "email_address"),
    ({"content": "<script>alert(1)</script>"}, "content", "required"),
    ({"repeat": "HOURLY"}, "repeat", "enum"),
    ({"sendAt": None}, "sendAt", "required"),
    ({"repeat": "ONCE_LATER", "sendAt": "2020-01-01T09:00:00"}, "sendAt", "in_future"),
    ({"timeZone": "Mars/Olympus"}, "timeZone", "time_zone"),
    ({"sendAt": "2101-01-01T09:00:00"}, "sendAt", "le"),
    ({"attachmentIds": [987654321]}, "attachmentIds", "attachment_uploading"),
    ({"recipients": ["ops@\u2603.de"]}, "recipients", "email_idna"),  # a domain with no IDNA form
    ({"cc": ["jörg@exämple"]}, "cc", "email_address"),  # an international address without a top-level domain
]


@pytest.mark.parametrize(("change", "field", "rule"), REFUSALS)
async def test_a_bad_form_is_refused_naming_the_field_and_nothing_is_saved(client, login_as, flows, change, field,
                                                                           rule):
    headers = await login_as(*EVERYTHING)
    before = await task_count()
    reply = await client.post("/cms/mail/add", json=form(**change), headers=headers)
    assert reply.status_code == 422, reply.text
    errors = reply.json()["data"]["errors"]
    assert (field, rule) in [(e["field"].split("[")[0].split(".")[0], e["rule"]) for e in errors]
    assert await task_count() == before


async def test_an_upload_still_running_and_a_past_send_time_are_named_together(client, login_as, flows):
    headers = await login_as(*EVERYTHING)
    before = await task_count()
    reply = await client.post("/cms/mail/add", headers=headers, json=form(
        attachmentIds=[987654321], repeat="ONCE_LATER", sendAt="2020-01-01T09:00:00"))
    assert reply.status_code == 422, reply.text
    assert [(e["field"], e["rule"]) for e in reply.json()["data"]["errors"]] == [
        ("attachmentIds", "attachment_uploading"), ("sendAt", "in_future")]
    assert await task_count() == before


async def test_a_subject_of_two_lines_is_refused_in_the_readers_language(client, login_as, flows):
    headers = {**await login_as(*EVERYTHING), "Accept-Language": "zh-CN"}
    reply = await client.post("/cms/mail/add", json=form(subject="Figures\nX-Priority: 1"), headers=headers)
    assert reply.status_code == 422 and reply.json()["message"].startswith("主题：必须是单行文本")


async def test_international_addresses_are_saved_as_written_and_a_domain_without_idna_is_refused_by_name(
        client, login_as, flows):
    headers = {**await login_as(*EVERYTHING), "Accept-Language": "id"}
    body = form(recipients=["jörg.müller@exämple.de", "joerg@exämple.de"], cc=["büro@exämple.de"])
    saved = await client.post("/cms/mail/add", json=body, headers=headers)
    assert saved.status_code == 200, saved.text
    task = saved.json()["data"]
    assert (task["recipients"], task["cc"]) == (body["recipients"], body["cc"])
    refused = await client.post("/cms/mail/add", json=form(cc=["büro@\u2603.de"]), headers=headers)
    assert refused.status_code == 422
    assert refused.json()["message"] == ("Tembusan: domain dari \"büro@\u2603.de\" bukan nama domain internasional "
                                         "yang valid (tidak memiliki bentuk IDNA)")
    await client.delete(f"/cms/mail/delete/{task['id']}", headers=headers)


async def test_the_upload_message_is_the_one_the_spec_names(client, login_as, flows):
    headers = {**await login_as(*EVERYTHING), "Accept-Language": "en"}
    reply = await client.post("/cms/mail/add", json=form(attachmentIds=[987654321]), headers=headers)
    assert "attachment is being uploaded" in reply.json()["message"]


async def test_state_changes_that_do_not_apply_are_refused(client, login_as, flows):
    headers = await login_as(*EVERYTHING)
    created = (await client.post("/cms/mail/add", json=form(), headers=headers)).json()["data"]
    task_id = created["id"]
    assert (await client.post(f"/cms/mail/{task_id}/recover", headers=headers)).json()["code"] == "MAIL_NOT_PAUSED"
    assert (await client.post(f"/cms/mail/{task_id}/pause", headers=headers)).status_code == 200
    again = await client.post(f"/cms/mail/{task_id}/pause", headers=headers)
    assert (again.status_code, again.json()["code"]) == (409, "MAIL_ALREADY_PAUSED")
    sent = await client.post(f"/cms/mail/{task_id}/send-again", headers=headers)
    assert (sent.status_code, sent.json()["code"]) == (409, "MAIL_PAUSED")
    nothing = await client.post("/cms/mail-history/retry-fire", headers=headers,
                                json={"taskId": task_id, "fireTime": "2030-01-31T02:00:00Z"})
    assert (nothing.status_code, nothing.json()["code"]) == (409, "MAIL_NOTHING_TO_RETRY")
    backwards = await client.post("/cms/mail-history/retry-range", headers=headers,
                                  json={"fireTime": ["2030-02-01T00:00:00Z", "2030-01-01T00:00:00Z"]})
    assert backwards.status_code == 422 and backwards.json()["data"]["errors"][0]["field"] == "fireTime"
    missing = await client.post("/cms/mail/999999/pause", headers=headers)
    assert missing.status_code == 404
    viewer = await login_as("timed-mail")
    assert (await client.post(f"/cms/mail/{task_id}/recover", headers=viewer)).status_code == 403
    assert (await client.post("/cms/mail/add", json=form(), headers=viewer)).status_code == 403
    await client.delete(f"/cms/mail/delete/{task_id}", headers=headers)


@pytest.mark.parametrize(("repeat", "send_at"), [("DAILY", "2030-01-31T09:00:00"), ("WEEKLY", "2030-01-31T09:00:00"),
                                                 ("MONTHLY", "2030-01-31T09:00:00"),
                                                 ("MONTHLY", "2031-12-30T23:15:00"),
                                                 ("ONCE_LATER", "2030-01-31T09:00:00")])
async def test_each_repeat_kind_is_one_schedule_whose_next_times_are_the_preview(client, login_as, flows, repeat,
                                                                               send_at):
    headers = await login_as(*EVERYTHING)
    preview = (await client.post("/cms/mail/preview", headers=headers, json={
        "repeat": repeat, "sendAt": send_at, "timeZone": "Asia/Jakarta"})).json()["data"]["sends"]
    created = await client.post("/cms/mail/add", json=form(repeat=repeat, sendAt=send_at), headers=headers)
    assert created.status_code == 200, created.text
    task = created.json()["data"]
    try:
        assert task["nextSends"] == preview and task["scheduleUrl"].endswith(f"/schedules/mail-task-{task['id']}")
        described = await flows.client.get_schedule_handle(task_schedule_id(task["id"])).describe()
        scheduled = [t.astimezone(UTC) for t in described.info.next_action_times][:len(preview)]
        assert [parse(p) for p in preview][:len(scheduled)] == scheduled and scheduled
        if repeat == "MONTHLY" and send_at.startswith("2030"):  # SPEC: say what "monthly on the 31st" does
            local = [parse(p).astimezone(ZONE).strftime("%m-%d") for p in preview]
            assert local == ["01-31", "02-28", "03-31", "04-30", "05-31"]
    finally:
        await client.delete(f"/cms/mail/delete/{task['id']}", headers=headers)


ZONE = ZoneInfo("Asia/Jakarta")


def parse(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(UTC)


async def test_pause_and_recover_pause_and_resume_the_schedule(client, login_as, flows):
    headers = await login_as(*EVERYTHING)
    task = (await client.post("/cms/mail/add", json=form(), headers=headers)).json()["data"]
    handle = flows.client.get_schedule_handle(task_schedule_id(task["id"]))
    paused = (await client.post(f"/cms/mail/{task['id']}/pause", headers=headers)).json()["data"]
    assert paused["status"] == "PAUSED" and paused["nextSends"] == []
    assert (await handle.describe()).schedule.state.paused
    recovered = (await client.post(f"/cms/mail/{task['id']}/recover", headers=headers)).json()["data"]
    assert recovered["status"] == "IN_USE" and len(recovered["nextSends"]) == 5
    assert not (await handle.describe()).schedule.state.paused
    await client.delete(f"/cms/mail/delete/{task['id']}", headers=headers)


def delivered(mail_sink: Any, subject: str) -> list[email.message.Message]:
    return [m for m in (email.message_from_string(t) for t in mail_sink()) if m["Subject"] == subject]


async def test_a_mail_sent_now_is_in_the_sink_and_the_history(client, login_as, flows, mail_sink):
    headers = await login_as(*EVERYTHING)
    body = form(repeat="ONCE", sendAt=None, cc=["copy@example.com"])
    task = (await client.post("/cms/mail/add", json=body, headers=headers)).json()["data"]
    await eventually(lambda: _async(len(delivered(mail_sink, body["subject"])) == 2), timeout=30)

    async def history() -> Any:
        reply = await client.post("/cms/mail-history/search", headers=headers, json={"taskId": task["id"]})
        items = reply.json()["data"]["items"]
        return items if len(items) == 2 and all(i["status"] == "SENT" for i in items) else None

    items = await eventually(history, timeout=30)
    fire = items[0]["workflowId"]
    assert fire.startswith(f"mail-{task['id']}-") and items[0]["workflowUrl"].endswith(f"/workflows/{fire}")
    assert {i["messageId"] for i in items} == {m["Message-ID"] for m in delivered(mail_sink, body["subject"])}
    assert all(i["serverId"] for i in items)
    # View: the recipient, the subject, each attempt with its time and result, the server's reply, the message id
    view = (await client.get(f"/cms/mail-history/detail/{items[0]['id']}", headers=headers)).json()["data"]
    assert {k: view[k] for k in ("recipient", "subject", "messageId", "status")} == {
        k: items[0][k] for k in ("recipient", "subject", "messageId", "status")}
    [attempt] = view["attemptList"]
    assert attempt["result"] == "SENT" and attempt["at"] and attempt["reply"].startswith("250 ")
    assert view["smtpReply"] == attempt["reply"] and items[0]["serverId"] in view["smtpReply"]
    missing = await client.get("/cms/mail-history/detail/987654321", headers=headers)
    assert missing.status_code == 404
    # the mail's View asks the editor's preview with what was saved: a ONCE mail already sent has no next send
    saved = (await client.get(f"/cms/mail/detail/{task['id']}", headers=headers)).json()["data"]
    again = await client.post("/cms/mail/preview", headers=headers, json={
        "repeat": "ONCE", "sendAt": saved["sendAt"], "timeZone": saved["timeZone"]})
    assert again.json()["data"]["sends"] == [] == saved["nextSends"]
    described = await flows.client.get_workflow_handle(fire).describe()
    assert described.typed_search_attributes.get(MAIL_TASK_ID) == str(task["id"])
    await client.delete(f"/cms/mail/delete/{task['id']}", headers=headers)


async def _failed_row(client: Any, headers: dict[str, str], task_id: int) -> Any:
    reply = await client.post("/cms/mail-history/search", headers=headers,
                              json={"taskId": task_id, "status": ["FAILED"]})
    items = reply.json()["data"]["items"]
    return items[0] if items else None


async def _sent_row(client: Any, headers: dict[str, str], task_id: int) -> Any:
    reply = await client.post("/cms/mail-history/search", headers=headers, json={"taskId": task_id})
    items = reply.json()["data"]["items"]
    return items[0] if items and items[0]["status"] == "SENT" else None


async def _async(value: Any) -> Any:
    return value


async def test_an_operator_retries_a_failed_mail_from_the_history(client, login_as, flows, mail_sink, monkeypatch):
    headers = await login_as(*EVERYTHING)
    working = get_settings().smtp_port
    monkeypatch.setattr(get_settings(), "smtp_port", free_port())  # the mail server is down
    body = form(repeat="ONCE", sendAt=None)
    task = (await client.post("/cms/mail/add", json=body, headers=headers)).json()["data"]

    row = await eventually(lambda: _failed_row(client, headers, task["id"]), timeout=30)
    assert row["smtpError"]
    monkeypatch.setattr(get_settings(), "smtp_port", working)  # back again
    retried = await client.post("/cms/mail-history/retry-fire", headers=headers,
                                json={"taskId": task["id"], "fireTime": row["fireTime"]})
    assert retried.json()["data"] == {"rows": 1, "fires": 1}
    await eventually(lambda: _async(len(delivered(mail_sink, body["subject"])) == 1), timeout=30)
    sent = await eventually(lambda: _sent_row(client, headers, task["id"]), timeout=30)
    assert sent["attempts"] == 2 and sent["smtpError"] is None  # the refused connection was an attempt too
    view = (await client.get(f"/cms/mail-history/detail/{sent['id']}", headers=headers)).json()["data"]
    failed, done = view["attemptList"]
    assert (failed["attempt"], failed["result"], failed["reply"]) == (1, "FAILED", row["smtpError"])
    assert (done["attempt"], done["result"]) == (2, "SENT") and failed["at"] <= done["at"]
    await client.delete(f"/cms/mail/delete/{task['id']}", headers=headers)


async def test_a_mail_that_cannot_be_built_fails_in_the_history_and_is_sent_once_fixed(client, login_as, flows,
                                                                                        mail_sink):
    """A subject with a line break, saved before the form refused it: the fire fails at once with the reason in
    the history (no endless retry); the subject corrected, the history's retry sends it."""
    headers = await login_as(*EVERYTHING)
    body = form()  # daily from 2030: no fire of its own meanwhile
    task = (await client.post("/cms/mail/add", json=body, headers=headers)).json()["data"]
    async with transaction() as db:
        await db.execute(update(MailTask).where(MailTask.id == task["id"])
                         .values(subject="Figures\r\nBcc: everyone@example.com"))
    assert (await client.post(f"/cms/mail/{task['id']}/send-again", headers=headers)).status_code == 200

    row = await eventually(lambda: _failed_row(client, headers, task["id"]), timeout=30)
    assert row["smtpError"].startswith("the message cannot be built")
    fixed = await client.post("/cms/mail/modify", json={**body, "id": task["id"]}, headers=headers)
    assert fixed.status_code == 200, fixed.text
    retried = await client.post("/cms/mail-history/retry-fire", headers=headers,
                                json={"taskId": task["id"], "fireTime": row["fireTime"]})
    assert retried.json()["data"] == {"rows": 1, "fires": 1}
    await eventually(lambda: _async(len(delivered(mail_sink, body["subject"])) == 1), timeout=30)
    await client.delete(f"/cms/mail/delete/{task['id']}", headers=headers)
