"""File upload on the storage backend (type allow-list, size limit) and signed download links served by the
API (SPEC §7). A private file's link expires; a public file's link does not. The common tools' unrestricted
upload takes any type under its own permission and a hard size cap, and is only ever served as a download.
Every upload is recorded in the audit trail (entity File, action upload)."""

from __future__ import annotations

import hashlib
import time
import uuid
from datetime import UTC, datetime
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, File, Query, UploadFile
from fastapi.responses import StreamingResponse

from api.deps import AUTHENTICATED, PUBLIC, Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.file_access import may_read
from api.resource.scope import THROUGH_RECORDS, declares
from api.schemas.files import FileLink, StoredFilePublic
from api.schemas.types import Int64
from domain import audit
from domain.errors import DomainError, Invalid, NotFound
from domain.models.files import StoredFile
from domain.rules.files import (
    ALLOWED,
    OPAQUE,
    SNIFF_BYTES,
    FileType,
    file_type,
    link_state,
    name_problem,
    signature,
    stored_suffix,
)
from domain.rules.image_check import renders_safely
from domain.settings import get_settings
from domain.storage import get_storage, signing_key

router = APIRouter(prefix="/common", tags=["files"])
# The types a reply may carry: the allow-list's and the opaque one; nothing a browser renders as a document.
SAFE_TYPES = {kind.content_type for kind in ALLOWED.values()} | {OPAQUE.content_type}
INLINE_AREA = "images"  # the storage keys of images checked at upload to open in the browser (image_check)


def link(row: StoredFile) -> dict[str, Any]:
    expires = None if row.public else int(time.time()) + get_settings().file_url_ttl_seconds
    query = f"signature={signature(signing_key(), row.id, expires)}"
    if expires:
        query = f"expires={expires}&{query}"
    return {"url": f"/cms/common/file/{row.id}?{query}",
            "expiresAt": datetime.fromtimestamp(expires, UTC) if expires else None}


def public_view(row: StoredFile) -> dict[str, Any]:
    view = {"id": row.id, "name": row.name, "size": row.size, "contentType": row.content_type,
            "public": row.public, **link(row)}
    return view | {"publicLink": get_settings().console_web + view["url"] if row.public else None}


async def store(upload: UploadFile, db: SessionDep, user: Principal, *, public: bool,
                unrestricted: bool = False) -> dict[str, Any]:
    settings = get_settings()
    limit = settings.upload_unrestricted_max_bytes if unrestricted else settings.upload_max_bytes
    content = await upload.read(limit + 1)
    if len(content) > limit:
        raise DomainError("FILE_TOO_LARGE", status=413, limitMb=limit // (1024 * 1024))
    if not content:
        raise DomainError("FILE_EMPTY", status=422)
    name = (upload.filename or "file").replace("\\", "/").rsplit("/", 1)[-1][:255]
    problem = name_problem(name)
    if problem:
        raise Invalid("file", problem)
    # Unrestricted: whatever it is, it is kept and served as opaque bytes (a download, never rendered).
    kind: FileType | None = OPAQUE if unrestricted else file_type(name, content[:SNIFF_BYTES])
    if kind is None:
        raise DomainError("FILE_TYPE_NOT_ALLOWED", status=415, name=name)
    # Only an image whose bytes are that image and nothing else opens in the browser; the key says it was checked.
    area = f"{INLINE_AREA}/" if kind.is_image and renders_safely(kind.content_type, content) else ""
    key = (f"{'public' if public else 'private'}/{area}{datetime.now(UTC):%Y/%m}/{uuid.uuid4().hex}."
           f"{stored_suffix(name)}")
    storage = get_storage()
    await storage.put(key, content, kind.content_type)
    row = StoredFile(backend=storage.name, storage_key=key, name=name, content_type=kind.content_type,
                     size=len(content), sha256=hashlib.sha256(content).hexdigest(), public=public,
                     uploaded_by=user.id)
    db.add(row)
    await db.flush()
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="File", entity_id=row.id,
                              action="upload", before=None,
                              after={**audit.snapshot(row), "unrestricted": unrestricted})
    return public_view(row)


@router.post("/upload-file", summary="Upload a file (private: its links expire)")
async def upload_file(file: Annotated[UploadFile, File()], db: SessionDep,
                      user: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[StoredFilePublic]:
    return ok(await store(file, db, user, public=False))


@router.post("/upload-public-file", summary="Upload a public file (its link does not expire)")
async def upload_public_file(file: Annotated[UploadFile, File()], db: SessionDep,
                             user: Annotated[Principal, Need("file#upload-public")]) -> Reply[StoredFilePublic]:
    return ok(await store(file, db, user, public=True))


@router.post("/upload-unrestricted-file",
             summary="Common tools: upload a public file of any type (a hard size cap; always served as a download)")
async def upload_unrestricted_file(file: Annotated[UploadFile, File()], db: SessionDep,
                                   user: Annotated[Principal, Need("file#upload-unrestricted")],
                                   ) -> Reply[StoredFilePublic]:
    return ok(await store(file, db, user, public=True, unrestricted=True))


@router.get("/generate-file-url/{file_id}", openapi_extra=declares(THROUGH_RECORDS),
            summary="A signed link to a stored file the caller may read (api/file_access.py)")
async def generate_file_url(file_id: int, db: SessionDep,
                            user: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[FileLink]:
    row = await db.get(StoredFile, file_id)
    if row is None or not await may_read(db, user, row):  # not 403: do not tell that somebody's file exists
        raise NotFound(entity="File")
    return ok(link(row))


@router.get("/file/{file_id}", dependencies=[PUBLIC], response_class=StreamingResponse,
            summary="Download a file through a signed link (the signature is the credential)")
async def download(file_id: int, db: SessionDep, signature_: Annotated[str, Query(alias="signature")] = "",
                   expires: Int64 | None = None) -> StreamingResponse:
    state = link_state(signing_key(), file_id, expires, signature_, int(time.time()))
    row = await db.get(StoredFile, file_id) if state != "invalid" else None
    if row is None or (row.public != (expires is None)):
        raise NotFound(entity="File")
    if state == "expired":
        raise DomainError("FILE_LINK_EXPIRED", status=410)
    # Only images checked at upload open in the browser; anything else (PDF, video, an image that carries more
    # than itself) is downloaded, so no file a user uploaded is ever rendered as a document of our origin.
    disposition = "inline" if shown_inline(row) else "attachment"
    media_type = row.content_type if row.content_type in SAFE_TYPES else OPAQUE.content_type
    return StreamingResponse(get_storage().stream(row.storage_key), media_type=media_type, headers={
        "Content-Disposition": f"{disposition}; filename*=UTF-8''{quote(row.name)}", "Content-Length": str(row.size),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "public, max-age=86400" if row.public else "private, max-age=300"})


def shown_inline(row: StoredFile) -> bool:
    """An image stored under the checked images' area (files stored before the check are downloaded)."""
    area = row.storage_key.split("/")[1:2]
    return row.content_type.startswith("image/") and row.content_type in SAFE_TYPES and area == [INLINE_AREA]
