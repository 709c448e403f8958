"""The start-up banner tells how to log in without printing the admin password."""

from domain.settings import Settings
from launcher.plan import make_plan
from launcher.report import banner


def test_the_banner_names_the_setting_not_the_password(tmp_path):
    settings = Settings(var_dir=tmp_path, admin_password="Secret-Admin-2026!")
    text = banner(make_plan(settings))
    assert "OMP_ADMIN_PASSWORD" in text
    assert "Secret-Admin-2026!" not in text
