"""Whether an uploaded image may open in the browser (docs/decisions/inline-images.md).

An image is shown inline only when its bytes are that image and nothing else: its format's structure walked from
its signature to its end marker with no byte left over (a GIF/HTML polyglot keeps its HTML after the GIF's trailer
or inside it), and no markup a browser could run found anywhere in it. Anything else is served as a download.
Pure: bytes in, a yes or no out.
"""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Callable

# Markup a browser would act on, were the bytes ever read as a document; long enough not to occur by chance.
MARKUP = re.compile(rb"<(?:script|html|body|head|iframe|object|embed|svg|meta|link|style|form|base|!doctype|\?xml)"
                    rb"|javascript:", re.IGNORECASE)


def renders_safely(content_type: str, data: bytes) -> bool:
    """True when `data` is exactly one well-formed image of `content_type` with no markup in it."""
    walk = WALKS.get(content_type)
    try:
        return walk is not None and walk(data) and MARKUP.search(data) is None
    except (IndexError, ValueError, struct.error):
        return False  # cut short


def png(data: bytes) -> bool:
    """Chunks with their CRCs from IHDR to IEND, IEND the last bytes."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return False
    at, first = 8, True
    while at + 12 <= len(data):
        (size,) = struct.unpack_from(">I", data, at)
        kind, end = data[at + 4:at + 8], at + 12 + size
        if end > len(data) or (first and kind != b"IHDR"):
            return False
        if struct.unpack_from(">I", data, end - 4)[0] != zlib.crc32(data[at + 4:end - 4]):
            return False
        if kind == b"IEND":
            return end == len(data)
        at, first = end, False
    return False


def gif(data: bytes) -> bool:
    """Header, screen descriptor and colour table, then extensions and images (their data sub-blocks) up to the
    trailer, the trailer the last byte."""
    if data[:6] not in (b"GIF87a", b"GIF89a"):
        return False
    flags = data[10]
    at = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
    while True:
        block = data[at]
        if block == 0x3B:
            return at + 1 == len(data)
        if block == 0x21:  # extension: its label, then sub-blocks
            at = sub_blocks(data, at + 2)
        elif block == 0x2C:  # image: descriptor, local colour table, LZW code size, sub-blocks
            local = data[at + 9]
            at += 10 + (3 << ((local & 7) + 1) if local & 0x80 else 0)
            at = sub_blocks(data, at + 1)
        else:
            return False


def sub_blocks(data: bytes, at: int) -> int:
    """Past a run of GIF data sub-blocks (a size byte and that many bytes) and its zero terminator."""
    while (size := data[at]) != 0:
        at += size + 1
    return at + 1


STANDALONE = {0x01, *range(0xD0, 0xD8)}  # JPEG markers without a length


def jpeg(data: bytes) -> bool:
    """Marker segments from SOI; after a scan, its entropy-coded bytes up to the next marker; EOI the last bytes."""
    if not data.startswith(b"\xff\xd8"):
        return False
    at = 2
    while True:
        if data[at] != 0xFF:
            return False
        marker = data[at + 1]
        if marker == 0xD9:
            return at + 2 == len(data)
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in STANDALONE:
            at += 2
            continue
        (size,) = struct.unpack_from(">H", data, at + 2)
        at += 2 + size
        if marker == 0xDA:
            at = scan_end(data, at)


def scan_end(data: bytes, at: int) -> int:
    """The next marker after entropy-coded data (0xFF followed by a byte that is neither 0 nor a restart)."""
    while True:
        at = data.index(b"\xff", at)
        following = data[at + 1]
        if following != 0 and not 0xD0 <= following <= 0xD7 and following != 0xFF:
            return at
        at += 1


def webp(data: bytes) -> bool:
    """A RIFF container of type WEBP whose size is the file's, its chunks (padded to even sizes) filling it."""
    if data[:4] != b"RIFF" or data[8:12] != b"WEBP" or struct.unpack_from("<I", data, 4)[0] + 8 != len(data):
        return False
    at = 12
    while at < len(data):
        (size,) = struct.unpack_from("<I", data, at + 4)
        at += 8 + size + (size & 1)
    return at == len(data) and len(data) > 12


WALKS: dict[str, Callable[[bytes], bool]] = {"image/png": png, "image/gif": gif, "image/jpeg": jpeg,
                                             "image/webp": webp}
