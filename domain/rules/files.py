"""Uploads: which files are accepted, and signed download links that expire."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

MAGIC_ZIP = b"PK\x03\x04"


@dataclass(frozen=True)
class FileType:
    content_type: str
    magic: tuple[bytes, ...] = ()  # the file must start with one of these, when given
    magic_offset: int = 0


# The allow-list: extension -> what the bytes must look like.
ALLOWED: dict[str, FileType] = {
    "png": FileType("image/png", (b"\x89PNG\r\n\x1a\n",)),
    "jpg": FileType("image/jpeg", (b"\xff\xd8\xff",)),
    "jpeg": FileType("image/jpeg", (b"\xff\xd8\xff",)),
    "gif": FileType("image/gif", (b"GIF87a", b"GIF89a")),
    "webp": FileType("image/webp", (b"RIFF",)),
    "mp4": FileType("video/mp4", (b"ftyp",), 4),
    "mov": FileType("video/quicktime", (b"ftyp", b"moov", b"wide", b"mdat"), 4),
    "pdf": FileType("application/pdf", (b"%PDF",)),
    "xlsx": FileType("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", (MAGIC_ZIP,)),
    "xls": FileType("application/vnd.ms-excel", (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",)),
    "docx": FileType("application/vnd.openxmlformats-officedocument.wordprocessingml.document", (MAGIC_ZIP,)),
    "zip": FileType("application/zip", (MAGIC_ZIP,)),
    "csv": FileType("text/csv"),
    "txt": FileType("text/plain"),
}


def file_type(filename: str, head: bytes) -> FileType | None:
    """The accepted type of an upload, or None when its extension or its first bytes are not allowed."""
    suffix = filename.lower().rsplit(".", 1)[-1] if "." in filename else ""
    kind = ALLOWED.get(suffix)
    if kind is None:
        return None
    if kind.magic and not any(head[kind.magic_offset:].startswith(m) for m in kind.magic):
        return None
    if not kind.magic and b"\x00" in head:  # text files hold no NUL bytes
        return None
    return kind


def signature(key: bytes, file_id: int, expires: int | None) -> str:
    """HMAC of the file id and expiry (0: never, for public files)."""
    message = f"{file_id}:{expires or 0}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def link_state(key: bytes, file_id: int, expires: int | None, given: str, now: int) -> str:
    """"valid", "expired" or "invalid" for a download link's parameters at time `now` (epoch seconds)."""
    # Compared as bytes: compare_digest refuses str with characters beyond ASCII, and a link is user input.
    if not hmac.compare_digest(signature(key, file_id, expires).encode(), (given or "").encode("utf-8", "replace")):
        return "invalid"
    if expires and expires < now:
        return "expired"
    return "valid"
