"""an enabled basic ERP package has a plan

Revision ID: 0037
Revises: 0034
Create Date: 2026-11-29 10:30:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0037'
down_revision: str | None = '0034'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CHECK = 'ck_packages_enabled_basic_has_plan'


def upgrade() -> None:
    # A basic ERP package gives its subscribers the tier of its plan: one enabled without a plan could not say which
    # (menu and common packages give no tier).
    # Such packages go back to disabled (the rule of enabling them: choose the plan, then enable); subscribers
    # keep the versions they bought, as with any disabled package.
    op.execute("update packages set status = 'DISABLED' "
               "where status = 'ENABLED' and kind = 'ERP' and package_type = 'BASIC' and plan_name is null")
    op.create_check_constraint(op.f(CHECK), 'packages',
                               "status <> 'ENABLED' OR kind <> 'ERP' OR package_type <> 'BASIC' "
                               "OR plan_name IS NOT NULL")


def downgrade() -> None:
    op.drop_constraint(op.f(CHECK), 'packages', type_='check')
