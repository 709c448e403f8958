"""auth_epoch_is(expected): refuses (SQLSTATE OE001) when the auth epoch has moved, so a lean write sent behind
it in one round trip runs only for a caller still current (docs/decisions/lean-writes.md)

Revision ID: 0030
Revises: 0029
Create Date: 2026-11-25 08:40:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0030'
down_revision: str | None = '0029'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("""
        create function auth_epoch_is(expected bigint) returns void language plpgsql as $$
        begin
          if (select value from auth_epoch where id = 1) is distinct from expected then
            raise exception 'the auth epoch is no longer %', expected using errcode = 'OE001';
          end if;
        end $$""")


def downgrade() -> None:
    op.execute("drop function auth_epoch_is(bigint)")
