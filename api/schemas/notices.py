from __future__ import annotations

from datetime import datetime
from typing import Annotated, ClassVar

from pydantic import AwareDatetime, Field, StringConstraints

from api.envelope import CamelModel
from api.resource.bounds import RowId
from api.resource.query import In, Like, Range, SearchParams
from domain.enums import ContentLanguage, ContentState, NoticeKind, ReleaseStatus
from domain.rules import notices as rules
from domain.rules.inputs import FieldRule

Title = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=rules.TITLE_MAX)]
# The markup may be longer than the 300 characters a reader sees (prepare() counts those); this bounds the body.
Html = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=rules.TEXT_MAX * 20)]
# The notice's rules across its fields, named with the schema's own refusals in one reply (api/errors.py)
RULES = (FieldRule(rules.notice_problems),)


class NoticeCreate(CamelModel):
    __rules__: ClassVar = RULES
    kind: NoticeKind
    title: Title
    language: ContentLanguage
    start_at: AwareDatetime
    end_at: AwareDatetime
    release_at: AwareDatetime
    state: ContentState
    pinned: bool
    ticket_id: RowId | None = None
    faq_id: RowId | None = None
    text: Html


class NoticeUpdate(CamelModel):
    __rules__: ClassVar = RULES
    id: RowId
    kind: NoticeKind | None = None
    title: Title | None = None
    language: ContentLanguage | None = None
    start_at: AwareDatetime | None = None
    end_at: AwareDatetime | None = None
    release_at: AwareDatetime | None = None
    state: ContentState | None = None
    pinned: bool | None = None
    ticket_id: RowId | None = None
    faq_id: RowId | None = None
    text: Html | None = None


class NoticePublic(CamelModel):
    id: int
    kind: NoticeKind
    title: str
    language: ContentLanguage
    start_at: datetime
    end_at: datetime
    release_at: datetime
    release_status: ReleaseStatus
    state: ContentState
    pinned: bool
    ticket_id: int | None
    ticket_title: str | None = None  # the linked ticket and FAQ as people know them
    faq_id: int | None
    faq_title: str | None = None
    text: str
    flow_pending: bool
    created_at: datetime
    updated_at: datetime


class NoticeFilters(SearchParams):
    title: Annotated[str | None, Like()] = None
    kind: NoticeKind | None = None
    language: Annotated[list[ContentLanguage] | None, In()] = None
    state: Annotated[list[ContentState] | None, In()] = None
    release_status: Annotated[list[ReleaseStatus] | None, In()] = None
    pinned: bool | None = None
    release_at: Annotated[list[AwareDatetime | None] | None, Range(), Field(max_length=2)] = None


class HomeNotice(CamelModel):
    """What a reader sees of a published notice on the home page."""

    id: int
    kind: NoticeKind
    title: str
    text: str
    pinned: bool
    release_at: datetime
    updated_at: datetime
    ticket_id: int | None
    faq_id: int | None


class NoticeFlow(CamelModel):
    """A notice's release flow: its id, and its page in the Temporal Web UI for operators."""

    workflow_id: str
    workflow_url: str | None
