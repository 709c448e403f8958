"""a failed task record's retry names it; a merchant's warehouse names are its own; a first payment is not after
the last; locks of one store's or one sku's stock

Revision ID: 0041
Revises: 0039
Create Date: 2026-11-29 10:30:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0041'
down_revision: str | None = '0039'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# Warehouses of one merchant that share a name keep it, the later ones with their code after it.
RENAME_DUPLICATES = """
update warehouses w set name = left(w.name, 100 - length(w.code) - 3) || ' (' || w.code || ')'
  from (select id, row_number() over (partition by merchant_id, name order by id) as n from warehouses) d
 where d.id = w.id and d.n > 1
"""
# A payment applied after a later one used to become the last payment: the two swap back.
SWAP_PAYMENTS = """
update merchants set first_payment_at = last_payment_at, last_payment_at = first_payment_at
 where first_payment_at > last_payment_at
"""


def upgrade() -> None:
    op.execute(RENAME_DUPLICATES)
    op.create_unique_constraint("uq_warehouses_merchant_id_name", "warehouses", ["merchant_id", "name"])
    op.execute(SWAP_PAYMENTS)
    op.create_check_constraint(op.f("ck_merchants_first_payment_before_last"), "merchants",
                               "first_payment_at <= last_payment_at")
    op.add_column("job_records", sa.Column("retry_of", sa.BigInteger(), nullable=True))
    op.create_foreign_key("fk_job_records_retry_of_job_records", "job_records", "job_records", ["retry_of"], ["id"],
                          ondelete="SET NULL")
    op.create_unique_constraint("uq_job_records_retry_of", "job_records", ["retry_of"])
    op.create_table(
        "stock_locks",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column("merchant_id", sa.BigInteger(), sa.ForeignKey("merchants.id", ondelete="CASCADE",
                                                             name="fk_stock_locks_merchant_id_merchants"),
                  nullable=False),
        sa.Column("shop_id", sa.BigInteger(), sa.ForeignKey("shops.id", ondelete="CASCADE",
                                                         name="fk_stock_locks_shop_id_shops"), nullable=True),
        sa.Column("sku", sa.String(100), nullable=True),
        sa.Column("reason", sa.String(200), nullable=True),
        sa.Column("locked_by", sa.Integer(), sa.ForeignKey("users.id", ondelete="SET NULL",
                                                           name="fk_stock_locks_locked_by_users"), nullable=True),
        sa.Column("locked_by_name", sa.String(64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.CheckConstraint("num_nonnulls(shop_id, sku) = 1", name="ck_stock_locks_one_target"),
        sa.UniqueConstraint("merchant_id", "shop_id", name="uq_stock_locks_merchant_id_shop_id"),
        sa.UniqueConstraint("merchant_id", "sku", name="uq_stock_locks_merchant_id_sku"),
    )
    op.create_index("ix_stock_locks_merchant_id", "stock_locks", ["merchant_id"])


def downgrade() -> None:
    op.drop_table("stock_locks")
    op.drop_constraint("uq_job_records_retry_of", "job_records", type_="unique")
    op.drop_constraint("fk_job_records_retry_of_job_records", "job_records", type_="foreignkey")
    op.drop_column("job_records", "retry_of")
    op.drop_constraint("ck_merchants_first_payment_before_last", "merchants", type_="check")
    op.drop_constraint("uq_warehouses_merchant_id_name", "warehouses", type_="unique")
