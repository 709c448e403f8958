"""Which uploaded images open in the browser (domain/rules/image_check.py): one well-formed image and nothing
else; a polyglot (an image that is also an HTML page), a truncated image or one with bytes after its end is a
download."""

from __future__ import annotations

import pytest

from domain.rules.image_check import renders_safely
from tests.image_samples import tiny_gif, tiny_jpeg, tiny_png, tiny_webp

HTML = b"<html><body><script>alert(document.cookie)</script></body></html>"
WELL_FORMED = [("image/png", tiny_png()), ("image/gif", tiny_gif()), ("image/jpeg", tiny_jpeg()),
               ("image/webp", tiny_webp()), ("image/gif", tiny_gif(b"made with care"))]


@pytest.mark.parametrize(("content_type", "data"), WELL_FORMED)
def test_a_well_formed_image_opens_in_the_browser(content_type, data):
    assert renders_safely(content_type, data)


@pytest.mark.parametrize(("content_type", "data", "what"), [
    ("image/gif", b"GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;" + HTML, "the classic GIF/HTML polyglot"),
    ("image/gif", tiny_gif() + HTML, "HTML after the trailer"),
    ("image/gif", tiny_gif(b"<script>alert(1)</script>"), "a script in a comment extension"),
    ("image/png", tiny_png() + HTML, "HTML after IEND"),
    ("image/png", tiny_png()[:-4] + b"\x00\x00\x00\x00", "a chunk whose CRC is wrong"),
    ("image/png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "a signature and nothing valid"),
    ("image/jpeg", tiny_jpeg()[:-2], "no end of image"),
    ("image/jpeg", tiny_jpeg() + HTML, "HTML after EOI"),
    ("image/webp", tiny_webp() + HTML, "bytes beyond the RIFF size"),
    ("image/png", tiny_png()[:20], "cut short"),
    ("image/svg+xml", b"<svg xmlns='http://www.w3.org/2000/svg'/>", "a type that is no checked image"),
])
def test_anything_more_or_less_than_an_image_is_a_download(content_type, data, what):
    assert not renders_safely(content_type, data), what
