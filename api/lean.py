"""Hot calls answered beneath FastAPI (docs/decisions/lean-reads.md, docs/decisions/lean-writes.md).

A route marked `@lean` stays an ordinary FastAPI route: it is declared, documented in OpenAPI, guarded and
tested as such, and FastAPI still answers every call of it that is not plain. A plain call (a kept caller at
the current auth epoch whose session needs no renewal, a valid body and headers, a permission held, no refusal)
is answered here, before the middleware stack (docs/decisions/lean-dispatch.md), by the same endpoint function,
without matching ~300 routes or resolving dependencies; the reply is the same JSON. Anything else, including
every error, is passed on untouched to FastAPI, so errors are rendered in one place only.

A read (`ReadDep`) runs its first statement behind the epoch read and uses its result only if the caller was
current. A write (`WriteDep`) sends `auth_epoch_is(<the kept caller's epoch>)` before its first statement in the
same round trip and implicit transaction, so nothing is written for a caller no longer current; it must take a
required `Idempotency-Key` (a call handed to FastAPI after a broken connection may run twice, and must then move
nothing twice), refuse before it writes, and it is written to the operation log here, as FastAPI's calls are: by
its own statement when the endpoint hands it `log_row` (one round trip for the check, the write and the log), else
after the reply.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

import orjson
import psycopg
from fastapi import APIRouter, Response
from fastapi._compat import Undefined, field_annotation_is_sequence
from fastapi.dependencies.utils import (
    _get_param_aliases,
    _get_param_model,
    _validate_value_with_model_field,
    request_params_to_args,
)
from fastapi.routing import APIRoute
from pydantic import BaseModel, TypeAdapter, ValidationError
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api import csrf, security
from api.client_address import place_client
from api.deps import Guard, Principal, ReadDep, WriteDep, bearer_token, from_header, guard_of
from api.idempotency import HEADER as IDEMPOTENCY_HEADER
from api.lean_log import LogPart, log_also, log_part, stand_in_reply
from api.middleware import Context, answer_500
from api.middleware import log as access
from api.page_security import secured
from api.principals import CALLERS, EPOCH, Caller
from domain.db import Also, Executor, plain_connection
from domain.errors import DomainError
from domain.i18n import current_language

Endpoint = TypeVar("Endpoint", bound=Callable[..., Awaitable[Any]])
JSON_HEADERS = [(b"content-type", b"application/json")]


def lean(endpoint: Endpoint) -> Endpoint:
    """Mark an endpoint taking one body model, a `ReadDep` or a `WriteDep`, a guarded `Principal` and, for a
    write, header parameters (a required `Idempotency-Key` among them) and the `Response` (see module doc)."""
    endpoint.__lean__ = True  # type: ignore[attr-defined]
    return endpoint


@dataclass(frozen=True)
class LeanRoute:
    endpoint: Callable[..., Awaitable[Any]]
    guard: Guard
    body: type[BaseModel]
    names: dict[str, str]  # "body", "db", "user" and, if taken, "response" -> the endpoint's parameter
    writes: bool = False
    headers: list[Any] = field(default_factory=list)  # FastAPI's fields of the endpoint's header parameters
    reply: TypeAdapter[Any] | None = None  # a write's reply model: its reply is dumped as FastAPI dumps it
    status: int = 200
    header_names: list[tuple[Any, tuple[str, ...]]] | None = None  # each plain one's field and names (`header_args`)
    # a write's reply of stand-ins described for its log row (`log_row`), by language: made once for each
    described: dict[str, Any] = field(default_factory=dict, compare=False)
    # the columns of its log rows that are a caller's (`caller_part`), by language, caller and address
    callers_logged: dict[tuple[Any, ...], LogPart] = field(default_factory=dict, compare=False)


def lean_route(route: APIRoute) -> LeanRoute:
    hints = get_type_hints(route.endpoint, include_extras=True)
    headers = {f.name: f for f in route.dependant.header_params}
    names: dict[str, str] = {}
    for name in inspect.signature(route.endpoint).parameters:
        hint = hints[name]
        base = get_args(hint)[0] if get_origin(hint) is not None and get_args(hint) else hint
        if hint in (ReadDep, WriteDep):
            names["db"], names["write" if hint == WriteDep else "read"] = name, name
        elif base is Principal:
            names["user"] = name
        elif base is Response:
            names["response"] = name
        elif isinstance(base, type) and issubclass(base, BaseModel):
            names["body"] = name
        elif name not in headers:
            raise TypeError(f"{route.path}: a lean endpoint cannot take {name}")
    writes, guard = "write" in names, guard_of(route)
    keyed = any(f.alias == IDEMPOTENCY_HEADER and f.field_info.is_required() for f in headers.values())
    if (not {"db", "user", "body"} <= set(names) or guard is None or guard.permission is None
            or (writes and not keyed) or (not writes and (headers or "response" in names))):
        raise TypeError(f"{route.path}: a lean endpoint takes a body model, a ReadDep (or a WriteDep with a "
                        "required Idempotency-Key) and a guarded Principal")
    reply = TypeAdapter(route.response_model) if writes and route.response_model else None
    return LeanRoute(route.endpoint, guard, hints[names["body"]], names, writes, list(headers.values()), reply,
                     route.status_code or 200, plain_headers(list(headers.values())))


def plain_headers(fields: list[Any]) -> list[tuple[Any, tuple[str, ...]]] | None:
    """Each header field with the names FastAPI reads it by, when every one is a single plain value (not a list
    or a model): those are read by `header_args`; else None, and FastAPI's own reader reads them."""
    if any(_get_param_model(f) is not None or field_annotation_is_sequence(f.field_info.annotation) for f in fields):
        return None
    return [(f, tuple(name for _, name in _get_param_aliases(f))) for f in fields]


def header_args(route: LeanRoute, headers: Headers) -> tuple[dict[str, Any], list[Any]]:
    """The endpoint's header parameters, validated as `request_params_to_args` validates them, without working
    out each call what kind of parameter each is."""
    if route.header_names is None:
        return request_params_to_args(route.headers, headers)
    values: dict[str, Any] = {}
    errors: list[Any] = []
    for field_, names in route.header_names:
        name = next((n for n in names if n in headers), names[0])
        value = headers.get(name)
        checked, problems = _validate_value_with_model_field(
            field=field_, value=Undefined if value is None else value, values=values, loc=("header", name))
        if problems:
            errors.extend(problems)
        else:
            values[field_.name] = checked
    return values, errors


def lean_routes(routers: Iterable[APIRouter], prefix: str) -> dict[tuple[str, str], LeanRoute]:
    """(method, full path) -> lean route, for every `@lean` route of the routers mounted at `prefix`."""
    table = {}
    for router in routers:
        for route in router.routes:
            if isinstance(route, APIRoute) and getattr(route.endpoint, "__lean__", False):
                for method in route.methods or ():
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


class CallerMoved(Exception):
    """The auth epoch moved since the caller was kept: the write did not run."""


EPOCH_MOVED = "OE001"  # raised by auth_epoch_is (migration 0030)


class EpochChecked:
    """The connection a lean write runs on. Its first statement goes out behind `auth_epoch_is(<the kept caller's
    epoch>)` in one round trip and one implicit transaction (the simple query protocol, as `EpochFirst`): if the
    epoch moved, nothing of it runs and `CallerMoved` is raised. `log` makes the call's operation log row, as the
    endpoint's statement carries it, from the endpoint's reply (`log_row`); `also` is that row."""

    def __init__(self, conn: psycopg.AsyncConnection[Any], epoch: int,
                 log: Callable[[Callable[[], Any], dict[int, str], str], Also] | None = None) -> None:
        self.conn = conn
        self.epoch = epoch
        self.checked = False
        self.log = log
        self.also: Also | None = None

    async def execute(self, query: str, params: dict[str, Any] | None = None) -> psycopg.AsyncCursor[Any]:
        if self.checked:
            return await self.conn.execute(query, params)
        cursor = psycopg.AsyncClientCursor(self.conn)
        try:
            await cursor.execute(f"SELECT auth_epoch_is({int(self.epoch)});\n{query}", params)
        except psycopg.Error as exc:
            if exc.sqlstate == EPOCH_MOVED:
                raise CallerMoved() from None
            raise
        self.checked = True
        cursor.nextset()
        return cursor


def log_row(db: Executor, reply: Callable[[], Any], stood_for: dict[int, str], source: str) -> Also | None:
    """This lean write's operation log row as an `Also` from `source` for the endpoint's statement to insert, or
    None off the lean path (FastAPI's middleware logs the call). `reply()` is the endpoint's success reply made of
    stand-in numbers, each built in SQL from the expression `stood_for` names, so the row holds the reply sent. It
    must be the same for every call but for its language and transaction id: it is made and described once a
    language, under a stand-in transaction id that the statement replaces with the call's."""
    if not isinstance(db, EpochChecked) or db.log is None:
        return None
    db.also = db.log(reply, stood_for, source)
    return db.also


CALLERS_LOGGED = 1024  # the callers' log parts a route keeps (`LeanRoutes.logging`); forgotten all at once beyond


@dataclass
class Answer:
    """A lean call's reply: its status, extra headers and JSON body; `logged` when its statement wrote its log."""

    body: bytes
    status: int = 200
    headers: list[tuple[bytes, bytes]] = field(default_factory=list)
    logged: bool = False


class LeanRoutes:
    """The `@lean` routes' plain calls, answered before the app's middleware stack (`app`: the stack, which gets
    every other call, and every lean call that is not plain, as it came). What each middleware of the stack does
    for such a call is done here inline, by the same functions: the client's address (ClientAddress), the input
    rules (InputGuard: a call breaking one is handed to the stack, where InputGuard refuses it), the transaction id,
    language and access log (RequestContext), the security headers (SecurityHeaders) and, for a write, the
    operation log (OperationLogger); one layer instead of six, with their wrappers of `send` and `receive`."""

    # The middlewares whose work is done here: a middleware added to the stack must be done here too before it
    # joins this list (a test compares it with the app's stack), or the lean calls would pass it by.
    STANDS_IN_FOR = ("ClientAddress", "SecurityHeaders", "RequestContext", "InputGuard", "OperationLogger")
    # The middlewares with nothing to do for a lean call: TemporalTrials gives back a breaker trial the call took,
    # and a lean route, which takes only its body, session, caller and response (`LeanRoute.names`), has no way to
    # ask Temporal.
    PASSES_BY = ("TemporalTrials",)

    def __init__(self, app: ASGIApp, routes: dict[tuple[str, str], LeanRoute]) -> None:
        self.app = app
        self.routes = routes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        route = self.routes.get((scope.get("method", ""), scope.get("path", ""))) if scope["type"] == "http" else None
        if route is None:
            await self.app(scope, receive, send)
            return
        from api import audit_log, input_guard  # here: the log comes from the resource kit, which imports this

        original = {**scope, "state": dict(scope.get("state") or {})}  # for the stack, as it came
        body, plain, parsed = await input_guard.plain_json_body(scope, receive)
        if body is None or not plain:
            await self.app(original, receive if body is None else replaying(body, receive), send)
            return
        place_client(scope)
        context, status = Context(scope), 0
        try:
            answer = await self.answer(route, scope, body, parsed)
            if answer is not None:
                status = answer.status
                await send({"type": "http.response.start", "status": status, "headers": secured([
                    *JSON_HEADERS, (b"content-length", str(len(answer.body)).encode()), *answer.headers,
                    context.header])})
                await send({"type": "http.response.body", "body": answer.body})
                if route.writes and not answer.logged:  # as OperationLogger records the stack's calls
                    await audit_log.record(scope, body, {
                        "status": status, "content_type": JSON_HEADERS[0][1].decode(), "body": answer.body,
                        "audited": True}, context.started)
        except Exception:
            access.exception("unhandled error")
            if status:  # the reply has begun; nothing more can be said
                raise
            status = 500

            async def send_with_headers(message: Message) -> None:
                if message["type"] == "http.response.start":
                    message["headers"] = secured([*message["headers"], context.header])
                await send(message)

            await answer_500(send_with_headers)
        finally:
            if status:
                context.access_line(scope, status)
            context.close()
        if not status:
            await self.app(original, replaying(body, receive), send)

    async def answer(self, route: LeanRoute, scope: Scope, body: bytes, parsed: Any) -> Answer | None:
        """The reply of a plain call (`parsed`: its body as the input rules read it), or None to leave the call to
        FastAPI."""
        started, request = scope["state"]["started"], Request(scope)
        if "json" not in request.headers.get("content-type", ""):
            return None
        token = bearer_token(request)
        caller = CALLERS.get(security.token_hash(token)) if token else None
        if caller is None or caller.needs_renewal or not route.guard.admits(caller.principal):
            return None
        if (not from_header(request) and not csrf.passes(request, caller.principal.id)) or \
                request.headers.get("sec-fetch-site") == "cross-site":
            return None  # FastAPI's route refuses it (csrf.refuse_cross_site for the second)
        headers, errors = header_args(route, request.headers)
        if errors:
            return None
        try:
            params = route.body.model_validate_json(body)
        except ValidationError:
            return None
        response = Response()
        response.status_code = None  # type: ignore[assignment]  # as FastAPI: the endpoint may set one
        args = {route.names["body"]: params, route.names["user"]: caller.principal, **headers}
        if "response" in route.names:
            args[route.names["response"]] = response
        log = self.logging(route, scope, body, parsed, caller, started)
        try:
            async with plain_connection(checked=False) as conn:  # the epoch read is the check
                result = await self.run(route, caller, conn, args, log)
        except (DomainError, CallerMoved, psycopg.Error):  # a refusal, a caller to read again, a connection a restart
            return None                                   # broke, a statement that failed (it wrote nothing)
        if result is None:
            return None
        scope.setdefault("state", {})["principal"] = caller.principal  # the operation log's operator
        extra = [(k, v) for k, v in response.headers.raw if k not in (b"content-length", b"content-type")]
        return Answer(result[0], response.status_code or route.status, extra, result[1])

    @staticmethod
    def logging(route: LeanRoute, scope: Scope, body: bytes, parsed: Any, caller: Caller,
                started: float) -> Callable[[Callable[[], Any], dict[int, str], str], Also]:
        """What makes a write's operation log row, as its statement carries it, from its reply (a success, at the
        route's status). The columns that are the caller's (`audit_log.caller_columns`) are made once for each
        language, caller and address; the call's own (`audit_log.call_columns`) each call."""
        def also(reply: Callable[[], Any], stood_for: dict[int, str], source: str) -> Also:
            from api import audit_log  # here: the log's statements come from the resource kit, which imports this

            assert route.reply is not None
            language, principal = current_language.get(), caller.principal
            facts = route.described.get(language)
            if facts is None:
                text = route.reply.dump_json(route.reply.validate_python(stand_in_reply(reply)), by_alias=True)
                facts = route.described[language] = audit_log.reply_facts({
                    "status": route.status, "content_type": JSON_HEADERS[0][1].decode(), "body": text})
            logged_scope = {**scope, "state": {"principal": principal}}
            key = (language, principal.id, principal.username, (scope.get("client") or (None,))[0])
            known = route.callers_logged.get(key)
            if known is None:
                if len(route.callers_logged) >= CALLERS_LOGGED:
                    route.callers_logged.clear()
                known = route.callers_logged[key] = log_part(audit_log.caller_columns(logged_scope, facts), stood_for)
            own = audit_log.call_columns(logged_scope, body, facts, started, parsed)
            return log_also(source, known, log_part(own, stood_for))

        return also

    async def run(self, route: LeanRoute, caller: Caller, conn: psycopg.AsyncConnection[Any],
                  args: dict[str, Any], log: Callable[[Callable[[], Any], dict[int, str], str], Also]
                  ) -> tuple[bytes, bool] | None:
        """The endpoint's reply as JSON and whether its statement wrote its log row, or None when the caller turned
        out not to be current (a read)."""
        logged = False
        if route.writes:
            if caller.expires_at <= security.now():
                return None
            db = EpochChecked(conn, caller.epoch, log if route.reply is not None else None)
            result = await route.endpoint(**args, **{route.names["db"]: db})
            logged = db.also is not None and db.also.written
            if route.reply is not None:
                return route.reply.dump_json(route.reply.validate_python(result), by_alias=True), logged
        else:
            read = EpochFirst(conn)
            result = await route.endpoint(**args, **{route.names["db"]: read})
            if not caller.valid_at(await read.current_epoch()):
                return None
        return orjson.dumps(result, option=orjson.OPT_UTC_Z | orjson.OPT_NON_STR_KEYS), logged
