"""Uploads: which files are accepted, and signed download links that expire."""

from __future__ import annotations

import hashlib
import hmac
import unicodedata
from dataclasses import dataclass

import filetype

SNIFF_BYTES = 8192  # what `filetype` reads; Office files are told apart from plain zips within it


@dataclass(frozen=True)
class FileType:
    content_type: str
    sniffed: frozenset[str] = frozenset()  # what the content may be recognised as; empty: text, recognised as nothing

    @property
    def is_image(self) -> bool:
        return self.content_type.startswith("image/")


def _kind(content_type: str, *sniffed: str) -> FileType:
    return FileType(content_type, frozenset(sniffed))


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
# The allow-list: extension -> the type it is served as, and what its bytes must be recognised as.
ALLOWED: dict[str, FileType] = {
    "png": _kind("image/png", "png"),
    "jpg": _kind("image/jpeg", "jpg"),
    "jpeg": _kind("image/jpeg", "jpg"),
    "gif": _kind("image/gif", "gif"),
    "webp": _kind("image/webp", "webp"),
    "mp4": _kind("video/mp4", "mp4", "m4v"),
    "mov": _kind("video/quicktime", "mov", "mp4"),
    "pdf": _kind("application/pdf", "pdf"),
    "xlsx": _kind(XLSX, "xlsx", "zip"),  # a zip whose parts lie beyond the sniffed bytes reads as a plain zip
    "xls": _kind("application/vnd.ms-excel", "xls"),
    "docx": _kind(DOCX, "docx", "zip"),
    "zip": _kind("application/zip", "zip", "xlsx", "docx"),
    "csv": _kind("text/csv"),
    "txt": _kind("text/plain"),
}


# What an unrestricted upload is stored and served as, whatever its name says: bytes to download, never rendered.
OPAQUE = _kind("application/octet-stream")


def stored_suffix(filename: str) -> str:
    """The storage key's extension: the name's own when it is short and plain, else `bin` (a key is never built
    from characters a storage backend might read as a path)."""
    suffix = filename.lower().rsplit(".", 1)[-1] if "." in filename else ""
    return suffix if suffix.isascii() and suffix.isalnum() and len(suffix) <= 10 else "bin"


def file_type(filename: str, head: bytes) -> FileType | None:
    """The accepted type of an upload, or None when its extension is not allowed or its content, as `filetype`
    recognises it from the first SNIFF_BYTES, is something else (a script renamed .png, a zip renamed .pdf)."""
    suffix = filename.lower().rsplit(".", 1)[-1] if "." in filename else ""
    kind = ALLOWED.get(suffix)
    if kind is None:
        return None
    guessed = filetype.guess(head[:SNIFF_BYTES])
    if kind.sniffed:
        return kind if guessed is not None and guessed.extension in kind.sniffed else None
    # text: no known binary format and no NUL byte
    return kind if guessed is None and b"\x00" not in head[:SNIFF_BYTES] else None


def name_problem(name: str) -> str | None:
    """Names shown to others must read as they are: no control characters, no direction overrides (U+202E
    turns "gpj.exe" into what looks like "exe.jpg"), no invisible format characters."""
    if not name.strip():
        return "file_name_empty"
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in name):
        return "file_name_chars"
    return None


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
