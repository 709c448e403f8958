"""The one middleware every call passes (plain ASGI: no per-call task, one layer). In order, for an HTTP call:

1. it names the call, the holder of a Temporal breaker trial, and gives back a trial the call left without a
   verdict however the call ends (api/flows.py `CALL`);
2. the client's address and scheme as trusted proxies tell them (api/client_address.py), before anything reads
   them: the access log, the throttle, the operation log;
3. the transaction id, the language and the access line (`Context`); a call that fails before answering gets the
   500 reply;
4. the security headers and the `X-Transaction-Id` header on every reply, its own 500 replies included;
5. for an API call (/cms/...): the body limit and the input rules (api/input_guard.py `guarded`), then the operation
   log (api/audit_log.py `logged`), which also runs a call again when its kept caller turned out not current
   (api/kept_callers.py).
"""

from __future__ import annotations

import logging
import os
import time
from contextvars import Token

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.asgi import header, is_api
from api.client_address import place_client
from api.errors import internal_error_body
from api.flows import CALL
from api.input_guard import guarded
from api.page_security import secured
from domain.context import transaction_id
from domain.i18n import current_language, pick_language
from services.flows import breaker

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


class ConsoleFront:
    """The app's one middleware (module doc)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            place_client(scope)  # a websocket's client too
            await self.app(scope, receive, send)
            return
        call = scope[CALL] = object()
        try:
            place_client(scope)
            await self.answer(scope, receive, send)
        finally:
            breaker.release(call)

    async def answer(self, scope: Scope, receive: Receive, send: Send) -> None:
        context = Context(scope)
        status = 0

        async def send_marked(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = secured([*message.get("headers", []), context.header])
            await send(message)

        try:
            if is_api(scope):
                await guarded(self.app, scope, receive, send_marked)
            else:
                await self.app(scope, receive, send_marked)
        except Exception:
            log.exception("unhandled error")
            if status:  # the reply has begun; nothing more can be said
                raise
            await answer_500(send_marked)
        finally:
            context.access_line(scope, status)
            context.close()
