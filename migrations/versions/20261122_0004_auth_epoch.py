"""auth epoch: a counter raised by every change to sessions, users, roles, grants and data scopes

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22 08:20:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0004'
down_revision: str | None = '0003'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Table -> the statements that change what a caller may do. A new session (INSERT into sessions) changes no
# one's rights; nor does a user's last login time, so only the columns the API reads about its caller count.
WATCHED = {
    "sessions": "UPDATE OF token_hash, user_id, expires_at, revoked_at, remember OR DELETE OR TRUNCATE",
    "users": "UPDATE OF username, display_name, email, status, country, team, department_id OR DELETE OR TRUNCATE",
    "roles": "INSERT OR UPDATE OR DELETE OR TRUNCATE",
    "user_roles": "INSERT OR UPDATE OR DELETE OR TRUNCATE",
    "authorities": "INSERT OR UPDATE OR DELETE OR TRUNCATE",
    "role_authorities": "INSERT OR UPDATE OR DELETE OR TRUNCATE",
    "user_authorities": "INSERT OR UPDATE OR DELETE OR TRUNCATE",
    "data_scopes": "INSERT OR UPDATE OR DELETE OR TRUNCATE",
}


def upgrade() -> None:
    op.create_table('auth_epoch',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('value', sa.BigInteger(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_auth_epoch'))
    )
    op.execute("insert into auth_epoch (id, value) values (1, 0)")
    # Transactional on purpose: the new value becomes visible with the change itself, at its commit.
    op.execute("""
        create function raise_auth_epoch() returns trigger language plpgsql as $$
        begin
          update auth_epoch set value = value + 1 where id = 1;
          return null;
        end $$""")
    for table, events in WATCHED.items():
        op.execute(f"create trigger {table}_raise_auth_epoch after {events} on {table} "
                   "for each statement execute function raise_auth_epoch()")


def downgrade() -> None:
    for table in WATCHED:
        op.execute(f"drop trigger {table}_raise_auth_epoch on {table}")
    op.execute("drop function raise_auth_epoch()")
    op.drop_table('auth_epoch')
