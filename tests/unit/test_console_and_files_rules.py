"""Subscribed pages (SPEC §5) and the upload allow-list."""

from domain.rules.console import keep_subscriptions
from domain.rules.files import file_type, link_state, name_problem


def test_at_most_five_subscriptions_are_kept():
    """SPEC §5: subscribed recent pages max 5; more are truncated to 5."""
    assert keep_subscriptions(list("abcde")) == (list("abcde"), False)
    assert keep_subscriptions(list("abcdefg")) == (list("abcde"), True)
    assert keep_subscriptions(list("aabbccdde")) == (list("abcde"), False)


def test_uploads_must_match_their_extension():
    assert file_type("a.PNG", b"\x89PNG\r\n\x1a\n....").content_type == "image/png"
    assert file_type("a.png", b"GIF89a") is None
    assert file_type("a.mp4", b"\x00\x00\x00\x18ftypmp42" + b"\x00" * 20).content_type == "video/mp4"
    assert file_type("report.xlsx", b"PK\x03\x04" + b"\x00" * 26) is not None
    assert file_type("notes.txt", b"%PDF-1.4 a pdf after all") is None
    assert file_type("notes.txt", b"plain text") is not None
    assert file_type("notes.txt", b"bin\x00ary") is None
    assert file_type("script.sh", b"#!/bin/sh") is None
    assert file_type("noextension", b"anything") is None


def test_a_link_signature_beyond_ascii_is_invalid_not_an_error() -> None:
    assert link_state(b"k", 7, None, "\u008d\U000610c0g", 0) == "invalid"
    assert link_state(b"k", 7, None, "\ud800", 0) == "invalid"


def test_file_names_must_read_as_they_are():
    assert name_problem("report 2026 (final).xlsx") is None
    assert name_problem("发票.pdf") is None
    assert name_problem("invoice\u202egnp.exe") == "file_name_chars"
    assert name_problem("zero\u200bwidth.png") == "file_name_chars"
    assert name_problem("tab\t.png") == "file_name_chars"
