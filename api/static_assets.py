"""The built web app's hashed assets as production serves them: compressed at build time (`.br` and `.gz`
beside each file, web/vite.config.ts) and cached for a year, as a new build gives every changed file a new name.
The HTML that names them is never cached (api/main.py)."""

from __future__ import annotations

import mimetypes
import os
from pathlib import Path

from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope

IMMUTABLE = "public, max-age=31536000, immutable"
NO_CACHE = "no-cache"
# Best first: brotli is about a fifth smaller than gzip on our bundles.
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str) -> set[str]:
    """The codings an `Accept-Encoding` header admits (`q=0` refuses one)."""
    out = set()
    for item in header.split(","):
        name, _, params = item.strip().partition(";")
        quality = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            admitted = float(quality) > 0
        except ValueError:
            admitted = False
        if name and admitted:
            out.add(name.strip().lower())
    return out


class HashedAssets(StaticFiles):
    """`/assets/*`: the precompressed twin the browser accepts, else the file; immutable either way."""

    def file_response(self, full_path: str | os.PathLike[str], stat_result: os.stat_result, scope: Scope,
                      status_code: int = 200) -> Response:
        request_headers = Headers(scope=scope)
        wanted = accepted_encodings(request_headers.get("accept-encoding", ""))
        path = Path(full_path)
        media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        headers = {"Cache-Control": IMMUTABLE, "Vary": "Accept-Encoding"}
        response: Response = FileResponse(path, status_code=status_code, stat_result=stat_result,
                                          media_type=media_type, headers=headers)
        for coding, suffix in PRECOMPRESSED:
            twin = path.with_name(path.name + suffix)
            if coding in wanted and twin.is_file():
                response = FileResponse(twin, status_code=status_code, stat_result=twin.stat(), media_type=media_type,
                                        headers={**headers, "Content-Encoding": coding})
                break
        if self.is_not_modified(response.headers, request_headers):
            return NotModifiedResponse(response.headers)
        return response
