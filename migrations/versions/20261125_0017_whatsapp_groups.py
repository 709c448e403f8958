"""whatsapp groups and the merchant's group

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-25 02:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from domain.enums import Country

revision: str = '0017'
down_revision: str | None = '0016'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# the invite-link rule of domain/rules/whatsapp_groups.py as it stands at this revision
INVITE_PATTERN = r"^https://chat\.whatsapp\.com/[A-Za-z0-9]{16,32}$"


def upgrade() -> None:
    countries = ", ".join(f"'{c.value}'" for c in Country)
    op.create_table(
        'whatsapp_groups',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=64), nullable=False),
        sa.Column('country', sa.String(length=8), nullable=False),
        sa.Column('link', sa.String(length=100), nullable=False),
        sa.Column('enabled', sa.Boolean(), server_default='true', nullable=False),
        sa.Column('remark', sa.String(length=255), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        sa.CheckConstraint(f"country IN ({countries})", name=op.f('ck_whatsapp_groups_country_valid')),
        sa.CheckConstraint(f"link ~ '{INVITE_PATTERN}'", name=op.f('ck_whatsapp_groups_invite_link')),
        sa.CheckConstraint("btrim(name) <> ''", name=op.f('ck_whatsapp_groups_name_not_blank')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_whatsapp_groups')),
        sa.UniqueConstraint('link', name=op.f('uq_whatsapp_groups_link')),
    )
    op.create_index(op.f('ix_whatsapp_groups_country'), 'whatsapp_groups', ['country'])
    op.add_column('merchants', sa.Column('whatsapp_group_id', sa.Integer(), nullable=True))
    op.create_foreign_key(op.f('fk_merchants_whatsapp_group_id_whatsapp_groups'), 'merchants', 'whatsapp_groups',
                          ['whatsapp_group_id'], ['id'], ondelete='RESTRICT')
    op.create_index(op.f('ix_merchants_whatsapp_group_id'), 'merchants', ['whatsapp_group_id'])


def downgrade() -> None:
    op.drop_index(op.f('ix_merchants_whatsapp_group_id'), table_name='merchants')
    op.drop_constraint(op.f('fk_merchants_whatsapp_group_id_whatsapp_groups'), 'merchants', type_='foreignkey')
    op.drop_column('merchants', 'whatsapp_group_id')
    op.drop_index(op.f('ix_whatsapp_groups_country'), table_name='whatsapp_groups')
    op.drop_table('whatsapp_groups')
