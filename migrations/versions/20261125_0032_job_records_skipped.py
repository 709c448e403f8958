"""task records: a fire that finds a run of its task still running is recorded SKIPPED (the console, not the
Schedule, keeps one run of a task at once); a partial index finds a task's runs still PROCESSING

Revision ID: 0032
Revises: 0031
Create Date: 2026-11-25 12:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0032'
down_revision: str | None = '0031'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CHECK = 'ck_job_records_result_valid'


def upgrade() -> None:
    op.drop_constraint(op.f(CHECK), 'job_records', type_='check')
    op.create_check_constraint(op.f(CHECK), 'job_records', "result IN ('PROCESSING', 'SUCCEEDED', 'FAILED', 'SKIPPED')")
    op.create_index('ix_job_records_job_processing', 'job_records', ['job_id'], unique=False,
                    postgresql_where=sa.text("result = 'PROCESSING'"))


def downgrade() -> None:
    op.drop_index('ix_job_records_job_processing', table_name='job_records',
                  postgresql_where=sa.text("result = 'PROCESSING'"))
    op.execute("UPDATE job_records SET result = 'SUCCEEDED' WHERE result = 'SKIPPED'")
    op.drop_constraint(op.f(CHECK), 'job_records', type_='check')
    op.create_check_constraint(op.f(CHECK), 'job_records', "result IN ('PROCESSING', 'SUCCEEDED', 'FAILED')")
