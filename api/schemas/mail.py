"""Timed mails and the mail history (SPEC §3, §5): what a form sends and what the lists show."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, ClassVar

from pydantic import AfterValidator, AwareDatetime, Field
from pydantic_core import PydanticCustomError

from api.envelope import CamelModel
from api.resource.bounds import RowId
from api.resource.query import In, Like, Range, SearchParams
from api.schemas.calendars import TimeZone
from api.schemas.types import Int32, Moment, WallOrInstant
from domain.enums import MailKind, MailRepeat, MailReport, MailSendStatus, MailTaskStatus
from domain.rules import mail as rules
from domain.rules.inputs import FieldRule
from domain.rules.mail_headers import header_safe
from domain.rules.rich_text import sanitize_html


def address(value: str) -> str:
    """One address checked (email-validator, no DNS) and normalised; each wrong one of a list is named at its
    place (`recipients[2]`), all in one reply. An international one (`jörg.müller@exämple.de`) is kept as written:
    it is sent as domain/rules/mail_headers.py says."""
    normal = rules.normalise_address(value)
    if normal is None:
        raise PydanticCustomError(rules.address_rule(value), "not a valid email address", {"value": value})
    return normal


def distinct(values: list[str]) -> list[str]:
    """The addresses once each, in their order (one written twice, in another case, is one mailbox)."""
    found: dict[str, str] = {}
    for value in values:
        found.setdefault(value.lower(), value)
    return list(found.values())


Address = Annotated[str, Field(max_length=254), AfterValidator(address)]


def _header_line(value: str) -> str:
    """A subject becomes a header line: a line break would end it (or add headers), a control character garbles it."""
    if not header_safe(value):
        raise PydanticCustomError("header_line", "must be one line without control characters")
    return value


def _content(value: str) -> str:
    clean = sanitize_html(value)
    if not clean.strip():
        raise PydanticCustomError("missing", "the content is empty once cleaned")
    return clean


Recipients = Annotated[list[Address], Field(min_length=1, max_length=rules.MAX_RECIPIENTS), AfterValidator(distinct)]
Copies = Annotated[list[Address], Field(max_length=rules.MAX_CC), AfterValidator(distinct)]
Subject = Annotated[str, Field(min_length=1, max_length=rules.SUBJECT_MAX), AfterValidator(_header_line)]
Content = Annotated[str, Field(min_length=1, max_length=rules.CONTENT_MAX), AfterValidator(_content)]


class MailTaskWrite(CamelModel):
    # the first send as the repeat kind needs it, named with the schema's own refusals in one reply (api/errors.py)
    __rules__: ClassVar = (FieldRule(lambda v: rules.send_at_problems(v["repeat"], v.get("send_at"), v["time_zone"],
                                                                      datetime.now(UTC)), ("repeat", "time_zone")),)
    recipients: Recipients
    cc: Copies = []
    subject: Subject
    kind: MailKind = MailKind.COMMON
    report: MailReport | None = Field(default=None, description="BI mails: the console report attached; TICKETS "
                                                                "when not given")
    content: Content
    attachment_ids: list[Int32] = Field(default=[], max_length=10,
                                      description="ids of files whose upload has finished (common/upload-file)")
    repeat: MailRepeat
    # a wall time in the task's zone is what a sender means; an instant with its offset is taken as it is
    send_at: WallOrInstant | None = Field(
        default=None,
        description="the first send as a wall time in `timeZone` (an offset given is converted); ONCE: now")
    time_zone: TimeZone


class MailTaskCreate(MailTaskWrite):
    pass


class MailTaskUpdate(MailTaskWrite):
    id: Int32


class MailPreviewQuery(CamelModel):
    repeat: MailRepeat
    send_at: WallOrInstant | None = None
    time_zone: TimeZone


class MailPreview(CamelModel):
    sends: list[datetime]
    time_zone: str


class MailAttachment(CamelModel):
    id: int
    name: str


class MailTaskPublic(CamelModel):
    id: int
    owner_id: int | None
    owner_name: str | None = None
    recipients: list[str]
    cc: list[str]
    subject: str
    kind: MailKind
    report: MailReport | None
    content: str
    attachments: list[MailAttachment] = []
    repeat: MailRepeat
    send_at: datetime
    time_zone: str
    status: MailTaskStatus
    paused_reason: str | None
    consecutive_failures: int
    next_sends: list[datetime] = []
    schedule_id: str
    schedule_url: str | None = Field(default=None, description="the Schedule in the Temporal Web UI "
                                                               "(holders of temporal#operate)")
    created_at: datetime
    updated_at: datetime


class MailTaskFilters(SearchParams):
    subject: Annotated[str | None, Like()] = None
    status: Annotated[list[MailTaskStatus] | None, In()] = None
    repeat: Annotated[list[MailRepeat] | None, In()] = None
    kind: Annotated[list[MailKind] | None, In()] = None


class MailHistoryFilters(SearchParams):
    task_id: int | None = None
    recipient: Annotated[str | None, Like()] = None
    status: Annotated[list[MailSendStatus] | None, In()] = None
    fire_time: Annotated[list[AwareDatetime | None] | None, Range(), Field(max_length=2)] = None


class MailHistoryItem(CamelModel):
    id: int
    task_id: int
    subject: str
    fire_time: datetime
    recipient: str
    copy_: bool = Field(alias="copy")
    status: MailSendStatus
    message_id: str
    server_id: str | None
    smtp_error: str | None
    smtp_reply: str | None = Field(default=None, description="the mail server's last reply: to the final '.' of a "
                                                             "sent mail, or the refusal of a failed one")
    attempts: int
    sent_at: datetime | None
    updated_at: datetime
    attachment_names: list[str]
    workflow_id: str
    workflow_url: str | None = None


class MailAttemptPublic(CamelModel):
    attempt: int
    at: datetime
    result: MailSendStatus
    reply: str | None


class MailHistoryDetail(MailHistoryItem):
    attempt_list: list[MailAttemptPublic] = Field(default=[], description="every attempt, the first first")


class MailRetryFire(CamelModel):
    task_id: RowId
    fire_time: Moment


class MailRetryRange(CamelModel):
    fire_time: Annotated[list[Moment], Field(min_length=2, max_length=2,
                                                    description="[from, to) of the fires' nominal times")]


class MailRetried(CamelModel):
    rows: int
    fires: int
