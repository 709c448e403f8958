"""One wire name, two meanings: a ticket comment's `content` is the comment, a tip's and a timed mail's is their
text. Each refusal names the field as its own module does (domain/i18n.field_label, `fields.tickets.content`)."""

from tests.integration.ticket_support import EVERYTHING

BAD_LINK = '<a href="javascript:alert(1)">click</a>'


def message_of(reply, field):
    assert reply.status_code == 422, reply.text
    return next(e["message"] for e in reply.json()["data"]["errors"] if e["field"] == field)


async def test_content_is_a_comment_on_a_ticket_and_the_text_of_a_tip(client, login_as):
    tickets = await login_as(*EVERYTHING)
    comment = await client.post("/cms/ticket/1/comment", json={"content": " "}, headers=tickets)
    assert message_of(comment, "content").startswith("Comment:")

    tips = await login_as("tips-manage", "tip#add")
    tip = await client.post("/cms/tip/add", headers={**tips, "Accept-Language": "id"}, json={
        "country": "VN", "pages": ["SETTINGS"], "startAt": "2026-01-01T00:00:00Z", "endAt": "2026-01-02T00:00:00Z",
        "content": BAD_LINK})
    assert message_of(tip, "content").startswith("Konten:")

