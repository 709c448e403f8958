"""`python -m api.openapi [path]`: write the OpenAPI document the web client is generated from."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from api.main import create_app


def document() -> str:
    return json.dumps(create_app().openapi(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"


if __name__ == "__main__":
    text = document()
    if len(sys.argv) > 1:
        Path(sys.argv[1]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
