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
    # a public file's address at the console's configured public URL (settings.public_url), for what is read
    # away from the console (a mail's image, a shared link): null for a private file, whose links expire
    public_link: str | None = None
