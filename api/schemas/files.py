from __future__ import annotations

from datetime import datetime

from api.envelope import CamelModel


class FileLink(CamelModel):
    url: str
    expires_at: datetime | None  # null: a public file's link does not expire


class StoredFilePublic(FileLink):
    id: int
    name: str
    size: int
    content_type: str
    public: bool
