"""domain/i18n merges every module's locale file of a language into one catalogue, so a key written in two files
with different texts leaves one module showing the other's text (whichever file sorts last wins)."""

import json
from collections import defaultdict
from pathlib import Path

import pytest

from domain.i18n import LANGUAGES, LOCALES_DIR, field_label, label_scope, t


def texts_by_file(lang: str, root: Path = LOCALES_DIR) -> dict[str, dict[str, str]]:
    """key -> {module file: text} over every locale file of `lang`."""
    found: dict[str, dict[str, str]] = defaultdict(dict)
    for path in sorted((root / lang).glob("*.json")):
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            found[key][path.name] = text
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_key_has_two_texts(lang):
    clashes = {key: files for key, files in texts_by_file(lang).items() if len(set(files.values())) > 1}
    assert clashes == {}, f"keys written with different texts in several {lang} files: use a module's own key " \
                          "(fields.<module>.<field>, fields.<Resource>.<field>, an entity of its own)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_check_sees_a_clash(lang, tmp_path):
    (tmp_path / lang).mkdir()
    for name, text in (("a.json", "One"), ("b.json", "Two"), ("c.json", "One")):
        (tmp_path / lang / name).write_text(json.dumps({"fields.x": text, "fields.same": "Same"}))
    clashing = {key for key, files in texts_by_file(lang, tmp_path).items() if len(set(files.values())) > 1}
    assert clashing == {"fields.x"}


def test_each_module_shows_its_own_text():
    """The keys that clashed: a merchant's account and a ticket's issue account, the stock ledger's balance and
    stock sync's warehouse stock, a tracking event id and a stock push's stock event."""
    assert field_label("accountId", "en") == "Account"
    assert field_label("accountId", "en", module="tickets") == "Issue account id"
    token = label_scope.set("tickets")
    try:
        assert field_label("accountId", "zh-CN") == "问题账号 ID"
    finally:
        label_scope.reset(token)
    assert t("entities.StockBalance", "en") == "Stock balance"
    assert t("entities.WarehouseStock", "en") == "Warehouse stock"
    assert (field_label("eventId", "id"), t("fields.StockPush.eventId", "id")) == ("ID peristiwa", "Peristiwa stok")
