"""The resource kit's search as plain rows (api/resource/page.py): plain rows give every list the very items
the ORM objects gave, computed fields included; each caller keeps their own data scope although one statement
serves a shape; the total stops counting at the cap and says so."""

from api.envelope import Page
from api.principals import CALLERS, caller_of
from api.resource import query as kit_query
from api.routers.merchants import merchants
from api.schemas.merchants import MerchantFilters, MerchantPublic
from domain.db import transaction
from domain.models.data_authority import DataScope
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant
from tests.integration.people import create_user, token_for

SEARCH = "/cms/merchant/search"


async def caller(*permissions: str):
    user = await create_user(*permissions)
    token = await token_for(user)
    return user, token, {"Authorization": f"Bearer {token}"}


async def orm_items(body: dict, token: str) -> list[dict]:
    """The page as the kit read it before: ORM objects with `with_expression`, shown by the public schema."""
    params = MerchantFilters.model_validate(body)
    async with transaction() as db:
        user = (await caller_of(db, token)).principal  # type: ignore[union-attr]
        page = await kit_query.page_of(db, merchants.search_query(params, user), params, MerchantPublic.model_validate)
    return Page[MerchantPublic].model_validate(page).model_dump(mode="json", by_alias=True)["items"]


async def test_plain_rows_give_the_items_orm_objects_gave(client):
    sales, _, _ = await caller()
    tag = unique("t").lower()[:20]
    for country in ("ID", "PH"):
        await insert_merchant(country, tags=[tag], sales_id=sales.id, shops=[{"bound": True}, {"bound": False}])
    _, token, headers = await caller("ginee-account")
    for body in ({"tags": [tag]}, {"tags": [tag], "country": ["PH"]}, {"tags": [tag], "sort": "email"},
                 {"tags": [tag], "salesId": sales.id, "pageSize": 1, "page": 2}, {"tags": [tag], "page": 5}):
        CALLERS.clear()  # the first call reads the caller afresh, the second uses the caller kept
        fresh = await client.post(SEARCH, json=body, headers=headers)
        kept = await client.post(SEARCH, json=body, headers=headers)
        assert fresh.status_code == kept.status_code == 200, fresh.text
        assert {**fresh.json(), "transactionId": None} == {**kept.json(), "transactionId": None}
        data = kept.json()["data"]
        assert data["items"] == await orm_items(body, token), body
    shown = (await client.post(SEARCH, json={"tags": [tag]}, headers=headers)).json()["data"]
    assert shown["total"] == 2 and shown["totalCapped"] is False
    assert {i["salesName"] for i in shown["items"]} == {sales.real_name}
    assert all(i["channels"] == ["SHOPEE_ID"] for i in shown["items"])  # bound shops only


async def test_roles_show_their_counts_from_plain_rows(client):
    member, _, _ = await caller("ticket-list")
    _, _, headers = await caller("role-management")
    role_name = f"role {member.username}"
    for _ in range(2):
        found = (await client.post("/cms/role/search", json={"name": role_name}, headers=headers)).json()["data"]
        assert [(r["memberCount"], r["authorityCount"]) for r in found["items"]] == [(1, 1)]


async def test_each_caller_keeps_their_data_scope_on_one_statement(client):
    tag = unique("s").lower()[:20]
    people = [await caller("ginee-account"), await caller("ginee-account")]
    for user, _, _ in people:
        async with transaction() as db:
            db.add(DataScope(user_id=user.id, scope_type="OWN", values=[]))
        await insert_merchant("ID", tags=[tag], sales_id=user.id)
    CALLERS.clear()
    for user, _, headers in people:
        for _ in range(2):  # the caller read afresh, then kept
            found = (await client.post(SEARCH, json={"tags": [tag]}, headers=headers)).json()["data"]
            assert [i["salesId"] for i in found["items"]] == [user.id]


async def test_the_total_stops_at_the_cap_and_says_so(client, monkeypatch):
    tag = unique("c").lower()[:20]
    for _ in range(3):
        await insert_merchant("ID", tags=[tag])
    _, _, headers = await caller("ginee-account")
    monkeypatch.setattr(kit_query, "COUNT_CAP", 2)  # the tag is new, so is the statement's shape: built anew
    for body in ({"tags": [tag]}, {"tags": [tag], "page": 9}):
        found = (await client.post(SEARCH, json=body, headers=headers)).json()["data"]
        assert (found["total"], found["totalCapped"]) == (2, True), body
