"""Each route is registered once: a router listed twice in api/routers (a merge keeps both lines) answers the same
path twice and FastAPI gives two operations one id, which the generated web client cannot tell apart."""

from __future__ import annotations

import warnings
from collections import Counter

from fastapi.routing import APIRoute

from api.main import create_app


def test_every_operation_is_registered_once():
    app = create_app()
    operations = Counter((method, route.path) for route in app.router.routes if isinstance(route, APIRoute)
                         for method in route.methods)
    assert [op for op, times in operations.items() if times > 1] == []
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "Duplicate Operation ID ..."
        app.openapi()
