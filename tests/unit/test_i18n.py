import pytest

from domain.i18n import LANGUAGES, catalogue, field_label, label_scope, pick_language, t


@pytest.mark.parametrize(("header", "expected"), [
    (None, "en"), ("", "en"), ("zh-CN,zh;q=0.9", "zh-CN"), ("zh-TW", "zh-CN"), ("id-ID", "id"),
    ("in", "id"), ("th", "en"), ("vi-VN", "en"), ("fr;q=0.9, id;q=0.8", "id"), ("en;q=0.1, zh;q=0.9", "zh-CN"),
])
def test_language_from_accept_language(header, expected):
    """SPEC §9: en (default), zh-CN, id; th and vi fall back to en."""
    assert pick_language(header) == expected


def test_every_language_has_every_key():
    english = set(catalogue("en"))
    for lang in LANGUAGES:
        assert set(catalogue(lang)) == english, f"{lang} differs from en"


def test_translation_fills_parameters_and_falls_back():
    assert t("rules.max_length", "zh-CN", field="名称", max_length=30) == "名称：最多 30 个字符"
    assert t("no.such.key", "id") == "no.such.key"
    assert field_label("shippingMethod", "id") == "Metode pengiriman"
    assert field_label("unknownField", "en") == "unknownField"


def test_no_permission_message_says_contact_the_administrator():
    """SPEC §6: a no-permission message tells users to contact the administrator."""
    assert "contact the administrator" in t("errors.NO_PERMISSION", "en")


def test_a_module_may_name_a_shared_field_its_own_way():
    """`content` is a ticket comment in the tickets module and a text elsewhere (tips, timed mail)."""
    assert field_label("content", "en") == "Content"
    token = label_scope.set("tickets")
    try:
        assert (field_label("content", "en"), field_label("content", "zh-CN")) == ("Comment", "评论")
        assert field_label("title", "en") == field_label("title", "en")  # no label of its own: the shared one
    finally:
        label_scope.reset(token)
    token = label_scope.set("tips")
    try:
        assert field_label("content", "id") == "Konten"
    finally:
        label_scope.reset(token)
