"""Server-side messages in en (default), zh-CN and id; th and vi fall back to en.

Texts live in domain/locales/<lang>/<module>.json as flat dotted keys, one file a module. A missing key in a
language falls back to English, and a key missing everywhere is returned as is,
so an untranslated message is visible rather than silent.
"""

from __future__ import annotations

import json
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

LOCALES_DIR = Path(__file__).parent / "locales"
LANGUAGES = ("en", "zh-CN", "id")
DEFAULT_LANGUAGE = "en"

current_language: ContextVar[str] = ContextVar("current_language", default=DEFAULT_LANGUAGE)
# The API module answering (its route's first tag, set by api/errors.py): a field's label may differ per module. More
# names after it are read only when neither the module nor the shared labels name the field (a kit route's resource,
# whose labels head its export's columns).
label_scope: ContextVar[str | tuple[str, ...] | None] = ContextVar("label_scope", default=None)


@cache
def catalogue(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted((LOCALES_DIR / lang).glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def pick_language(accept_language: str | None) -> str:
    """The first supported language of an Accept-Language header, by quality order."""
    if not accept_language:
        return DEFAULT_LANGUAGE
    ranked: list[tuple[float, str]] = []
    for part in accept_language.split(","):
        tag, _, q = part.strip().partition(";q=")
        try:
            ranked.append((float(q) if q else 1.0, tag.strip()))
        except ValueError:
            continue
    for _, tag in sorted(ranked, key=lambda r: -r[0]):
        low = tag.lower()
        if low.startswith("zh"):
            return "zh-CN"
        if low in ("id", "in") or low.startswith(("id-", "in-")):
            return "id"
        if low.startswith("en"):
            return "en"
    return DEFAULT_LANGUAGE


def t(key: str, lang: str | None = None, **params: Any) -> str:
    """Translate `key` into `lang` (default: the request's language) with {name} parameters."""
    lang = lang or current_language.get()
    text = catalogue(lang).get(key) or catalogue(DEFAULT_LANGUAGE).get(key) or key
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def field_label(field: str, lang: str | None = None, module: str | tuple[str, ...] | None = None) -> str:
    """A field's translated label, or its own name when none is written. One wire name can mean different things
    in different modules (a ticket comment's `content` is the comment, a tip's or a mail's is its text), so
    `fields.<module>.<field>` for the module answering (`module`, else `label_scope`) comes before the shared
    `fields.<field>`; further names in `module` are read last (a kit route's resource)."""
    scope = module or label_scope.get() or ()
    first, *others = (scope,) if isinstance(scope, str) else scope or (None,)
    own = (f"fields.{first}.{field}",) if first else ()
    for key in (*own, f"fields.{field}", *(f"fields.{name}.{field}" for name in others)):
        label = t(key, lang)
        if label != key:
            return label
    return field


@cache
def enum_members(lang: str) -> dict[str, frozenset[str]]:
    """Every enumeration with labels (`enums.<Family>.<value>`) -> its values."""
    values: dict[str, set[str]] = {}
    for key in catalogue(lang):
        parts = key.split(".", 2)
        if len(parts) == 3 and parts[0] == "enums":
            values.setdefault(parts[1], set()).add(parts[2])
    return {family: frozenset(members) for family, members in values.items()}


@cache
def enum_families(lang: str) -> dict[frozenset[str], str]:
    """The values of every enumeration with labels -> the family's name; a set of values two families share
    exactly maps to neither (its labels are ambiguous: the field's own enumeration must say which)."""
    found: dict[frozenset[str], str] = {}
    for family, same in enum_members(lang).items():
        found[same] = "" if same in found else family
    return found


def one_of(values: list[str], lang: str | None = None, family: str | None = None) -> str:
    """Allowed values as the reader says "a, b or c": each by its label when the values are one enumeration's
    (`family`, the field's own, or the one enumeration with exactly these values)."""
    lang = lang or current_language.get()
    if not family or not set(values) <= enum_members(DEFAULT_LANGUAGE).get(family, frozenset()):
        family = enum_families(DEFAULT_LANGUAGE).get(frozenset(values))
    shown = [t(f"enums.{family}.{v}", lang) for v in values] if family else list(values)
    if len(shown) < 2:
        return "".join(shown)
    return t("common.list_or", lang, items=t("common.list_separator", lang).join(shown[:-1]), last=shown[-1])
