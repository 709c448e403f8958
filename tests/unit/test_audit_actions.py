import pytest

from api.routers.audit import action_label
from domain.i18n import current_language, t
from domain.seed.action_mappings import CONSOLE


@pytest.mark.parametrize("lang", ["en", "zh-CN", "id"])
def test_every_built_in_action_name_is_translated(lang):
    """The audit log's action names read in the reader's language (en, zh-CN and id are complete)."""
    missing = sorted({name for _, _, name in CONSOLE if t(f"audit.action.{name}", lang) == f"audit.action.{name}"})
    assert missing == []


def test_action_label_translates_built_in_names_and_keeps_staff_names():
    token = current_language.set("zh-CN")
    try:
        assert action_label("Log in") == "登录"
        assert action_label("Close the warehouse day") == "Close the warehouse day"
    finally:
        current_language.reset(token)
    assert action_label("Log in") == "Log in"
