"""One wire name, two meanings: a ticket comment's `content` is the comment, a tip's and a timed mail's is their
text. Each refusal names the field as its own module does (domain/i18n.field_label, `fields.tickets.content`)."""

from collections.abc import Iterator
from typing import Any, get_args

from fastapi.routing import APIRoute
from pydantic import BaseModel

from api.errors import LABELS
from api.main import ROUTERS
from domain.i18n import LANGUAGES, field_label, t
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



def request_fields(annotation: Any, seen: set[type]) -> Iterator[str]:
    """Every wire name a body of this type holds, nested models and lists of them included."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation in seen:
            return
        seen.add(annotation)
        for name, info in annotation.model_fields.items():
            yield info.alias or name
            yield from request_fields(info.annotation, seen)
        return
    for arg in get_args(annotation):
        yield from request_fields(arg, seen)


def route_fields(route: APIRoute) -> Iterator[str]:
    dependant = route.dependant
    for param in (*dependant.path_params, *dependant.query_params, *dependant.header_params):
        yield param.alias
    for param in dependant.body_params:
        yield from request_fields(param.field_info.annotation, set())


def test_every_field_a_request_may_be_refused_on_has_a_label_in_every_language():
    """A refusal names the field as the screen does, in the reader's language, never by its wire name
    (`shopCount`, `row_id`): each field of every body, path, query and header of the API has a label."""
    unlabelled: dict[str, set[str]] = {}
    for route in (r for router in ROUTERS for r in router.routes):
        if not isinstance(route, APIRoute):
            continue
        own = getattr(route.endpoint, LABELS, None)
        scopes = tuple(str(name) for name in ((route.tags or [None])[0], own) if name is not None)
        for name in set(route_fields(route)):
            if any(field_label(name, lang, module=scopes) == name for lang in LANGUAGES):
                unlabelled.setdefault(name, set()).add(route.path)
    assert not unlabelled, "fields without a label in en, zh-CN and id (fields.<name>): " + "; ".join(
        f"{name} ({sorted(paths)[0]})" for name, paths in sorted(unlabelled.items()))


async def test_an_unknown_value_is_refused_with_the_allowed_values_in_the_readers_words(client, login_as):
    """The allowed values of an enumeration are said by their labels and joined as the reader's language joins a
    list ("a, b or c", "a、b或c", "a, b atau c"), never English glue around wire values; the values stay in
    `allowed` for API clients."""
    staff = await login_as("ginee-account")
    said = {}
    for language in LANGUAGES:
        reply = await client.post("/cms/merchant/search", headers={**staff, "Accept-Language": language},
                                  json={"contactStatus": ["SOMETIMES"]})
        error = message_of(reply, "contactStatus[0]")
        said[language] = error
        allowed = reply.json()["data"]["errors"][0]["allowed"]
        assert allowed == ["NOT_REACH", "INVALID_NUMBER", "DONE"]
    assert said["en"] == "Contact status: must be one of Not reached, Invalid number or Done"
    assert said["zh-CN"] == "联系状态：必须是以下之一：未触达、无效号码或已触达"
    assert said["id"].endswith(" atau " + t("enums.ContactStatus.DONE", "id"))


async def test_values_two_enumerations_share_are_said_by_the_labels_of_the_fields_own(client, login_as):
    """Order and product sync runs have the same states but not the same words for them ("some orders failed" /
    "some products failed"): a refused filter value is answered in its own list's words."""
    staff = await login_as("order-sync#view", "oms-shop", "goods-list")
    for path, family in (("/cms/order-sync/run/search", "OrderSyncStatus"),
                         ("/cms/goods/sync-run/search", "ProductSyncStatus")):
        reply = await client.post(path, headers={**staff, "Accept-Language": "en"}, json={"status": ["LOST"]})
        assert reply.status_code == 422, reply.text
        assert t(f"enums.{family}.PARTIAL", "en") in message_of(reply, "status[0]")
