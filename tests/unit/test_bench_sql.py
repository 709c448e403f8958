"""The SQL pgbench runs beside an API search is the text the API sends, values written in."""

from sqlalchemy import column, select, table

from bench.harness.sql import literal_sql


def test_a_pattern_keeps_its_single_percent_signs() -> None:
    merchants = table("merchants", column("email"), column("id"))
    query = select(merchants.c.id).where(merchants.c.email.ilike("%merchant42%"), (merchants.c.id % 7) == 0)
    [sql] = literal_sql(query)
    assert "ILIKE '%merchant42%'" in sql
    assert "%%" not in sql
