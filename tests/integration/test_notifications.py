"""Console notifications: written once per event and recipient, read in the caller's language."""

from activities.tickets import deliver_notice
from domain.flows.tickets import TicketNotice
from tests.integration import ticket_support
from tests.integration.ticket_support import staff

mail_sink = ticket_support.mail_sink  # fixture


async def test_a_retried_notification_neither_repeats_nor_mails_twice(client, mail_sink):
    tech = await staff()
    notice = TicketNotice(key=f"ticket-0-{tech.id}", kind="TICKET_BREACH", ticket_id=42, recipients=[tech.id],
                          params={"ticketId": "42", "title": "Orders stuck", "clock": "RESOLVE",
                                  "due": "2026-11-22 10:00 UTC", "level": "P1"})
    assert await deliver_notice(notice) == 1
    assert await deliver_notice(notice) == 0  # the activity ran again after a lost reply
    assert len(mail_sink()) == 1
    listed = await client.post("/cms/notification/search", json={"unread": True},
                               headers={**tech.headers, "Accept-Language": "zh-CN"})
    items = listed.json()["data"]["items"]
    assert [i["title"] for i in items] == ["工单 #42 超出解决时限"]
    assert items[0]["link"] == "/ticket/42" and items[0]["mailSentAt"]
    read = await client.post("/cms/notification/read", json={}, headers=tech.headers)
    assert read.json()["data"] == {"unread": 0}
