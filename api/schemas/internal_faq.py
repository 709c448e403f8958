from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import StringConstraints

from api.envelope import CamelModel
from api.resource.bounds import RowId
from api.resource.query import In, Like, SearchParams
from domain.enums import InternalFaqState

Question = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
Answer = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=20000)]
Category = Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)]


class InternalFaqCreate(CamelModel):
    question: Question
    answer: Answer
    category: Category | None = None
    state: InternalFaqState = InternalFaqState.DRAFT


class InternalFaqUpdate(CamelModel):
    id: RowId
    question: Question | None = None
    answer: Answer | None = None
    category: Category | None = None
    state: InternalFaqState | None = None


class InternalFaqPublic(CamelModel):
    id: int
    question: str
    answer: str
    category: str | None
    state: InternalFaqState
    created_at: datetime
    updated_at: datetime


class InternalFaqFilters(SearchParams):
    question: Annotated[str | None, Like("question", "answer")] = None
    category: Annotated[str | None, Like()] = None
    state: Annotated[list[InternalFaqState] | None, In()] = None
