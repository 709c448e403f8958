"""Code 128 (set B) as an SVG of plain rectangles: a tracking number's barcode on a shipping label, printed by
any browser with no barcode font. Pure."""

from __future__ import annotations

from html import escape

from domain.errors import Invalid

# the bar and space widths (in modules) of each symbol value 0..105, then the stop symbol
_TABLE = (
    "212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 "
    "113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 "
    "212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 "
    "113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 "
    "314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 "
    "241211 221114 413111 241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 "
    "214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 211214 "
    "211232")
PATTERNS = tuple(_TABLE.split())
STOP = "2331112"
START_B = 104
QUIET = 10  # modules of white either side


def symbols(text: str) -> list[int]:
    """The symbol values of `text` in set B with its start and check symbols (printable ASCII only)."""
    if not text or any(not 32 <= ord(c) < 127 for c in text):
        raise Invalid(field="trackingNo", rule="wms_order_tracking_no", max=128)
    values = [ord(c) - 32 for c in text]
    check = (START_B + sum(i * v for i, v in enumerate(values, start=1))) % 103
    return [START_B, *values, check]


def modules(text: str) -> list[tuple[int, int]]:
    """(x, width) of each bar, in modules from the left quiet zone's start."""
    widths = "".join(PATTERNS[v] for v in symbols(text)) + STOP
    bars, x = [], QUIET
    for index, width in enumerate(int(w) for w in widths):
        if index % 2 == 0:
            bars.append((x, width))
        x += width
    return bars


def svg(text: str, height: int = 60, module: float = 1.5) -> str:
    """The barcode with its text below, `module` px a module wide."""
    bars = modules(text)
    total = bars[-1][0] + bars[-1][1] + QUIET
    rects = "".join(f'<rect x="{x * module:g}" y="0" width="{w * module:g}" height="{height}"/>' for x, w in bars)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="code128" width="{total * module:g}" '
            f'height="{height + 16}" viewBox="0 0 {total * module:g} {height + 16}" role="img" '
            f'aria-label="{escape(text)}"><g fill="#000">{rects}</g>'
            f'<text x="{total * module / 2:g}" y="{height + 13}" text-anchor="middle" font-size="12" '
            f'font-family="monospace">{escape(text)}</text></svg>')
