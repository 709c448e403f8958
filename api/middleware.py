"""Transaction id, language and access log for every call (plain ASGI: no per-call task overhead)."""

from __future__ import annotations

import logging
import time
import uuid

from starlette.types import Message, Receive, Scope, Send

from api.asgi import PlainMiddleware, is_api
from api.errors import internal_error_body
from domain.context import transaction_id
from domain.i18n import current_language, pick_language

log = logging.getLogger("omp.access")


class RequestContext(PlainMiddleware):
    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope["headers"])
        tx = uuid.uuid4().hex
        tx_token = transaction_id.set(tx)
        lang_token = current_language.set(pick_language(headers.get(b"accept-language", b"").decode()))
        scope.setdefault("state", {})["started"] = started = time.perf_counter()
        status = 0

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-transaction-id", tx.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            log.exception("unhandled error")
            if status:  # the reply has begun; nothing more can be said
                raise
            body = internal_error_body()
            await send_with_id({"type": "http.response.start", "status": 500, "headers": [
                (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
            await send_with_id({"type": "http.response.body", "body": body})
        finally:
            if is_api(scope):
                log.info("%s %s %s", scope["method"], scope["path"], status,
                         extra={"status": status, "ms": round((time.perf_counter() - started) * 1000, 1)})
            transaction_id.reset(tx_token)
            current_language.reset(lang_token)
