"""Every route has its own operation id: the generated web client names its calls by them, and FastAPI only warns."""

from __future__ import annotations

from collections import Counter

from api.main import create_app


def test_operation_ids_are_unique() -> None:
    ids = Counter(op["operationId"] for item in create_app().openapi()["paths"].values() for op in item.values())
    assert [name for name, count in ids.items() if count > 1] == []
