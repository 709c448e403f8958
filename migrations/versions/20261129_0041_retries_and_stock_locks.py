"""a failed task record's retry names it; locks of one store's or one sku's stock

Revision ID: 0041
Revises: 0034
Create Date: 2026-11-29 10:30:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0041'
down_revision: str | None = '0034'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("job_records", sa.Column("retry_of", sa.BigInteger(), nullable=True))
    op.create_foreign_key("fk_job_records_retry_of_job_records", "job_records", "job_records", ["retry_of"], ["id"],
                          ondelete="SET NULL")
    op.create_unique_constraint("uq_job_records_retry_of", "job_records", ["retry_of"])


def downgrade() -> None:
    op.drop_constraint("uq_job_records_retry_of", "job_records", type_="unique")
    op.drop_constraint("fk_job_records_retry_of_job_records", "job_records", type_="foreignkey")
    op.drop_column("job_records", "retry_of")
