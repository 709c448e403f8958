"""Two API schemas with one class name make FastAPI name both by their module path
(`api__schemas__tracking__EventPublic`), which renames a type the web already uses and breaks its build. The
committed document (kept equal to the app's by `make check-openapi`) must have none."""

from __future__ import annotations

import json
import re
from pathlib import Path

MODULE_PATH_NAME = re.compile(r"^[a-z][a-z0-9_]*__")


def test_no_two_schemas_share_a_class_name():
    document = json.loads((Path(__file__).parents[2] / "web" / "openapi.json").read_text())
    clashes = [name for name in document["components"]["schemas"] if MODULE_PATH_NAME.match(name)]
    assert clashes == [], f"rename one of each pair of schema classes with the same name: {clashes}"


def test_the_check_sees_a_clash():
    assert MODULE_PATH_NAME.match("api__schemas__tracking__EventPublic")
    assert not MODULE_PATH_NAME.match("Reply_Page_EventPublic__")
