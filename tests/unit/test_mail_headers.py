"""Text bound for a mail header (domain/rules/mail_headers.py): a line break or control character would end the
header line and start another, so a person's input with one is refused, and a system mail's subject is made one
line."""

import pytest

from domain.rules.mail_headers import header_safe, one_line


@pytest.mark.parametrize("text", ["Figures\r\nBcc: all@example.com", "Figures\nX-Priority: 1", "Figures\rX",
                                  "tab\there", "nul\x00", "escape\x1b[31m", "next line\x85", "delete\x7f"])
def test_line_breaks_and_control_characters_are_not_header_safe(text):
    assert not header_safe(text)
    assert header_safe(one_line(text)) and "\n" not in one_line(text)


@pytest.mark.parametrize("text", ["Weekly figures", "周报 · Laporan mingguan", "A — B « C »", "émoji 📈"])
def test_one_line_of_text_in_any_language_is(text):
    assert header_safe(text) and one_line(text) == text
