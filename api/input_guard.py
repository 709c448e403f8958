"""The door every /cms/ call passes before routing: a body size limit, and the input rules of
domain/rules/inputs.py over the whole JSON body and the query string (docs/decisions/input-rules.md).

It sits outside the lean reads and the operation log, so no route, lean or not, sees a value the database
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
from starlette.types import Message, Receive, Scope, Send

from api.asgi import ApiMiddleware, header
from api.audit_log import audited, record
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


def body_problem(body: bytes, max_depth: int, max_text: int) -> Problem | None:
    return checked_body(body, max_depth, max_text)[1]


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


async def plain_json_body(scope: Scope, receive: Receive) -> tuple[bytes | None, bool, Any]:
    """For a call answered before this middleware (api/lean.py): its body as read so far (None: nothing read),
    whether InputGuard would pass it as a JSON body without a word, and the body parsed (when it would). When it
    would not (a rule broken, too large, not JSON), the caller hands the call, with what was read, to the
    middleware stack, where InputGuard refuses it as usual."""
    settings = get_settings()
    content_type = header(scope, b"content-type", b"json")
    if (b"json" not in content_type or content_type.startswith(b"multipart/") or scope["method"] in NO_BODY
            or query_problem(scope, settings.text_max_chars) is not None):
        return None, False, None
    limit, declared = settings.body_max_bytes, header(scope, b"content-length", b"0")
    if declared.isdigit() and int(declared) > limit:
        return None, False, None
    body = bytearray()
    while True:  # as read_body, keeping what was read when it is too large
        message = await receive()
        if message["type"] != "http.request":
            return bytes(body), False, None
        body.extend(message.get("body", b""))
        if len(body) > limit:
            return bytes(body), False, None
        if not message.get("more_body"):
            break
    parsed, problem = checked_body(bytes(body), settings.body_max_depth, settings.text_max_chars)
    return bytes(body), problem is None, parsed


class InputGuard(ApiMiddleware):
    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        settings = get_settings()
        problem = query_problem(scope, settings.text_max_chars)
        if problem is not None:
            await self.refuse(scope, b"", refusal(problem), receive, send, started)
            return
        headers = dict(scope["headers"])
        if headers.get(b"content-type", b"").startswith(b"multipart/") and scope["method"] not in NO_BODY:
            await self.guard_multipart(scope, receive, send, headers.get(b"content-length", b""), started)
            return
        if scope["method"] in NO_BODY:
            await self.app(scope, receive, send)
            return
        limit = settings.body_max_bytes
        declared = headers.get(b"content-length", b"0")
        try:
            if declared.isdigit() and int(declared) > limit:
                raise BodyTooLarge
            body = await read_body(receive, limit)
        except BodyTooLarge:
            await self.refuse(scope, b"", too_large(limit), receive, send, started)
            return
        if b"json" in headers.get(b"content-type", b"json"):
            problem = body_problem(body, settings.body_max_depth, settings.text_max_chars)
            if problem is not None:
                await self.refuse(scope, body, refusal(problem), receive, send, started)
                return
        await self.app(scope, replay(body, receive), send)

    async def guard_multipart(self, scope: Scope, receive: Receive, send: Send, declared: bytes,
                              started: float) -> None:
        """Past the cap (declared or counted while streaming) the app sees the client leave, and its reply, whatever
        it was, is replaced by the 413."""
        cap = multipart_cap()
        if declared.isdigit() and int(declared) > cap:
            await self.refuse(scope, b"", upload_too_large(cap), receive, send, started)
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

        await self.app(scope, counted, replaced)

    async def refuse(self, scope: Scope, body: bytes, reply: JSONResponse, receive: Receive, send: Send,
                     started: float) -> None:
        await reply(scope, receive, send)
        if audited(scope):
            await record(scope, body, {"status": reply.status_code, "content_type": "application/json",
                                       "body": bytearray(reply.body)}, started)


def replay(body: bytes, receive: Receive) -> Receive:
    """The body read once, handed to the app as if it came now; then the client's own messages (disconnect)."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        message: Any = await receive()
        return message

    return again
