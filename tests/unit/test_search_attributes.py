"""The registry fits SQL visibility: beyond these counts the Temporal server refuses the namespace, and `make run`,
the benchmarks and the browser tests cannot start."""

from collections import Counter

from domain.search_attributes import LIMITS, SEARCH_ATTRIBUTES


def test_every_type_stays_within_what_sql_visibility_holds():
    counts = Counter(SEARCH_ATTRIBUTES.values())
    assert set(counts) <= set(LIMITS)
    assert {kind: n for kind, n in counts.items() if n > LIMITS[kind]} == {}
