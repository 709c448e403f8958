"""Structured JSON logs; every line carries the transaction id of the call that wrote it."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime

from domain.context import transaction_id

_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "transactionId": transaction_id.get(),
        }
        line.update({k: v for k, v in vars(record).items() if k not in _STANDARD})
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        record.transaction = transaction_id.get()
        return super().format(record)


def configure_logging(level: str = "INFO", as_json: bool = True) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        JsonFormatter() if as_json
        else TextFormatter("%(asctime)s %(levelname)s %(name)s [%(transaction)s] %(message)s")
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
    # The API's own access line (omp.access) carries the transaction id and duration; one is enough.
    logging.getLogger("uvicorn.access").handlers[:] = []
    logging.getLogger("uvicorn.access").propagate = False
    # httpx logs every request at INFO: the order and product syncs' page requests, a few a second, would bury the
    # console's own lines. A failed request is still logged by the code that made it.
    logging.getLogger("httpx").setLevel(logging.WARNING)
