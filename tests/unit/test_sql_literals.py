"""No SQL assembled from pieces of text: every statement is a plain literal (one per shape, written out, so it can be
grepped for and pasted into psql) or a SQLAlchemy Core construct. A condition rendered by the data scope kit
(`DataScope.within`) is carried by a Core construct as `text(within)`, never spliced into a string.

Refused anywhere in the application's packages:
- an f-string, a `"...".join(...)`, a `%`/`+` of strings or a `"...".format(...)` passed to `text`, `execute`
  and their kin;
- an f-string whose own text reads as SQL (a statement keyword), wherever it goes afterwards.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("api", "services", "activities", "workflows", "demo", "domain", "worker")
RUNS_SQL = {"text", "execute", "executemany", "exec_driver_sql", "scalar", "scalars", "literal_column", "stream"}
SQL_WORDS = re.compile(r"\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|WHERE|ON CONFLICT|RETURNING|GROUP BY|ORDER BY)\b")


def called_name(call: ast.Call) -> str | None:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


def assembled(node: ast.AST) -> bool:
    """Text made of pieces: an f-string, a join, a format, or strings added or %-formatted together."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in {"join", "format"}:
        return isinstance(node.func.value, ast.Constant)  # psycopg's `sql.SQL(...).format(sql.Identifier(...))` quotes
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return any(isinstance(side, ast.Constant | ast.JoinedStr) and not isinstance(getattr(side, "value", ""), int)
                   for side in (node.left, node.right)) or assembled(node.left) or assembled(node.right)
    return False


def findings(source: str) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and called_name(node) in RUNS_SQL and node.args and assembled(node.args[0]):
            found.append((node.lineno, f"assembled text passed to {called_name(node)}()"))
        elif isinstance(node, ast.JoinedStr):
            words = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
            if SQL_WORDS.search(words):
                found.append((node.lineno, "an f-string of SQL"))
    return found


def sources() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_sql_is_assembled_from_text(path: Path) -> None:
    found = findings(path.read_text())
    assert not found, "\n".join(f"{path.relative_to(ROOT)}:{line}: {what}" for line, what in found)


@pytest.mark.parametrize("snippet", [
    'text(f"SELECT 1 WHERE {x}")',
    "db.execute(f'SELECT {cols} FROM t')",
    'db.execute(text(" ".join(parts)))',
    'text("SELECT " + cols + " FROM t")',
    'text("SELECT %s FROM t" % cols)',
    'text("SELECT {} FROM t".format(cols))',
    'sql = f"UPDATE t SET {assign} WHERE id = :id"',
    "text(f'''SELECT 1''')",
])
def test_the_check_finds_assembled_sql(snippet: str) -> None:
    assert findings(snippet)


@pytest.mark.parametrize("snippet", [
    'text("SELECT 1 WHERE id = :id")',
    "text(within)",
    'log.info(f"moved {n} units")',
    'db.execute(STATEMENT, {"id": 1})',
    'conn.execute(sql.SQL("create database {}").format(sql.Identifier(name)))',
])
def test_the_check_lets_literals_and_constructs_pass(snippet: str) -> None:
    assert not findings(snippet)


def test_the_written_out_available_stock_is_the_rule() -> None:
    from domain.models.stock import AVAILABLE_SQL
    from domain.rules.stock import AVAILABLE_OF

    terms = [("" if i == 0 else "+ " if sign > 0 else "- ") + bucket.value
             for i, (bucket, sign) in enumerate(AVAILABLE_OF.items())]
    assert " ".join(terms) == AVAILABLE_SQL
