"""Queue alerts (SPEC §2 /system/task/alter-mq) on a real Temporal dev server: a queue nobody serves builds a
backlog, the `queue-alerts` Schedule's check opens one alert and mails once, later checks do not repeat it, and
once a worker drains the queue the alert recovers with one "recovered" mail."""

import uuid
from email import message_from_bytes

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import select
from temporalio import workflow
from temporalio.worker import Worker

from activities.queue_alerts import check_queue_alerts
from domain.db import transaction
from domain.models.queue_alerts import QueueAlert
from domain.settings import get_settings
from services.queue_alerts import SCHEDULE_ID, ensure_queue_alert_schedule
from tests.conftest import unique
from tests.integration.people import create_user
from tests.integration.test_health import free_port
from tests.integration.test_heartbeats import poll
from workflows.queue_alerts import QueueAlertCheckWorkflow


@workflow.defn(name="queue-alert-test-idle", sandboxed=False)  # nothing to guard: it only returns
class IdleWorkflow:
    @workflow.run
    async def run(self) -> None:
        return None


class Inbox:
    def __init__(self) -> None:
        self.mails: list[tuple[list[str], str]] = []

    async def handle_DATA(self, server, session, envelope):
        self.mails.append((list(envelope.rcpt_tos), message_from_bytes(envelope.content)["Subject"]))
        return "250 OK"


@pytest.fixture
def inbox(monkeypatch):
    box, port = Inbox(), free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setenv("OMP_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("OMP_SMTP_PORT", str(port))
    monkeypatch.setenv("OMP_TASK_QUEUE", unique("checks"))
    get_settings.cache_clear()
    yield box
    controller.stop()
    monkeypatch.undo()
    get_settings.cache_clear()


async def check_through_the_schedule(client) -> None:
    """Trigger the schedule and wait for that check's workflow to finish."""
    handle = client.get_schedule_handle(SCHEDULE_ID)
    before = (await handle.describe()).info.num_actions
    await handle.trigger()

    async def started():
        info = (await handle.describe()).info
        return info.recent_actions[-1].action if info.num_actions > before else None

    action = await poll(started, timeout=60)
    await client.get_workflow_handle(action.workflow_id, run_id=action.first_execution_run_id).result()


async def alerts_of(rule_id: int) -> list[QueueAlert]:
    async with transaction() as db:
        return list((await db.scalars(select(QueueAlert).where(QueueAlert.rule_id == rule_id))).all())


async def test_one_alert_while_backed_up_then_recovered(dev_server_env, inbox, client, login_as):
    temporal = dev_server_env.client
    queue, person = unique("q"), f"{unique('p')}@example.com"
    me = await login_as("alter-mq", "mq-alert#add")
    reply = await client.post("/cms/queue-alert/rule/add", headers=me, json={
        "taskQueue": queue, "maxBacklog": 1, "emails": [person], "description": "nobody serves it yet"})
    assert reply.status_code == 200, reply.text
    rule_id = reply.json()["data"]["id"]
    for _ in range(3):
        await temporal.start_workflow(IdleWorkflow.run, id=f"{queue}-{uuid.uuid4().hex}", task_queue=queue)
    mine = lambda: [m for m in inbox.mails if m[0] == [person]]  # noqa: E731

    checker = Worker(temporal, task_queue=get_settings().task_queue, workflows=[QueueAlertCheckWorkflow],
                     activities=[check_queue_alerts])
    try:
        async with checker:
            await ensure_queue_alert_schedule(temporal)
            await check_through_the_schedule(temporal)
            found = await alerts_of(rule_id)
            assert [(a.status, a.backlog, a.reasons) for a in found] == [("OPEN", 3, ["backlog"])]
            assert [subject for _, subject in mine()] == [f"Queue alert: {queue} is backed up"]

            await check_through_the_schedule(temporal)  # still backed up: the same alert, no second mail
            assert [a.id for a in await alerts_of(rule_id)] == [found[0].id] and len(mine()) == 1
            shown = (await client.post("/cms/queue-alert/rule/search", headers=me,
                                       json={"taskQueue": queue})).json()["data"]["items"][0]
            assert shown["alerting"] is True and shown["backlog"] == 3

            async with Worker(temporal, task_queue=queue, workflows=[IdleWorkflow]):
                async def recovered():
                    await check_through_the_schedule(temporal)
                    return [a for a in await alerts_of(rule_id) if a.status == "RECOVERED"]

                await poll(recovered, timeout=120, every=1.0)  # the server's statistics lag a few seconds
    finally:
        await temporal.get_schedule_handle(SCHEDULE_ID).delete()
    assert len(await alerts_of(rule_id)) == 1
    assert [subject for _, subject in mine()] == [f"Queue alert: {queue} is backed up",
                                                  f"Queue recovered: {queue}"]
    history = (await client.post("/cms/queue-alert/alert/search", headers=me,
                                 json={"ruleId": rule_id})).json()["data"]["items"]
    assert [(h["status"], h["peakBacklog"]) for h in history] == [("RECOVERED", 3)]


async def test_rules_need_a_threshold_and_their_permissions(client, login_as):
    viewer, editor = await login_as("alter-mq"), await login_as("alter-mq", "mq-alert#add")
    body = {"taskQueue": unique("q"), "maxBacklog": 5}
    assert (await client.post("/cms/queue-alert/rule/add", headers=viewer, json=body)).status_code == 403
    assert (await client.post("/cms/queue-alert/rule/search", headers=await login_as(), json={})).status_code == 403
    assert (await client.post("/cms/queue-alert/rule/search", headers=viewer, json={})).status_code == 200
    none = await client.post("/cms/queue-alert/rule/add", headers=editor, json={"taskQueue": unique("q")})
    assert none.status_code == 422 and none.json()["data"]["errors"][0]["field"] == "maxBacklog"
    assert "age threshold" in none.json()["message"]
    bad_mail = await client.post("/cms/queue-alert/rule/add", headers=editor, json={**body, "emails": ["nope"]})
    assert bad_mail.status_code == 422 and bad_mail.json()["data"]["errors"][0]["field"].startswith("emails")
    bad_queue = await client.post("/cms/queue-alert/rule/add", headers=editor, json={**body, "taskQueue": "a b"})
    assert bad_queue.status_code == 422 and bad_queue.json()["data"]["errors"][0]["field"] == "taskQueue"
    nobody = await client.post("/cms/queue-alert/rule/add", headers=editor, json={**body, "ownerId": 2**31 - 1})
    assert nobody.status_code == 422 and nobody.json()["data"]["errors"][0]["field"] == "ownerId"
    owner = await create_user()
    assert (await client.post("/cms/queue-alert/rule/add", headers=editor,
                              json={**body, "ownerId": owner.id})).status_code == 200
    listed = (await client.post("/cms/queue-alert/rule/search", headers=viewer,
                                json={"taskQueue": body["taskQueue"]})).json()["data"]["items"]
    assert [(r["ownerId"], r["ownerName"]) for r in listed] == [(owner.id, owner.real_name)]


async def test_an_alert_that_mailed_nobody_lists_with_no_mails(client, login_as):
    """A rule with no recipients opens alerts that send no mail: the history lists them with an empty list."""
    me = await login_as("alter-mq", "mq-alert#add")
    queue = unique("q")
    rule = (await client.post("/cms/queue-alert/rule/add", headers=me,
                              json={"taskQueue": queue, "maxBacklog": 0})).json()["data"]
    async with transaction() as db:
        db.add(QueueAlert(rule_id=rule["id"], task_queue=queue, reasons=["backlog"], backlog=1, age_seconds=0,
                          peak_backlog=1, peak_age_seconds=0))
    reply = await client.post("/cms/queue-alert/alert/search", headers=me, json={"taskQueue": queue})
    assert reply.status_code == 200, reply.text
    assert [(a["status"], a["mails"]) for a in reply.json()["data"]["items"]] == [("OPEN", [])]
