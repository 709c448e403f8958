"""The built web app served as production serves it: hashed assets precompressed and cached for a year,
the HTML that names them never cached (so a new build shows at once)."""

from __future__ import annotations

import gzip
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute

from api.main import create_app, mount_assets, serve_pages
from api.static_assets import accepted_encodings
from domain.settings import get_settings

SCRIPT = b"console.log('hello from the console');\n" * 200
# The build writes real brotli; here a marker shows which twin was sent (httpx has no brotli decoder installed).
BROTLI_TWIN = b"brotli twin of app-3f9a1c.js"


def built_app(tmp_path: Path) -> Path:
    """A built web app's files: a page, a favicon, a script with its compressed twins, an image."""
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text('<!doctype html><script type="module" src="/assets/app-3f9a1c.js"></script>')
    (dist / "favicon.svg").write_text("<svg/>")
    (dist / "assets" / "app-3f9a1c.js").write_bytes(SCRIPT)
    (dist / "assets" / "app-3f9a1c.js.gz").write_bytes(gzip.compress(SCRIPT))
    (dist / "assets" / "app-3f9a1c.js.br").write_bytes(BROTLI_TWIN)
    (dist / "assets" / "logo-77aa01.png").write_bytes(b"\x89PNG")  # too small to compress: no twins
    return dist


@pytest.fixture
async def web(tmp_path: Path) -> AsyncIterator[httpx.AsyncClient]:
    app = FastAPI()
    dist = built_app(tmp_path)
    mount_assets(app, dist)
    serve_pages(app, dist)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://console.test") as client:
        yield client


async def test_hashed_assets_are_precompressed_and_immutable(web: httpx.AsyncClient) -> None:
    for accept, coding in (("gzip, deflate, br", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip"), ("", None)):
        reply = await web.get("/assets/app-3f9a1c.js", headers={"Accept-Encoding": accept})
        assert reply.status_code == 200
        assert reply.headers.get("content-encoding") == coding, accept
        assert reply.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert reply.headers["vary"] == "Accept-Encoding"
        assert reply.headers["content-type"].startswith("text/javascript")
        assert reply.content == (BROTLI_TWIN if coding == "br" else SCRIPT)  # gzip decoded as a browser would
    plain = await web.get("/assets/logo-77aa01.png", headers={"Accept-Encoding": "br, gzip"})
    assert (plain.headers.get("content-encoding"), plain.content) == (None, b"\x89PNG")
    assert plain.headers["cache-control"] == "public, max-age=31536000, immutable"


async def test_a_cached_asset_is_not_sent_again(web: httpx.AsyncClient) -> None:
    first = await web.get("/assets/app-3f9a1c.js", headers={"Accept-Encoding": "br"})
    again = await web.get("/assets/app-3f9a1c.js",
                          headers={"Accept-Encoding": "br", "If-None-Match": first.headers["etag"]})
    assert again.status_code == 304


async def test_html_and_unhashed_files_are_never_cached(web: httpx.AsyncClient) -> None:
    for path in ("/", "/system/ticket/list", "/favicon.svg"):
        reply = await web.get(path)
        assert reply.status_code == 200, path
        assert reply.headers["cache-control"] == "no-cache", path
    missing = await web.get("/assets/app-000000.js")
    assert missing.status_code == 404 and "immutable" not in missing.headers.get("cache-control", "")


async def test_an_asset_is_found_without_trying_the_api_routes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A first visit fetches a hundred-odd script files: each must not cost a try of every /cms route."""
    monkeypatch.setenv("OMP_WEB_DIST", str(built_app(tmp_path)))
    get_settings.cache_clear()
    try:
        app = create_app()
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
    tried: list[str] = []
    matches = APIRoute.matches
    monkeypatch.setattr(APIRoute, "matches", lambda route, scope: (tried.append(route.path), matches(route, scope))[1])
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://console.test") as client:
        asset = await client.get("/assets/app-3f9a1c.js", headers={"Accept-Encoding": "gzip"})
        assert (asset.status_code, asset.content) == (200, SCRIPT)
        assert len(tried) <= 3, f"{len(tried)} routes tried"  # the docs page and the OpenAPI document at most
        page = await client.get("/system/ticket/list")  # the pages and the API are still theirs
        assert page.status_code == 200 and "app-3f9a1c.js" in page.text
        assert (await client.get("/cms/no-such-route")).status_code == 404


def test_accept_encoding_is_read_with_its_qualities() -> None:
    assert accepted_encodings("gzip, deflate, br") == {"gzip", "deflate", "br"}
    assert accepted_encodings("br;q=0, gzip;q=0.5") == {"gzip"}
    assert accepted_encodings("") == set()
