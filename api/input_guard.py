"""The door every /cms/ call passes before routing: a body size limit, and the input rules of
domain/rules/inputs.py over the whole JSON body and the query string (docs/decisions/input-rules.md).

It runs before the operation log and any route (api/middleware.py), so no route sees a value the database
would refuse; a refused mutating call is still written to the operation log. File uploads (multipart) keep
the limits of their own endpoints, under one hard cap here: the largest of those limits, so no upload, whatever
its route, is spooled to disk beyond what some endpoint could accept.
"""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import parse_qsl

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.asgi import header
from api.audit_log import audited, logged, record
from api.envelope import failure
from api.errors import domain_reply
from domain.errors import DomainError
from domain.i18n import t
from domain.rules.inputs import INT64_MAX, INT64_MIN, Problem, find_problem
from domain.settings import get_settings

NO_BODY = {"GET", "HEAD", "OPTIONS"}
MULTIPART_OVERHEAD = 64 * 1024  # boundaries and part headers around the file


class BodyTooLarge(Exception):
    pass


def refusal(problem: Problem) -> JSONResponse:
    return domain_reply(DomainError("VALIDATION_FAILED", status=422, field=problem.field, rule=problem.rule,
                                    **problem.params))


def too_large(limit: int) -> JSONResponse:
    kb = max(1, limit // 1024)
    return JSONResponse(failure("BODY_TOO_LARGE", t("errors.BODY_TOO_LARGE", limitKb=kb)), status_code=413)


def multipart_cap() -> int:
    settings = get_settings()
    return max(settings.upload_max_bytes, settings.upload_unrestricted_max_bytes,
               settings.import_max_bytes) + MULTIPART_OVERHEAD


def upload_too_large(cap: int) -> JSONResponse:
    return domain_reply(DomainError("FILE_TOO_LARGE", status=413, limitMb=cap // (1024 * 1024)))


def query_problem(scope: Scope, max_text: int) -> Problem | None:
    """The path and the query string: text rules, and no id in the path beyond what an id column holds."""
    path = scope["path"]
    if "\x00" in path:
        return Problem("path", "text_nul")
    if any(len(part) > 18 and part.isdigit() and int(part) > INT64_MAX for part in path.split("/")):
        return Problem("path", "int64", {"ge": INT64_MIN, "le": INT64_MAX})
    raw = scope.get("query_string", b"")
    if not raw:
        return None
    pairs = parse_qsl(raw.decode("latin-1"), keep_blank_values=True, encoding="utf-8", errors="surrogateescape")
    for key, value in pairs:
        problem = find_problem(value, max_text=max_text, path=key)
        if problem is not None:
            return problem
    return None


def checked_body(body: bytes, max_depth: int, max_text: int) -> tuple[Any, Problem | None]:
    """The body parsed as JSON (None when it is not JSON) and the first input rule it breaks."""
    try:
        value = json.loads(body)
    except RecursionError:  # deeper than the parser goes: certainly deeper than the rule allows
        return None, Problem("body", "depth", {"max_depth": max_depth})
    except ValueError:
        return None, None  # not JSON: FastAPI answers that with its own message
    return value, find_problem(value, max_depth=max_depth, max_text=max_text)


async def read_body(receive: Receive, limit: int) -> bytes:
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        body.extend(message.get("body", b""))
        if len(body) > limit:
            raise BodyTooLarge
        if not message.get("more_body"):
            break
    return bytes(body)


async def guarded(app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
    """An API call through the input rules to the operation log (api/audit_log.py `logged`) and `app`; refused
    here (and logged, when audited) if it breaks one."""
    started = time.perf_counter()
    settings = get_settings()
    problem = query_problem(scope, settings.text_max_chars)
    if problem is not None:
        await refuse(scope, b"", refusal(problem), receive, send, started)
        return
    content_type = header(scope, b"content-type", b"json")
    if content_type.startswith(b"multipart/") and scope["method"] not in NO_BODY:
        await guard_multipart(app, scope, receive, send, header(scope, b"content-length"), started)
        return
    if scope["method"] in NO_BODY:
        await logged(app, scope, receive, send, b"", None)
        return
    limit = settings.body_max_bytes
    declared = header(scope, b"content-length", b"0")
    try:
        if declared.isdigit() and int(declared) > limit:
            raise BodyTooLarge
        body = await read_body(receive, limit)
    except BodyTooLarge:
        await refuse(scope, b"", too_large(limit), receive, send, started)
        return
    parsed = None
    if b"json" in content_type:
        parsed, problem = checked_body(body, settings.body_max_depth, settings.text_max_chars)
        if problem is not None:
            await refuse(scope, body, refusal(problem), receive, send, started)
            return
    await logged(app, scope, receive, send, body, parsed)


async def guard_multipart(app: ASGIApp, scope: Scope, receive: Receive, send: Send, declared: bytes,
                          started: float) -> None:
    """Past the cap (declared or counted while streaming) the app sees the client leave, and its reply, whatever
    it was, is replaced by the 413."""
    cap = multipart_cap()
    if declared.isdigit() and int(declared) > cap:
        await refuse(scope, b"", upload_too_large(cap), receive, send, started)
        return
    seen, over = 0, False

    async def counted() -> Message:
        nonlocal seen, over
        message = await receive()
        seen += len(message.get("body", b""))
        if seen > cap:
            over = True
            return {"type": "http.disconnect"}
        return message

    async def replaced(message: Message) -> None:
        if not over:
            await send(message)
        elif message["type"] == "http.response.start":
            reply = upload_too_large(cap)
            await send({"type": "http.response.start", "status": reply.status_code, "headers": reply.raw_headers})
            await send({"type": "http.response.body", "body": reply.body})

    await logged(app, scope, counted, replaced)


async def refuse(scope: Scope, body: bytes, reply: JSONResponse, receive: Receive, send: Send,
                 started: float) -> None:
    await reply(scope, receive, send)
    if audited(scope):
        await record(scope, body, {"status": reply.status_code, "content_type": "application/json",
                                   "body": bytearray(reply.body)}, started)
