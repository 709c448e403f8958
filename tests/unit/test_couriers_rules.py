import pytest

from domain.rules.couriers import is_courier_name


@pytest.mark.parametrize(("name", "ok"), [
    ("JNE", True), ("Ninja Van", True), ("顺丰", True), ("J&T", True), ("J&T Express", True), ("J & T", True),
    ("JNE2", False), ("", False), ("&", False), ("& &", False), ("Ninja  Van", False), (" JNE", False),
    ("Ninja_Van", False), ("J+T", False), ("SiCepat 2", False),
])
def test_courier_name_letters_spaces_and_ampersand(name, ok):
    """SPEC §5: Courier name required, at most 30, letters only; real names join words with "&" ("J&T Express")."""
    assert is_courier_name(name) is ok
