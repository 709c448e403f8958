"""WhatsApp group rules (domain/rules/whatsapp_groups.py): invite links only; a merchant joins an enabled group of
its own country."""

import pytest

from domain.enums import Country
from domain.errors import Invalid
from domain.rules import whatsapp_groups as rules


def test_an_invite_link_is_kept_trimmed():
    link = "https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv"
    assert rules.invite_link(f"  {link} ") == link


@pytest.mark.parametrize("text", [
    "https://wa.me/6281234567890", "chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv",
    "https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv/extra", "https://chat.whatsapp.com/Ab-CdEfGhIjKlMnOpQr",
])
def test_anything_but_an_invite_link_is_refused_on_its_field(text):
    with pytest.raises(Invalid) as refused:
        rules.invite_link(text)
    assert (refused.value.field, refused.value.params["rule"]) == ("link", "whatsapp_invite_link")


def test_a_merchant_joins_an_enabled_group_of_its_country():
    rules.check_membership(Country.ID, Country.ID, True)
    with pytest.raises(Invalid) as other_country:
        rules.check_membership(Country.ID, Country.MY, True)
    assert other_country.value.params["rule"] == "whatsapp_group_country"
    with pytest.raises(Invalid) as disabled:
        rules.check_membership(Country.ID, Country.ID, False)
    assert disabled.value.params["rule"] == "whatsapp_group_disabled"
