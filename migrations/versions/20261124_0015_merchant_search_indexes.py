"""merchant search indexes: a phone prefix index (phone searches start with the country code, SPEC §5) and a
trigram index on the shops' merchant email

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-24 23:55:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0015'
down_revision: str | None = '0014'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # a btree in pattern order serves `phone LIKE '+62812%'` as a range scan: on 100k merchants whose phones share
    # their country prefixes, the trigram index must check thousands of candidates for the same search
    op.create_index('ix_merchants_phone_prefix', 'merchants', ['phone'], postgresql_ops={'phone': 'varchar_pattern_ops'})
    op.create_index('ix_shops_merchant_email_trgm', 'shops', ['merchant_email'], postgresql_using='gin',
                    postgresql_ops={'merchant_email': 'gin_trgm_ops'})


def downgrade() -> None:
    op.drop_index('ix_shops_merchant_email_trgm', table_name='shops')
    op.drop_index('ix_merchants_phone_prefix', table_name='merchants')
