"""mail_tasks, mail_fires, mail_outbox: timed mails and one outbox row per fire × recipient

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-24 23:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0012'
down_revision: str | None = '0011'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "mail_tasks",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("owner_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="SET NULL",
                                                         name="fk_mail_tasks_owner_id_users")),
        sa.Column("recipients", postgresql.ARRAY(sa.String(254)), nullable=False),
        sa.Column("cc", postgresql.ARRAY(sa.String(254)), nullable=False),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("report", sa.String(32)),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("attachment_ids", postgresql.ARRAY(sa.BigInteger()), nullable=False),
        sa.Column("repeat", sa.String(16), nullable=False),
        sa.Column("send_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("time_zone", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("paused_reason", sa.String(32)),
        sa.Column("consecutive_failures", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_mail_tasks"),
    )
    op.create_table(
        "mail_fires",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column("task_id", sa.Integer(), sa.ForeignKey("mail_tasks.id", ondelete="CASCADE",
                                                        name="fk_mail_fires_task_id_mail_tasks"), nullable=False),
        sa.Column("fire_time", sa.DateTime(timezone=True), nullable=False),
        sa.Column("workflow_id", sa.String(128), nullable=False),
        sa.Column("report_file_id", sa.Integer(), sa.ForeignKey("stored_files.id", ondelete="SET NULL",
                                                               name="fk_mail_fires_report_file_id_stored_files")),
        sa.Column("attachment_names", postgresql.ARRAY(sa.String(255)), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_mail_fires"),
        sa.UniqueConstraint("task_id", "fire_time", name="uq_mail_fires_task_fire"),
    )
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column("task_id", sa.Integer(), sa.ForeignKey("mail_tasks.id", ondelete="CASCADE",
                                                        name="fk_mail_outbox_task_id_mail_tasks"), nullable=False),
        sa.Column("fire_time", sa.DateTime(timezone=True), nullable=False),
        sa.Column("recipient", sa.String(254), nullable=False),
        sa.Column("copy", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("message_id", sa.String(255), nullable=False),
        sa.Column("server_id", sa.String(255)),
        sa.Column("smtp_error", sa.String(1000)),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True)),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_mail_outbox"),
        sa.UniqueConstraint("task_id", "fire_time", "recipient", name="uq_mail_outbox_task_fire_recipient"),
    )
    op.create_index("ix_mail_outbox_fire_status", "mail_outbox", ["task_id", "fire_time", "status"])
    op.create_index("ix_mail_outbox_status_fire_time", "mail_outbox", ["status", "fire_time"])


def downgrade() -> None:
    op.drop_table("mail_outbox")
    op.drop_table("mail_fires")
    op.drop_table("mail_tasks")
