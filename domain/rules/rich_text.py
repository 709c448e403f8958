"""Rich text that staff write (notices, FAQ, tips, mails) is cleaned on the server before it is stored, so no
script reaches any reader or mail client whatever the browser sent (SPEC §3 notice text, timed mail content).

`nh3` (Ammonia) parses the HTML as a browser would and keeps only an allow-list: formatting, lists, tables,
links and images. Script and style elements go with their content; no `on*` attribute survives; links and
images keep only absolute http/https (and mailto for links) addresses, so `javascript:`, `data:` and
relative addresses are dropped."""

from __future__ import annotations

from collections.abc import Callable
from html import unescape
from html.parser import HTMLParser
from urllib.parse import urlsplit

import nh3

# Images and tables as the console's editor writes them (web/src/components/richText: TipTap's image and table
# extensions): `<img src alt>`, and `<table><colgroup><col></colgroup><tbody><tr><th|td colspan rowspan>`. No
# caption, thead or tfoot, no width, height, align or span attributes: nothing writes them.
TABLE_TAGS = frozenset({"table", "colgroup", "col", "tbody", "tr", "th", "td"})
TAGS = frozenset({
    "a", "b", "blockquote", "br", "code", "del", "div", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i",
    "img", "ins", "li", "ol", "p", "pre", "s", "span", "strike", "strong", "sub", "sup", "u", "ul", *TABLE_TAGS,
})
ATTRIBUTES = {
    "*": {"style", "title"},
    "a": {"href", "target"},
    "img": {"src", "alt"},
    "td": {"colspan", "rowspan"},
    "th": {"colspan", "rowspan"},
}
# Only presentation properties a rich-text editor writes; anything else (position, behaviour, url(...)) goes.
STYLE_PROPERTIES = frozenset({
    "color", "background-color", "text-align", "text-decoration", "font-size", "font-weight", "font-style",
    "line-height", "padding-left", "margin-left", "min-width",  # min-width: the editor's table and its columns
})
LINK_SCHEMES = frozenset({"http", "https", "mailto"})
IMAGE_SCHEMES = frozenset({"http", "https"})


def _absolute_urls_only(link_prefixes: tuple[str, ...]) -> Callable[[str, str, str], str | None]:
    """Ammonia already refuses other schemes; this also drops relative addresses, whose meaning differs
    between the console, a mail client and a merchant's app, except links starting with one of
    `link_prefixes` (a tip's `{host}/...`, which the merchant's app completes with its own address)."""

    def keep(tag: str, attribute: str, value: str) -> str | None:
        if attribute not in ("href", "src"):
            return value
        if attribute == "href" and link_prefixes and value.startswith(link_prefixes):
            return value
        allowed = IMAGE_SCHEMES if attribute == "src" else LINK_SCHEMES
        return value if urlsplit(value.strip()).scheme.lower() in allowed else None

    return keep


def sanitize_html(html: str, *, link_prefixes: tuple[str, ...] = ()) -> str:
    """The allow-listed part of `html`; plain text comes back unchanged apart from escaping `<`, `>`, `&`."""
    return nh3.clean(
        html,
        tags=set(TAGS),
        attributes={tag: set(names) for tag, names in ATTRIBUTES.items()},
        attribute_filter=_absolute_urls_only(link_prefixes),
        url_schemes=set(LINK_SCHEMES),
        filter_style_properties=set(STYLE_PROPERTIES),
        link_rel="noopener noreferrer",
        strip_comments=True,
    )


def visible_text(html: str) -> str:
    """What a reader sees of `html`: the text without tags, entities decoded (SPEC §9 notice text 300 counts it)."""
    return unescape(nh3.clean(html, tags=set()))


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self._open: list[list[str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._open.append([dict(attrs).get("href") or "", ""])

    def handle_data(self, data: str) -> None:
        for link in self._open:
            link[1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._open:
            href, text = self._open.pop()
            self.links.append((href, text))


def links(html: str) -> list[tuple[str, str]]:
    """Every link of `html` as (address, text), in order."""
    parser = _Links()
    parser.feed(html)
    parser.close()
    return parser.links + [(href, text) for href, text in parser._open]
