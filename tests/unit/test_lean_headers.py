"""A lean write's header parameters (api/lean.py `header_args`) are read and refused exactly as FastAPI's
`request_params_to_args` reads and refuses them."""

from __future__ import annotations

import pytest
from fastapi.dependencies.utils import request_params_to_args
from starlette.datastructures import Headers

from api.lean import header_args, lean_routes
from api.routers.stock import movement_router

MOVEMENT = lean_routes([movement_router], "/cms")[("POST", "/cms/stock/movement")]


@pytest.mark.parametrize("headers", [
    {"Idempotency-Key": "a-1"},
    {"idempotency-key": "lower case name"},
    {},
    {"Idempotency-Key": ""},
    {"Idempotency-Key": "k" * 150},
    {"Idempotency-Key": "k" * 151},
    {"Idempotency-Key": "tab\there"},
    {"Idempotency-Key": "caf\xe9"},
])
def test_header_args_are_fastapis(headers: dict[str, str]) -> None:
    received = Headers(raw=[(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()])
    assert MOVEMENT.header_names is not None  # the plain reader is the one in use
    assert header_args(MOVEMENT, received) == request_params_to_args(MOVEMENT.headers, received)
