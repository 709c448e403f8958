"""Hot read calls answered beneath FastAPI (docs/decisions/lean-reads.md).

A route marked `@lean` stays an ordinary FastAPI route: it is declared, documented in OpenAPI, guarded and
tested as such, and FastAPI still answers every call of it that is not plain. A plain call (a kept caller at
the current auth epoch whose session needs no renewal, a valid body, a permission held, no refusal) is
answered here by the same endpoint function, without matching ~300 routes, resolving dependencies, or
validating the reply against its model; the reply is the same JSON. Anything else, including every error, is
passed on untouched to FastAPI, so errors are rendered in one place only.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

import orjson
import psycopg
from fastapi import APIRouter
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api import csrf, security
from api.deps import Guard, Principal, ReadDep, bearer_token, from_header, guard_of
from api.principals import CALLERS, EPOCH
from domain.db import plain_connection
from domain.errors import DomainError

Endpoint = TypeVar("Endpoint", bound=Callable[..., Awaitable[Any]])
JSON_HEADERS = [(b"content-type", b"application/json")]


def lean(endpoint: Endpoint) -> Endpoint:
    """Mark a read-only endpoint taking one body model, a `ReadDep` and a `Principal` (see module doc)."""
    endpoint.__lean__ = True  # type: ignore[attr-defined]
    return endpoint


@dataclass(frozen=True)
class LeanRoute:
    endpoint: Callable[..., Awaitable[Any]]
    guard: Guard
    body: type[BaseModel]
    body_name: str
    db_name: str
    user_name: str


def lean_route(route: APIRoute) -> LeanRoute:
    hints = get_type_hints(route.endpoint, include_extras=True)
    names: dict[str, str] = {}
    for name in inspect.signature(route.endpoint).parameters:
        hint = hints[name]
        base = get_args(hint)[0] if get_origin(hint) is not None and get_args(hint) else hint
        if hint == ReadDep:
            names["db"] = name
        elif base is Principal:
            names["user"] = name
        elif isinstance(base, type) and issubclass(base, BaseModel):
            names["body"] = name
    guard = guard_of(route)
    if set(names) != {"db", "user", "body"} or guard is None or guard.permission is None:
        raise TypeError(f"{route.path}: a lean endpoint takes a body model, a ReadDep and a guarded Principal")
    return LeanRoute(route.endpoint, guard, hints[names["body"]], names["body"], names["db"], names["user"])


def lean_routes(routers: Iterable[APIRouter], prefix: str) -> dict[tuple[str, str], LeanRoute]:
    """(method, full path) -> lean route, for every `@lean` route of the routers mounted at `prefix`."""
    table = {}
    for router in routers:
        for route in router.routes:
            if isinstance(route, APIRoute) and getattr(route.endpoint, "__lean__", False):
                for method in route.methods:
                    table[(method, prefix + route.path)] = lean_route(route)
    return table


async def read_body(receive: Receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


def replaying(body: bytes, receive: Receive) -> Receive:
    """A receive that hands FastAPI the body already read, then listens on (for a disconnect)."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def again() -> Message:
        return pending.pop() if pending else await receive()

    return again


class EpochFirst:
    """The connection a lean endpoint runs on. Its first statement goes out behind the auth epoch read, in one
    round trip: both in the simple query protocol, the values quoted by psycopg (as pgbench sends its SQL).
    The endpoint's result is used only if that epoch shows the caller as kept is still current."""

    def __init__(self, conn: psycopg.AsyncConnection[Any]) -> None:
        self.conn = conn
        self.epoch: int | None = None

    async def execute(self, query: str, params: dict[str, Any] | None = None) -> psycopg.AsyncCursor[Any]:
        if self.epoch is not None:
            return await self.conn.execute(query, params)
        cursor = psycopg.AsyncClientCursor(self.conn)
        await cursor.execute(f"{EPOCH};\n{query}", params)
        self.epoch = epoch_of(await cursor.fetchone())
        cursor.nextset()
        return cursor

    async def current_epoch(self) -> int:
        """The epoch read with the first statement, or now if the endpoint ran none."""
        if self.epoch is None:
            self.epoch = epoch_of(await (await self.conn.execute(EPOCH)).fetchone())
        return self.epoch


def epoch_of(row: Any) -> int:
    return int(row[0]) if row else -1  # no row: no caller is current


class LeanRoutes:
    """ASGI middleware in front of FastAPI's router for the `@lean` routes."""

    def __init__(self, app: ASGIApp, routes: dict[tuple[str, str], LeanRoute]) -> None:
        self.app = app
        self.routes = routes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        route = self.routes.get((scope.get("method", ""), scope.get("path", ""))) if scope["type"] == "http" else None
        if route is None:
            await self.app(scope, receive, send)
            return
        body = await read_body(receive)
        reply = await self.answer(route, scope, body)
        if reply is None:
            await self.app(scope, replaying(body, receive), send)
            return
        await send({"type": "http.response.start", "status": 200,
                    "headers": [*JSON_HEADERS, (b"content-length", str(len(reply)).encode())]})
        await send({"type": "http.response.body", "body": reply})

    async def answer(self, route: LeanRoute, scope: Scope, body: bytes) -> bytes | None:
        """The reply of a plain call, or None to leave the call to FastAPI."""
        request = Request(scope)
        if "json" not in request.headers.get("content-type", ""):
            return None
        token = bearer_token(request)
        caller = CALLERS.get(security.token_hash(token)) if token else None
        if caller is None or caller.needs_renewal or not route.guard.admits(caller.principal):
            return None
        if not from_header(request) and not csrf.passes(request, caller.principal.id):
            return None  # FastAPI's route refuses it
        try:
            params = route.body.model_validate_json(body)
        except ValidationError:
            return None
        try:
            async with plain_connection(checked=False) as conn:  # the epoch read is the check
                db = EpochFirst(conn)
                result = await route.endpoint(**{route.body_name: params, route.db_name: db,
                                                 route.user_name: caller.principal})
                if not caller.valid_at(await db.current_epoch()):
                    return None
        except (DomainError, psycopg.OperationalError):  # a refusal, or a connection the restart broke
            return None
        return orjson.dumps(result, option=orjson.OPT_UTC_Z | orjson.OPT_NON_STR_KEYS)
