"""Transaction id, language and access log for every call (plain ASGI: no per-call task overhead). The lean
calls (api/lean.py) are answered before this middleware and do the same with `Context` inline."""

from __future__ import annotations

import logging
import os
import time
from contextvars import Token

from starlette.types import Message, Receive, Scope, Send

from api.asgi import PlainMiddleware, header, is_api
from api.errors import internal_error_body
from domain.context import transaction_id
from domain.i18n import current_language, pick_language

log = logging.getLogger("omp.access")


def new_transaction_id() -> str:
    """32 random hex digits, as uuid4().hex had them, at a fraction of its cost."""
    return os.urandom(16).hex()


class Context:
    """One call's transaction id and language, set for everything the call runs until `close`."""

    def __init__(self, scope: Scope) -> None:
        self.tx = new_transaction_id()
        self.header = (b"x-transaction-id", self.tx.encode())
        language = header(scope, b"accept-language").decode()
        self.tokens: tuple[Token[str], Token[str]] = (
            transaction_id.set(self.tx), current_language.set(pick_language(language)))
        scope.setdefault("state", {})["started"] = self.started = time.perf_counter()

    def access_line(self, scope: Scope, status: int) -> None:
        if is_api(scope) and log.isEnabledFor(logging.INFO):
            log.info("%s %s %s", scope["method"], scope["path"], status,
                     extra={"status": status, "ms": round((time.perf_counter() - self.started) * 1000, 1)})

    def close(self) -> None:
        transaction_id.reset(self.tokens[0])
        current_language.reset(self.tokens[1])


async def answer_500(send: Send) -> None:
    """The reply to a call that failed before answering (the transaction id's header is the sender's)."""
    body = internal_error_body()
    await send({"type": "http.response.start", "status": 500, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class RequestContext(PlainMiddleware):
    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        context = Context(scope)
        status = 0

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], context.header]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            log.exception("unhandled error")
            if status:  # the reply has begun; nothing more can be said
                raise
            await answer_500(send_with_id)
        finally:
            context.access_line(scope, status)
            context.close()
