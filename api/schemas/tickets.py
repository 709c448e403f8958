from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from pydantic import AfterValidator, AwareDatetime, Field, StringConstraints, field_validator, model_validator
from pydantic_core import PydanticCustomError
from sqlalchemy import BindParameter, any_, literal, not_, or_, select

from api.envelope import CamelModel, Page
from api.resource.bounds import bound_integers
from api.resource.query import In, Range, SearchParams, Where, escape_like
from api.schemas.types import Int32, Moment, harden
from api.schemas.users import Email
from domain.enums import (
    AttachmentKind,
    TicketIssueLevel,
    TicketIssueType,
    TicketLevel,
    TicketScope,
    TicketStatus,
)
from domain.models.tickets import Ticket, TicketWatcher

WORKFLOW_URL = ("the flow's page in the Temporal Web UI through the console; "
                "null unless the caller holds temporal#operate")
# SPEC §5 and §9: up to 4 images in the new-ticket form, up to 10 images and videos in the detail form.
NEW_FORM_IMAGES = 4
DETAIL_FORM_FILES = 10

Text200 = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
Text64 = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
LongText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=5000)]
Tag = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32)]


class AttachmentBody(CamelModel):
    kind: AttachmentKind
    file_id: Int32 | None = None
    url: Annotated[str, StringConstraints(strip_whitespace=True, max_length=1000)] | None = None
    name: Annotated[str, StringConstraints(max_length=255)] | None = None

    @field_validator("url")
    @classmethod
    def _web_link(cls, url: str | None) -> str | None:
        """Only http and https: a `javascript:` or `data:` link would run in whoever opens it."""
        if url:
            parts = urlsplit(url)
            if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
                raise PydanticCustomError("url_http", "an http or https link")
        return url

    @model_validator(mode="after")
    def _file_or_url(self) -> AttachmentBody:
        if self.file_id is None and not self.url:
            raise PydanticCustomError("file_or_url", "an uploaded file id or a URL")
        return self


def _images_only(items: list[AttachmentBody]) -> list[AttachmentBody]:
    if any(a.kind != AttachmentKind.IMAGE for a in items):
        raise PydanticCustomError("images_only", "images only")
    return items


NewFormImages = Annotated[list[AttachmentBody], Field(max_length=NEW_FORM_IMAGES), AfterValidator(_images_only)]
DetailFormFiles = Annotated[list[AttachmentBody], Field(max_length=DETAIL_FORM_FILES)]


class TicketFields(CamelModel):
    """What the new-ticket form and the edit form share."""

    description: LongText
    category: Text64
    application: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32)]
    issue_type: TicketIssueType
    account_id: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None
    account_email: Email | None = None
    tags: Annotated[list[Tag], Field(max_length=10)] = []
    project: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None
    pic_id: int | None = None
    rd_id: int | None = None
    estimated_at: Moment | None = None


class TicketCreate(TicketFields):
    title: Text200
    issue_level: TicketIssueLevel
    assignee_id: int | None = None
    attachments: NewFormImages = []


class TicketEdit(CamelModel):
    """Only the fields sent are changed."""

    title: Text200 | None = None
    description: LongText | None = None
    category: Text64 | None = None
    application: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32)] | None = None
    issue_type: TicketIssueType | None = None
    account_id: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None
    account_email: Email | None = None
    tags: Annotated[list[Tag], Field(max_length=10)] | None = None
    project: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None
    pic_id: int | None = None
    rd_id: int | None = None
    estimated_at: Moment | None = None


class ActionBody(CamelModel):
    """Start, claim, hold, approve, confirm, unconfirm, won't fix, reopen, unmerge, watch, unwatch, remind."""

    reason: Annotated[str, StringConstraints(strip_whitespace=True, max_length=2000)] | None = None


class CompleteBody(CamelModel):
    solution: LongText


class CommentBody(CamelModel):
    content: LongText
    attachments: DetailFormFiles = []


class MergeBody(CamelModel):
    """SPEC §5: merge needs a ticket id."""

    target_id: Int32 = Field(ge=1)


class PriorityBody(CamelModel):
    issue_level: TicketIssueLevel


class AssignBody(CamelModel):
    """Reassign: hand the ticket to another person (`ticket#assign`)."""

    assignee_id: int = Field(ge=1)
    reason: Annotated[str, StringConstraints(strip_whitespace=True, max_length=2000)] | None = None


class PriorityPreview(CamelModel):
    """What a priority change would do, before it is made."""

    level: TicketLevel
    first_response_due: datetime
    resolve_due: datetime
    breaches_now: list[Literal["FIRST_RESPONSE", "RESOLVE"]] = Field(
        description="the clocks still running whose new deadline is already past: the change breaches them at once")


def _breached(value: bool) -> Any:
    either = or_(Ticket.first_response_breached, Ticket.resolve_breached)
    return either if value else not_(either)


def _merged(value: bool) -> Any:
    return Ticket.merged_into_id.is_not(None) if value else Ticket.merged_into_id.is_(None)


def _keyword(value: str) -> Any:
    text = value.strip().lstrip("#")
    title = Ticket.title.ilike(f"%{escape_like(text)}%", escape="\\")
    return or_(title, Ticket.id == int(text)) if text.isdigit() and len(text) < 10 else title


class TicketFilters(SearchParams):
    scope: TicketScope = TicketScope.ALL
    keyword: Annotated[str | None, Where(_keyword)] = None
    status: Annotated[list[TicketStatus] | None, In()] = None
    level: Annotated[list[TicketLevel] | None, In()] = None
    category: Annotated[list[str] | None, In()] = None
    application: Annotated[list[str] | None, In()] = None
    issue_type: Annotated[list[TicketIssueType] | None, In()] = None
    assignee_id: int | None = None
    pic_id: int | None = None
    submitter_id: int | None = None
    account_id: str | None = None
    tag: Annotated[str | None, Where(lambda v: literal(v) == any_(Ticket.tags))] = None
    created_at: Annotated[list[AwareDatetime | None] | None, Range(), Field(max_length=2)] = None
    breached: Annotated[bool | None, Where(_breached)] = None
    merged: Annotated[bool | None, Where(_merged)] = None


def scope_clause(scope: TicketScope, user_id: int | BindParameter[int]) -> Any:
    """MINE: submitted by me; ASSIGNED: assigned to me; WATCHED: watched by me; ALL: no condition."""
    watched = Ticket.id.in_(select(TicketWatcher.ticket_id).where(TicketWatcher.user_id == user_id))
    return {TicketScope.MINE: Ticket.submitter_id == user_id, TicketScope.ASSIGNED: Ticket.assignee_id == user_id,
            TicketScope.WATCHED: watched, TicketScope.ALL: None}[scope]


def involved_clause(user_id: int | BindParameter[int]) -> Any:
    """The tickets a holder of "my tickets" only may see: submitted, assigned or watched."""
    return or_(*(scope_clause(s, user_id) for s in (TicketScope.MINE, TicketScope.ASSIGNED, TicketScope.WATCHED)))


# ---- replies -----------------------------------------------------------------------------------


class UserRef(CamelModel):
    id: int
    username: str
    display_name: str


class Elapsed(CamelModel):
    value: int
    unit: Literal["minutes", "hours", "days"]
    text: str


class SlaPublic(CamelModel):
    started_at: datetime
    in_work_time: bool
    first_response_due: datetime
    resolve_due: datetime
    first_response_at: datetime | None
    first_response_minutes: int | None
    resolved_at: datetime | None
    resolved_in_minutes: int | None
    first_response_breached: bool
    resolve_breached: bool
    breached: bool
    qualified: bool
    first_response_remaining_minutes: int | None = Field(description="None once responded; negative when overdue")
    resolve_remaining_minutes: int | None = Field(description="None once resolved; negative when overdue")
    elapsed: Elapsed


class TicketListItem(CamelModel):
    id: int
    title: str
    category: str
    application: str
    issue_type: TicketIssueType
    level: TicketLevel
    issue_level: TicketIssueLevel
    status: TicketStatus
    state: str = Field(description="the status, or MERGED for a closed ticket merged into another")
    submitter: UserRef | None
    assignee: UserRef | None
    pic: UserRef | None
    tags: list[str]
    account_id: str | None
    merged_into_id: int | None
    created_at: datetime
    updated_at: datetime
    last_reply_at: datetime | None
    closed_at: datetime | None
    sla: SlaPublic


class TicketCreated(TicketListItem):
    flow_pending: bool
    workflow_id: str
    workflow_url: str | None = Field(description=WORKFLOW_URL)


class TicketPage(Page[TicketListItem]):
    total_capped: bool = Field(default=False, description="more matches than `total`: show it as 10,000+")


class AttachmentPublic(CamelModel):
    id: int
    kind: AttachmentKind
    file_id: int | None
    url: str | None
    name: str | None
    created_at: datetime


class CommentPublic(CamelModel):
    id: int
    author: UserRef | None
    body: str
    created_at: datetime
    attachments: list[AttachmentPublic]


class HistoryPublic(CamelModel):
    seq: int
    at: datetime
    actor: UserRef | None
    actor_name: str
    action: str
    action_label: str
    from_status: TicketStatus | None
    to_status: TicketStatus | None
    detail: dict[str, Any]


class TicketRef(CamelModel):
    id: int
    title: str
    state: str


class TicketDetail(TicketListItem):
    description: str
    solution: str | None
    account_email: str | None
    project: str | None
    rd: UserRef | None
    estimated_at: datetime | None
    closed_by: UserRef | None
    watchers: list[UserRef]
    watching: bool
    comments: list[CommentPublic]
    attachments: list[AttachmentPublic]
    history: list[HistoryPublic]
    allowed_actions: list[str]
    merged_from: list[TicketRef] = Field(description="the tickets merged into this one")
    merged_into: TicketRef | None = Field(description="the ticket this one is merged into")
    flow_pending: bool
    workflow_id: str
    workflow_url: str | None = Field(description=WORKFLOW_URL)


class StatusCount(CamelModel):
    status: str
    count: int


class NavbarGroup(CamelModel):
    total: int
    by_status: list[StatusCount]


class NavbarItem(CamelModel):
    id: int
    title: str
    status: TicketStatus
    level: TicketLevel
    breached: bool
    resolve_due: datetime


NavbarGroupName = Literal["assigned", "submitted", "watched"]


class TicketNavbar(CamelModel):
    assigned: NavbarGroup
    submitted: NavbarGroup
    watched: NavbarGroup
    group: NavbarGroupName
    scope: TicketScope = Field(description="The list scope showing the group's tickets (my tickets page).")
    items: list[NavbarItem] = Field(description="The group's open tickets, soonest resolve deadline first.")


# Written to a ticket's columns by the hand-written ticket routes: the columns' integer ranges hold here too.
bound_integers(Ticket, TicketCreate, TicketEdit, AssignBody)


harden(AttachmentBody, TicketCreate, TicketEdit)  # requests: names one line, numbers and times in range
