"""A timed mail of kind BI attaches, at every fire, the ticket list of its span: every ticket, whatever its
recipients may see. So only someone who may export every ticket themselves (the export button, and no
restriction of which tickets they see) sets one up or changes it, and only such a reader opens the reports its
fires built. Before, any mail manager (no ticket rights at all, or scoped to their own tickets) could mail the
whole ticket list to any address, and any mail-history reader could open it."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from sqlalchemy import func, select

from domain.db import transaction
from domain.models.data_authority import DataScope
from domain.models.files import StoredFile
from domain.models.mail import MailFire, MailTask
from tests.conftest import unique
from tests.integration import ticket_support
from tests.integration.people import bearer, create_user, token_for

flows = ticket_support.flows  # fixture
mail_sink = ticket_support.mail_sink  # fixture
MAIL = ("timed-mail", "mail#add", "mail#edit", "mail-history")
TICKETS = ("ticket-list", "ticket#export")


def bi_form() -> dict[str, object]:
    name = unique("r")
    return {"recipients": [f"{name}@example.com"], "cc": [], "subject": f"Tickets {name}", "kind": "BI",
            "report": "TICKETS", "content": "<p>The week's tickets</p>", "attachmentIds": [], "repeat": "DAILY",
            "sendAt": "2030-01-31T09:00:00", "timeZone": "Asia/Jakarta"}


async def task_count() -> int:
    async with transaction() as db:
        return await db.scalar(select(func.count()).select_from(MailTask)) or 0


async def headers_of(*permissions: str, own_only: bool = False) -> dict[str, str]:
    user = await create_user(*permissions, prefix="bi")
    if own_only:
        async with transaction() as db:
            db.add(DataScope(user_id=user.id, scope_type="OWN", values=[]))
    return bearer(await token_for(user))


async def test_only_someone_who_may_export_every_ticket_sets_up_a_bi_mail(client, flows):
    before = await task_count()
    for refused in (await headers_of(*MAIL), await headers_of(*MAIL, *TICKETS, own_only=True)):
        reply = await client.post("/cms/mail/add", headers=refused, json=bi_form())
        assert reply.status_code == 403, reply.text
        assert reply.json()["code"] == "MAIL_REPORT_FORBIDDEN"
    assert await task_count() == before
    allowed = await headers_of(*MAIL, *TICKETS)
    reply = await client.post("/cms/mail/add", headers=allowed, json=bi_form())
    assert reply.status_code == 200, reply.text
    task_id = reply.json()["data"]["id"]
    # a mail manager without the ticket rights cannot change it either (its recipients, say)
    other = await headers_of(*MAIL)
    changed = await client.post("/cms/mail/modify", headers=other, json={**bi_form(), "id": task_id})
    assert changed.status_code == 403, changed.text


async def test_a_bi_report_opens_only_for_someone_who_may_export_every_ticket(client):
    async with transaction() as db:
        report = StoredFile(backend="local", storage_key=f"private/mail/{secrets.token_hex(8)}.xlsx",
                            name="tickets.xlsx", content_type="application/xlsx", size=1, sha256="0" * 64)
        task = MailTask(recipients=["a@example.com"], subject="Tickets", kind="BI", report="TICKETS",
                        content="<p>x</p>", repeat="DAILY", send_at=datetime.now(UTC), time_zone="UTC")
        db.add_all([report, task])
        await db.flush()
        db.add(MailFire(task_id=task.id, fire_time=datetime.now(UTC), workflow_id=unique("fire"),
                        report_file_id=report.id))
    reader, exporter = await headers_of("mail-history"), await headers_of("mail-history", *TICKETS)
    refused = await client.get(f"/cms/common/generate-file-url/{report.id}", headers=reader)
    assert refused.status_code in (403, 404), refused.text
    opened = await client.get(f"/cms/common/generate-file-url/{report.id}", headers=exporter)
    assert opened.status_code == 200, opened.text
