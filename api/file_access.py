"""Who may have a link to a private file: its uploader, a super user, or whoever a module vouches for because
the file is attached to something they may see (ticket attachments: api/ticket_ops.py). The same rule decides
which files a caller may attach, so attaching a file cannot hand it to a wider audience."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.principals import Principal
from domain.errors import Invalid
from domain.models.files import StoredFile

# (db, caller, private file ids) -> the ids among them the caller may read through the module's records
FileReader = Callable[[AsyncSession, Principal, list[int]], Awaitable[set[int]]]
READERS: list[FileReader] = []


def file_reader(reader: FileReader) -> FileReader:
    """Registers a module's rule for the files attached to its records."""
    READERS.append(reader)
    return reader


async def readable(db: AsyncSession, user: Principal, rows: Iterable[StoredFile]) -> set[int]:
    """The ids of `rows` the caller may read."""
    rows = list(rows)
    allowed = {r.id for r in rows if r.public or user.is_super or r.uploaded_by == user.id}
    rest = [r.id for r in rows if r.id not in allowed]
    for reader in READERS:
        if not rest:
            break
        allowed |= await reader(db, user, rest)
        rest = [i for i in rest if i not in allowed]
    return allowed


async def may_read(db: AsyncSession, user: Principal, row: StoredFile) -> bool:
    return row.id in await readable(db, user, [row])


async def ensure_readable(db: AsyncSession, user: Principal, ids: Iterable[int | None], field: str) -> None:
    """Refuses, naming the field, file ids that do not exist or that the caller may not read (the same answer
    for both: a refusal must not tell whether somebody else's file exists)."""
    wanted = list(dict.fromkeys(i for i in ids if i is not None))
    if not wanted:
        return
    rows = (await db.scalars(select(StoredFile).where(StoredFile.id.in_(wanted)))).all()
    allowed = await readable(db, user, rows)
    missing = [i for i in wanted if i not in allowed]
    if missing:
        raise Invalid(field, "not_found", ids=", ".join(map(str, missing)))
