"""Search statements rendered once per shape (api/resource/statements.py): a shape names everything that
decides the SQL, and the values bound by name are exactly what the built statement binds."""

from datetime import UTC, datetime

from sqlalchemy.dialects import postgresql

from api.principals import Principal
from api.resource.query import filter_shape, filter_values
from api.resource.statements import Statements
from api.routers.tickets import column_filters, page_query, page_shape, page_values
from api.schemas.tickets import TicketFilters

ADMIN = Principal(id=1, username="admin", display_name="Admin", email="a", session_id=1, is_super=True,
                  permissions=frozenset())
INVOLVED = Principal(id=7, username="me", display_name="Me", email="m", session_id=2, is_super=False,
                     permissions=frozenset({"ticket-user-list"}))


def bound(params: TicketFilters, user: Principal) -> dict:
    compiled = page_query(params, user).compile(dialect=postgresql.psycopg.dialect())
    return dict(compiled.params)


def test_the_named_values_are_what_the_statement_binds():
    since = datetime(2026, 11, 1, tzinfo=UTC)
    params = TicketFilters.model_validate({"status": ["NEW", "CLOSED"], "category": ["Orders"], "assigneeId": 5,
                                           "createdAt": [since.isoformat(), None], "accountId": "acc",
                                           "page": 3, "pageSize": 10, "scope": "MINE"})
    values = page_values(params, INVOLVED)
    assert filter_values(column_filters(params)) == {
        "f_status": ["NEW", "CLOSED"], "f_category": "Orders", "f_assignee_id": 5, "f_created_at_from": since,
        "f_account_id": "acc"}
    assert (values["p_me"], values["p_limit"], values["p_offset"]) == (7, 10, 20)
    statement = bound(params, INVOLVED)
    assert {k: v for k, v in statement.items() if k in values} == values


def test_the_shape_changes_with_what_decides_the_sql_and_only_with_that():
    def shape(user: Principal = ADMIN, **body: object) -> tuple:
        return page_shape(TicketFilters.model_validate(body), user)

    assert shape(status=["NEW", "PENDING"], page=1) == shape(status=["CLOSED", "NEW"], page=4, pageSize=50)
    assert shape(status=["NEW"]) != shape(status=["NEW", "CLOSED"])  # one value is compared with =, not = ANY
    assert shape(status=["NEW"]) != shape(level=["P0"])
    assert shape(createdAt=["2026-11-01T00:00:00Z", None]) != shape(createdAt=[None, "2026-11-01T00:00:00Z"])
    assert shape(breached=True) != shape(breached=False)
    assert shape(keyword="12") != shape(keyword="late")  # a ticket number, or words of a title
    assert shape(sort="id") != shape(sort="-id")
    assert shape(scope="MINE") != shape(scope="ALL")
    assert shape() != shape(INVOLVED)  # "my tickets" holders see only their own
    assert filter_shape(column_filters(TicketFilters.model_validate({"status": "", "level": None}))) == ()


def test_a_shape_is_compiled_once_and_the_least_used_go_first():
    kept = Statements(size=2)
    builds: list[str] = []

    def build(body: dict) -> object:
        def make():  # type: ignore[no-untyped-def]
            builds.append(str(body))
            return page_query(TicketFilters.model_validate(body), ADMIN)
        return make

    def shape(body: dict) -> tuple:
        return page_shape(TicketFilters.model_validate(body), ADMIN)

    first = kept.rendered(shape({"level": ["P0", "P3"]}), build({"level": ["P0", "P3"]}))
    again = kept.rendered(shape({"level": ["P1", "P2"]}), build({"level": ["P1", "P2"]}))
    assert again is first and len(builds) == 1
    assert "= ANY (%(f_level)s" in first.sql
    kept.rendered(shape({"breached": True}), build({"breached": True}))
    kept.rendered(shape({"level": ["P0", "P3"]}), build({"level": ["P0", "P3"]}))  # used again: kept
    kept.rendered(shape({"merged": True}), build({"merged": True}))  # pushes out "breached"
    kept.rendered(shape({"breached": True}), build({"breached": True}))
    assert len(builds) == 4
