"""One place that turns every failure into a translated envelope with a fitting HTTP status."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from enum import Enum
from functools import cache
from typing import Any

import psycopg
from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, TypeAdapter, ValidationError
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException
from temporalio.client import WorkflowUpdateRPCTimeoutOrCancelledError
from temporalio.service import RPCError

from api.envelope import failure
from api.schemas.types import SINGLE_LINE, inner_type
from domain.context import transaction_id
from domain.db import refused_value
from domain.errors import DomainError, Invalid, NotFound, Problem
from domain.i18n import field_label, label_scope, one_of, t
from domain.rules.inputs import FieldRule
from services.flows import TemporalTimeout, is_outage

log = logging.getLogger("omp.errors")

# pydantic error type -> our rule key
RULES = {
    "missing": "required", "string_too_short": "min_length", "string_too_long": "max_length",
    "too_short": "min_items", "too_long": "max_items", "greater_than_equal": "ge",
    "less_than_equal": "le", "greater_than": "gt", "less_than": "lt", "int_parsing": "integer",
    "int_type": "integer", "int_from_float": "integer", "float_parsing": "number", "float_type": "number",
    "decimal_parsing": "number", "bool_parsing": "boolean", "bool_type": "boolean", "string_type": "string",
    "date_parsing": "date", "date_from_datetime_parsing": "date", "date_type": "date",
    "datetime_parsing": "datetime", "datetime_from_date_parsing": "datetime", "datetime_type": "datetime",
    "list_type": "list", "dict_type": "object", "model_type": "object", "model_attributes_type": "object",
    "enum": "enum", "literal_error": "enum", "string_pattern_mismatch": "pattern",
    "json_invalid": "json", "extra_forbidden": "extra", "url_parsing": "url", "url_scheme": "url",
    "value_error": "invalid", "assertion_error": "invalid", "timezone_aware": "timezone",
}


def field_path(loc: tuple[Any, ...]) -> str:
    """`("body", "items", 0, "name")` -> `items[0].name`; the location kind is dropped."""
    parts = [p for p in loc if p not in ("body", "query", "path", "header", "cookie")]
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "body"


def beyond_int32(value: Any) -> bool:
    """A path parameter no `integer` id column holds (the request guard keeps them within 64 bits)."""
    text = str(value).lstrip("-")
    return text.isdigit() and not -(2**31) <= int(value) < 2**31


def allowed(expected: str) -> list[str]:
    """pydantic's "'a', 'b' or 'c'" as its values."""
    return [v.strip().strip("'") for v in re.split(r",| or ", expected) if v.strip()]


def enum_at(model: type[BaseModel] | None, loc: tuple[Any, ...]) -> str | None:
    """The enumeration the body field at `loc` holds (`("body", "status", 0)` of a list of OrderSyncStatus ->
    "OrderSyncStatus"): two enumerations may share their values but not their labels."""
    if loc[:1] != ("body",):
        return None
    found: str | None = None
    for part in (p for p in loc[1:] if isinstance(p, str)):  # list positions name no field
        info = None if model is None else next(
            (i for name, i in model.model_fields.items() if part in (name, i.alias)), None)
        if info is None:
            return None
        kind, _ = inner_type(info.annotation)
        held = kind if isinstance(kind, type) else None
        found = held.__name__ if held and issubclass(held, Enum) else None
        model = held if held and issubclass(held, BaseModel) else None
    return found


def describe(error: dict[str, Any], model: type[BaseModel] | None = None) -> dict[str, Any]:
    """One field error: the field, the rule broken and the translated message naming both (`model`: the body's
    schema, whose fields say which enumeration a refused value was meant for)."""
    kind = error.get("type", "value_error")
    field = "body" if kind == "json_invalid" else field_path(tuple(error.get("loc", ())))
    rule = RULES.get(kind, kind)
    if kind == "string_pattern_mismatch" and (error.get("ctx") or {}).get("pattern") == SINGLE_LINE:
        rule = "single_line"
    ctx = {k: (", ".join(map(str, v)) if isinstance(v, list | tuple) else v)
           for k, v in (error.get("ctx") or {}).items() if k != "error"}
    values = allowed(str(ctx["expected"])) if kind in ("enum", "literal_error") and "expected" in ctx else []
    if values:  # the message says them by their labels, in the reader's words; `allowed` keeps them as sent
        ctx["expected"] = one_of(values, family=enum_at(model, tuple(error.get("loc", ()))))
    leaf = field.rsplit(".", 1)[-1].split("[", 1)[0]
    key = f"rules.{rule}"
    message = t(key, field=field_label(leaf), detail=error.get("msg", ""), **ctx)
    if message == key:  # a custom rule without its own text
        message = t("rules.invalid", field=field_label(leaf), detail=error.get("msg", ""))
    return {"field": field, "rule": rule, "message": message, **({"allowed": values} if values else {})}


def validation_reply(errors: list[dict[str, Any]], also: list[Problem] | None = None,
                     model: type[BaseModel] | None = None) -> JSONResponse:
    """One 422 naming every problem: the schema's, then those the module's rules find in the valid fields."""
    details = [describe(e, model) for e in errors] + [problem_entry(p) for p in also or ()]
    message = "; ".join(d["message"] for d in details)
    return JSONResponse(failure("VALIDATION_FAILED", message, {"errors": details}), status_code=422)


def message_of(exc: DomainError) -> str:
    """The translated message of a business refusal, its parameters filled in."""
    # a parameter naming an enumeration value's label (`enums.StockBucket.available`) is shown translated
    params = {k: t(v) if isinstance(v, str) and v.startswith("enums.") else v for k, v in exc.params.items()}
    if "entity" in params:
        params["entity"] = t(f"entities.{params['entity']}")
    if exc.field:
        params.setdefault("field", field_label(exc.field))
    return t(f"errors.{exc.code}", **params)


def problem_entry(problem: Problem) -> dict[str, Any]:
    """One broken field rule as the 422 lists it: the field, the rule and the translated message naming both."""
    # a parameter naming an enumeration value's label (`enums.AddonType.OMS_OPEN_API`) is shown translated
    params = {k: t(v) if isinstance(v, str) and v.startswith("enums.") else v
              for k, v in problem.params.items() if k not in ("field", "rule")}
    label = field_label(problem.field.rsplit(".", 1)[-1])
    message = t(f"rules.{problem.rule}", field=label, **params)
    if message == f"rules.{problem.rule}":  # a refusal of its own named among the field problems (a value taken)
        message = t(f"errors.{problem.rule}", field=label, **params)
    return {"field": problem.field, "rule": problem.rule, "message": message}


def domain_reply(exc: DomainError) -> JSONResponse:
    if isinstance(exc, Invalid) or (exc.code == "VALIDATION_FAILED" and exc.field):
        problems = exc.problems if isinstance(exc, Invalid) else [
            Problem(exc.field or "body", str(exc.params.get("rule", "invalid")), exc.params)]
        details = [problem_entry(p) for p in problems]
        message = "; ".join(d["message"] for d in details)
        return JSONResponse(failure("VALIDATION_FAILED", message, {"errors": details}), status_code=exc.status)
    params = dict(exc.params)
    message = message_of(exc)
    headers = {"Retry-After": str(params["seconds"])} if exc.status == 429 and "seconds" in params else None
    data = exc.data if exc.data is not None else ({"field": exc.field} if exc.field else None)
    return JSONResponse(failure(exc.code, message, data), status_code=exc.status, headers=headers)


def body_model(request: Request) -> type[BaseModel] | None:
    """The schema of the route's body when it is one model sent whole (not embedded beside other body values)."""
    route = request.scope.get("route")
    field = getattr(route, "body_field", None)
    model = getattr(getattr(field, "field_info", None), "annotation", None)
    if field is None or getattr(route, "_embed_body_fields", False):
        return None
    return model if isinstance(model, type) and issubclass(model, BaseModel) else None


@cache
def field_adapter(model: type[BaseModel], name: str) -> TypeAdapter[Any]:
    info = model.model_fields[name]
    return TypeAdapter(info.rebuild_annotation())


def valid_fields(model: type[BaseModel], body: Mapping[str, Any], broken: set[str]) -> dict[str, Any]:
    """The body's fields that pass their own schema, by attribute name, as the model would hold them (the
    defaults of those not sent)."""
    values: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        key = info.alias or name
        if key in broken or name in broken:
            continue
        if key not in body and name not in body:
            if not info.is_required():
                values[name] = info.get_default(call_default_factory=True, validated_data={})
            continue
        try:
            values[name] = field_adapter(model, name).validate_python(body[key] if key in body else body[name])
        except ValidationError:
            continue
    return values


def rule_problems(request: Request, errors: list[dict[str, Any]], body: Any) -> list[Problem]:
    """What the body schema's declared rules (`__rules__`, domain/rules/inputs.FieldRule) find in the fields that
    passed it: a form learns every problem in one reply, not the schema's now and the rules' on the next save."""
    model = body_model(request)
    rules: tuple[FieldRule, ...] = getattr(model, "__rules__", ())
    if model is None or not rules or not isinstance(body, Mapping):
        return []
    locations = [tuple(e.get("loc", ())) for e in errors]
    if any(not loc or loc[0] != "body" for loc in locations):
        return []  # a broken query or path: the request is not a form's body
    broken = {str(loc[1]) if len(loc) > 1 else "" for loc in locations}
    if "" in broken:
        return []  # the body as a whole is wrong (not an object, bad JSON)
    values = valid_fields(model, body, broken)
    found = [p for rule in rules for p in rule.problems(values)]
    return [p for p in found if p.field.split(".", 1)[0].split("[", 1)[0] not in broken]


OUT_OF_RANGE = "22003"  # SQLSTATE numeric_value_out_of_range
LABELS = "__field_labels__"  # on a route's endpoint: the resource whose labels name its fields (api/resource)


def label_routes(router: APIRouter, resource: str) -> None:
    """Refusals on these routes name fields as the resource heads its columns (`fields.Merchant.shopCount`)."""
    for route in router.routes:
        endpoint = getattr(route, "endpoint", None)
        if endpoint is not None:
            setattr(endpoint, LABELS, resource)


@contextmanager
def labels_of(request: Request) -> Iterator[None]:
    """Field labels as the answering module names them (domain/i18n.field_label): its route's first tag, and for
    a field no label names so, the resource of a kit route."""
    route = request.scope.get("route")
    tags = getattr(route, "tags", None) or [None]
    own = getattr(getattr(route, "endpoint", None), LABELS, None)
    token = label_scope.set(tuple(str(name) for name in (tags[0], own) if name is not None))
    try:
        yield
    finally:
        label_scope.reset(token)


def install(app: FastAPI) -> None:
    @app.exception_handler(DomainError)
    async def _domain(request: Request, exc: DomainError) -> JSONResponse:
        with labels_of(request):
            return domain_reply(exc)

    @app.exception_handler(RequestValidationError)
    async def _request_invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = list(exc.errors())
        with labels_of(request):
            return validation_reply(errors, rule_problems(request, errors, exc.body), body_model(request))

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> JSONResponse:
        code = {404: "ROUTE_NOT_FOUND", 405: "METHOD_NOT_ALLOWED", 401: "UNAUTHORIZED",
                403: "NO_PERMISSION"}.get(exc.status_code, "BAD_REQUEST")
        return JSONResponse(failure(code, t(f"errors.{code}", path=request.url.path)),
                            status_code=exc.status_code)

    @app.exception_handler(psycopg.DataError)  # the plain pool's statements raise psycopg's own
    @app.exception_handler(psycopg.IntegrityError)
    @app.exception_handler(DBAPIError)
    async def _db_refused(request: Request, exc: Exception) -> JSONResponse:
        """The last net under the input rules: a value the database refuses is the caller's 422, never a 500."""
        state = refused_value(exc)
        if state is None:  # not the caller's value: the request middleware answers 500 with the transaction id
            raise exc
        log.warning("database refused a value (SQLSTATE %s): %s", state, getattr(exc, "orig", exc))
        if state == OUT_OF_RANGE and any(beyond_int32(v) for v in request.path_params.values()):
            return domain_reply(NotFound(entity="Record"))  # no row has an id its column cannot hold
        return JSONResponse(failure("DATA_REFUSED", t("errors.DATA_REFUSED", detail=state)), status_code=422)

    @app.exception_handler(psycopg.OperationalError)  # the plain pool: no free connection in time, or none at all
    @app.exception_handler(PoolTimeout)  # the ORM pool: no free connection in time
    @app.exception_handler(OperationalError)
    async def _db_down(_: Request, exc: Exception) -> JSONResponse:
        log.error("database unavailable: %s", exc)
        return JSONResponse(failure("SERVICE_UNAVAILABLE", t("errors.SERVICE_UNAVAILABLE", service="PostgreSQL")),
                            status_code=503)


    @app.exception_handler(RPCError)  # a Temporal call no route answered for: its outage is a 503, not a bug
    @app.exception_handler(WorkflowUpdateRPCTimeoutOrCancelledError)
    @app.exception_handler(TemporalTimeout)
    async def _temporal_down(_: Request, exc: Exception) -> JSONResponse:
        if not is_outage(exc):
            raise exc
        log.error("Temporal unavailable: %s", exc)
        return JSONResponse(failure("SERVICE_UNAVAILABLE", t("errors.SERVICE_UNAVAILABLE", service="Temporal")),
                            status_code=503)


def internal_error_body() -> bytes:
    """The 500 envelope, written by the request middleware so it keeps the transaction id."""
    tx = transaction_id.get()
    return json.dumps(failure("INTERNAL_ERROR", t("errors.INTERNAL_ERROR", transactionId=tx))).encode()
