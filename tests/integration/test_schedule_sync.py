"""The schedule reconciliation finishes what saves that found Temporal down left: a deleted mail's schedule is
dropped, and a mail sent once whose fire never started is started (and only that one)."""

from datetime import UTC, datetime

import pytest
from sqlalchemy import delete
from temporalio.service import RPCError, RPCStatusCode

from domain.db import transaction
from domain.enums import MailRepeat, MailTaskStatus
from domain.flows import mail as mail_flows
from domain.models.mail import MailTask
from services import schedule_sync
from services.mail.schedules import put_schedule, start_once_fires
from tests.integration.stoppable_temporal import StoppableTemporal
from tests.integration.test_temporal_breaker import mail_task


@pytest.fixture
async def temporal(tmp_path):
    server = StoppableTemporal(tmp_path / "temporal.db")
    await server.start()
    yield await server.client()
    await server.stop()


async def test_a_deleted_mails_schedule_is_dropped_and_a_once_mail_never_fired_is_started(temporal):
    gone = await mail_task(MailTaskStatus.IN_USE)
    async with transaction() as db:
        await put_schedule(temporal, await db.get_one(MailTask, gone))
        await db.execute(delete(MailTask).where(MailTask.id == gone))  # deleted while Temporal was down
        once = MailTask(recipients=["a@example.com"], cc=[], subject="once", content="<p>x</p>", attachment_ids=[],
                        repeat=MailRepeat.ONCE, send_at=datetime.now(UTC).replace(microsecond=0), time_zone="UTC",
                        status=MailTaskStatus.IN_USE, consecutive_failures=0)
        db.add(once)
        await db.flush()
        once_id, send_at = once.id, once.send_at

    assert await schedule_sync.drop_orphans(temporal) >= 1
    with pytest.raises(RPCError) as missing:
        await temporal.get_schedule_handle(mail_flows.task_schedule_id(gone)).describe()
    assert missing.value.status == RPCStatusCode.NOT_FOUND

    assert await start_once_fires(temporal) >= 1
    fire = await temporal.get_workflow_handle(mail_flows.fire_workflow_id(once_id, send_at)).describe()
    assert fire.workflow_type == "mail-fire"
