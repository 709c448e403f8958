"""mail_attempts: every attempt of an outbox row with its time, result and the mail server's reply; mail_outbox
keeps the reply to the final "." of a sent message

Revision ID: 0039
Revises: 0037
Create Date: 2026-11-29 10:30:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0039'
down_revision: str | None = '0037'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Every path that settles a row (the sending process, the settling of a dead sender's rows, a message that cannot be
# built, "delivery unknown") ends in an update of its status: the attempt is written there, once, by the database.
# An outcome reached without a committed claim (refused before its ".", never spoken to the server) counts as an
# attempt too; a later correction of the same attempt ("delivery unknown" found at the sink) replaces its result.
FUNCTION = """
create function mail_outbox_attempt() returns trigger language plpgsql as $$
begin
  if old.status = 'PENDING' then
    new.attempts := old.attempts + 1;
  end if;
  insert into mail_attempts (outbox_id, attempt, at, result, reply)
    values (new.id, new.attempts,
            case when new.status = 'SENT' then coalesce(new.sent_at, now()) else now() end, new.status,
            case when new.status = 'SENT' then coalesce(new.smtp_reply, new.server_id) else new.smtp_error end)
    on conflict on constraint uq_mail_attempts_outbox_attempt
    do update set at = excluded.at, result = excluded.result, reply = excluded.reply;
  return new;
end $$
"""
TRIGGER = """
create trigger mail_outbox_attempt before update of status on mail_outbox for each row
when (new.status in ('SENT', 'FAILED') and new.status is distinct from old.status)
execute function mail_outbox_attempt()
"""


def upgrade() -> None:
    op.add_column("mail_outbox", sa.Column("smtp_reply", sa.String(1000)))
    op.create_table(
        "mail_attempts",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column("outbox_id", sa.BigInteger(), sa.ForeignKey("mail_outbox.id", ondelete="CASCADE",
                                                             name="fk_mail_attempts_outbox_id_mail_outbox"),
                  nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("result", sa.String(16), nullable=False),
        sa.Column("reply", sa.String(1000)),
        sa.PrimaryKeyConstraint("id", name="pk_mail_attempts"),
        sa.UniqueConstraint("outbox_id", "attempt", name="uq_mail_attempts_outbox_attempt"),
        sa.CheckConstraint("attempt >= 1", name=op.f('ck_mail_attempts_attempt_positive')),
        sa.CheckConstraint("result in ('SENT', 'FAILED')", name=op.f('ck_mail_attempts_result')),
    )
    op.execute(FUNCTION)
    op.execute(TRIGGER)


def downgrade() -> None:
    op.execute("drop trigger if exists mail_outbox_attempt on mail_outbox")
    op.execute("drop function if exists mail_outbox_attempt()")
    op.drop_table("mail_attempts")
    op.drop_column("mail_outbox", "smtp_reply")
