"""The operation log: every mutating /cms/ call (and any route marked `x-audit: true`, such as the GET
calls of SPEC §7 that remove an authority) is recorded after its reply is known, in its own transaction,
so a failed call is logged too and reads pay nothing. Secrets are masked and bodies truncated."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

import orjson
import psycopg
from sqlalchemy import bindparam, cast, func, insert, literal_column, select
from sqlalchemy.dialects.postgresql import JSONB
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.asgi import header, replay
from api.kept_callers import RECHECK, CallAgain
from api.resource.statements import Statements
from domain.context import transaction_id
from domain.db import plain_connection
from domain.enums import SourceSystem
from domain.models.audit import OperationLog
from domain.rules.audit import describe_body, location_of, mask, truncate

log = logging.getLogger("omp.audit")

MUTATING = {"POST", "PUT", "PATCH", "DELETE"}
CAPTURE_LIMIT = 64 * 1024  # bytes of a body kept for the log; describe_body truncates further
APPLICATION = SourceSystem.GENIE_CMS.value
ENTRY = Statements(size=1)
GROUPED = Statements(size=4)  # several rows at once (`write_group`), per set of columns
UNPARSED = object()  # a request body not parsed yet


async def write(entry: dict[str, Any]) -> None:
    """Written when this returns; the entries of calls that end while an INSERT is under way go together in the
    next one (`GROUP`): the INSERT is paid by every mutating call, and on this hardware its round trip costs more
    CPU than the row."""
    await GROUP.add(entry)


async def write_one(entry: dict[str, Any]) -> None:
    def build() -> Any:  # only for a shape not rendered yet
        return insert(OperationLog).values({key: bindparam(key) for key in entry})

    await on_plain(lambda db: ENTRY.execute(db, tuple(entry), build, entry))


async def on_plain(run: Callable[[Any], Awaitable[Any]]) -> None:
    """One statement on a plain autocommit connection, without a ping. A connection a database restart broke is
    dropped, and the statement run on a checked one."""
    try:
        async with plain_connection(checked=False) as db:
            await run(db)
    except psycopg.OperationalError:
        async with plain_connection() as db:
            await run(db)


class Grouped:
    """Log entries written in groups: the first call to arrive writes its entry at once; those arriving while
    it is under way wait and go in the next INSERT, all rows at once (`jsonb_populate_recordset`). Each caller
    returns when its own row is committed, so a call is still logged before it ends. A group that fails is
    written row by row, so one bad row loses nothing else."""

    def __init__(self) -> None:
        self.pending: list[tuple[dict[str, Any], asyncio.Future[None]]] = []
        self.writer: asyncio.Task[None] | None = None

    async def add(self, entry: dict[str, Any]) -> None:
        done = asyncio.get_running_loop().create_future()
        self.pending.append((entry, done))
        if self.writer is None or self.writer.done():
            self.writer = asyncio.create_task(self.drain())
        await done

    async def drain(self) -> None:
        while self.pending:
            group, self.pending = self.pending, []
            entries = [entry for entry, _ in group]
            failed = await failure_of(write_group(entries) if len(entries) > 1 else write_one(entries[0]))
            if failed is None or len(entries) == 1:
                outcomes = [failed] * len(entries)
            else:  # row by row: one bad row loses nothing else
                outcomes = [await failure_of(write_one(entry)) for entry in entries]
            for (_, done), outcome in zip(group, outcomes, strict=True):
                if done.done():  # the caller was cancelled
                    continue
                if outcome is None:
                    done.set_result(None)
                else:
                    done.set_exception(outcome)


async def failure_of(write: Awaitable[None]) -> Exception | None:
    try:
        await write
    except Exception as exc:
        return exc
    return None


async def write_group(entries: list[dict[str, Any]]) -> None:
    columns = tuple(dict.fromkeys(key for entry in entries for key in entry))

    def build() -> Any:  # only for a set of columns not rendered yet
        rows = func.jsonb_populate_recordset(literal_column("NULL::operation_logs"), cast(bindparam("rows"), JSONB))
        found = rows.table_valued(*columns).alias("r")
        return insert(OperationLog).from_select(columns, select(*(found.c[name] for name in columns)))

    await on_plain(lambda db: GROUPED.execute(db, columns, build, {"rows": orjson.dumps(entries).decode()}))


GROUP = Grouped()


def audited(scope: Scope) -> bool:
    """Mutating calls are, searches are not; a route may say otherwise with `openapi_extra={"x-audit": ...}`."""
    route = scope.get("route")
    extra = getattr(route, "openapi_extra", None) or {}
    if "x-audit" in extra:
        return bool(extra["x-audit"])
    return scope["method"] in MUTATING and not scope["path"].endswith("/search")


def operator_of(state: dict[str, Any]) -> tuple[int | None, str | None]:
    principal = state.get("principal")
    if principal is not None:
        return principal.id, principal.username
    return state.get("audit_operator", (None, None))


def business_id(scope: Scope, query: dict[str, str], body: Any, reply: Any) -> str | None:
    """The id the call was about: a path id, an `...Id` query value, the body's id, or the created row's id."""
    for source in (scope.get("path_params") or {}, query):
        for key, value in source.items():
            if key.lower().endswith("id") and value not in (None, ""):
                return str(value)[:64]
    for data in (body, reply.get("data") if isinstance(reply, dict) else None):
        if isinstance(data, dict) and data.get("id") is not None:
            return str(data["id"])[:64]
    return None


def fallback_code(status: int) -> str:
    """For replies that are not envelopes (a file, a crash before any reply)."""
    return "SUCCESS" if status < 400 else "INTERNAL_ERROR" if status == 500 else f"HTTP_{status}"


def parse_json(raw: bytes, content_type: str) -> Any:
    if "json" not in content_type or not raw:
        return None
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # a hostile body nested past the parser's depth is described, not kept
        return None


def masked(body_json: Any, raw: bytes, content_type: str) -> Any:
    """The body with its secrets masked; a body nested deeper than masking goes is described instead."""
    try:
        return mask(body_json)
    except RecursionError:
        return sized(content_type, len(raw))


def sized(content_type: str, size: int) -> str:
    """What the log keeps of a body it does not keep: its type and size."""
    return f"<{content_type.split(';')[0]}, {size} bytes>"


def request_text(request_data: dict[str, Any], raw: bytes, content_type: str) -> str | None:
    """What was asked, as the log keeps it; a body nested deeper than the encoder goes is described instead."""
    if not request_data:
        return None
    try:
        text = json.dumps(request_data, ensure_ascii=False, default=str)
    except RecursionError:
        text = json.dumps({**request_data, "body": sized(content_type, len(raw))}, ensure_ascii=False, default=str)
    return truncate(text)


async def logged(app: ASGIApp, scope: Scope, receive: Receive, send: Send, body: bytes | None = None,
                 parsed: Any = UNPARSED) -> None:
    """`app` answering an API call, written to the log if audited. `body` is the request body already read (the
    input rules read it; `parsed` as JSON), handed to `app` again; None: an upload, whose body is captured as the
    app reads it. A call whose kept caller turned out not current (`CallAgain`, before any reply) is run once more
    with its caller read afresh (api/kept_callers.py), and logged once."""
    started = time.perf_counter()
    request_body = bytearray(body[:CAPTURE_LIMIT]) if body is not None else bytearray()
    reply: dict[str, Any] = {"status": 500, "content_type": "", "body": bytearray(), "audited": None}

    async def capture_request() -> Message:
        message = await receive()
        if message["type"] == "http.request" and len(request_body) < CAPTURE_LIMIT:
            request_body.extend(message.get("body", b"")[: CAPTURE_LIMIT - len(request_body)])
        return message

    async def capture_reply(message: Message) -> None:
        if message["type"] == "http.response.start":
            reply["status"] = message["status"]
            reply["audited"] = audited(scope)
            headers = {k.lower(): v for k, v in message.get("headers", [])}
            reply["content_type"] = headers.get(b"content-type", b"").decode("latin-1")
        elif message["type"] == "http.response.body" and reply["audited"]:
            captured = reply["body"]
            if len(captured) < CAPTURE_LIMIT:
                captured.extend(message.get("body", b"")[: CAPTURE_LIMIT - len(captured)])
            reply["size"] = reply.get("size", 0) + len(message.get("body", b""))
        await send(message)

    first = {**scope, "state": dict(scope.get("state") or {})}  # the call as it came, to run it again
    try:
        try:
            await app(scope, capture_request if body is None else replay(body, receive), capture_reply)
        except CallAgain:
            if body is None or reply["audited"] is not None:  # not to be replayed, or the reply has begun
                raise
            scope.clear()
            scope.update({**first, "state": {**first["state"], RECHECK: True}})
            await app(scope, replay(body, receive), capture_reply)
    finally:
        if reply["audited"] is None:  # the app failed before answering: the outer layer answers 500
            reply["audited"] = audited(scope)
        if reply["audited"]:
            own = parsed if body is not None and len(body) <= CAPTURE_LIMIT and json_sent(scope) else UNPARSED
            await record(scope, bytes(request_body), reply, started, own)


def json_sent(scope: Scope) -> bool:
    """Whether the call says its body is JSON (its parsed body is then the one the log would parse)."""
    return "json" in header(scope, b"content-type").decode("latin-1")


async def record(scope: Scope, request_body: bytes, reply: dict[str, Any], started: float,
                 body_json: Any = UNPARSED) -> None:
    """One call's row: what was asked, what was answered, by whom, how long it took (`body_json`: the request
    body as already parsed, by the input rules)."""
    try:
        await write(entry_of(scope, request_body, reply, started, body_json))
    except Exception:  # the call's own outcome stands; a lost log line is reported, never raised
        log.exception("operation log not written for %s %s", scope["method"], scope["path"])


@dataclass(frozen=True)
class ReplyFacts:
    """What the operation log keeps of a reply: its status, code, description and parsed JSON."""

    status: int
    code: str
    response_data: str | None
    json: Any


def reply_facts(reply: dict[str, Any]) -> ReplyFacts:
    """`reply` as `logged` captures it (status, content type, body, size) described for the log."""
    status, body = reply["status"], bytes(reply["body"])
    reply_json = parse_json(body, reply["content_type"])
    code = reply_json.get("code") if isinstance(reply_json, dict) else None
    if reply.get("size", 0) > len(body):  # cut short: describe rather than keep half of it
        response_data: str | None = sized(reply["content_type"], reply["size"])
    else:
        response_data = describe_body(body, reply["content_type"])
    return ReplyFacts(status, (code or fallback_code(status))[:64], response_data, reply_json)


def entry_of(scope: Scope, request_body: bytes, reply: dict[str, Any] | ReplyFacts, started: float,
             body_json: Any = UNPARSED) -> dict[str, Any]:
    """The operation log's row of a call (the columns of `OperationLog` but its id and time); `reply` as captured
    or already described, `body_json` the request body as already parsed (by the input rules)."""
    facts = reply if isinstance(reply, ReplyFacts) else reply_facts(reply)
    operator_id, operator_name = operator_of(scope.get("state", {}))
    ip = scope["client"][0] if scope.get("client") else None
    raw_query = scope.get("query_string", b"")
    query = dict(parse_qsl(raw_query.decode("latin-1"))) if raw_query else {}
    request_type = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k.lower() == b"content-type"), "")
    if body_json is UNPARSED:
        body_json = parse_json(request_body, request_type)
    if body_json is not None:
        body: Any = masked(body_json, request_body, request_type)
    elif request_type.startswith("multipart/"):
        body = f"<multipart form, {len(request_body)} bytes>"
    else:
        body = describe_body(request_body, request_type)
    request_data = {k: v for k, v in (("query", mask(query)), ("body", body)) if v not in (None, {}, "")}
    return dict(
        application=APPLICATION, operator_id=operator_id, operator_name=operator_name, url=scope["path"][:512],
        method=scope["method"], http_status=facts.status, code=facts.code, response_data=facts.response_data,
        remote_ip=ip, location=location_of(ip),
        request_data=request_text(request_data, request_body, request_type), transaction_id=transaction_id.get(),
        business_id=business_id(scope, query, body_json, facts.json),
        duration_ms=round((time.perf_counter() - started) * 1000),
    )
