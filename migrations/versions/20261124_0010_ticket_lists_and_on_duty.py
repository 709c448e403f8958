"""ticket_categories, ticket_applications (managed lists, seeded from the tickets' values), ticket_on_duty

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24 20:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0010'
down_revision: str | None = '0009'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# code -> (English, Chinese, Indonesian): the lists a new console starts with
CATEGORIES = {
    "Orders": ("Orders", "订单", "Pesanan"), "Products": ("Products", "商品", "Produk"),
    "Stock": ("Stock", "库存", "Stok"), "Logistics": ("Logistics", "物流", "Logistik"),
    "Integration": ("Integration", "集成", "Integrasi"), "Account": ("Account", "账号", "Akun"),
    "Billing": ("Billing", "账单", "Tagihan"), "ERP": ("ERP", "ERP", "ERP"), "Others": ("Others", "其他", "Lainnya"),
}
APPLICATIONS = {
    "SYS_ERP": ("ERP system", "ERP 系统", "Sistem ERP"), "SYS_WMS": ("WMS system", "WMS 系统", "Sistem WMS"),
    "OMS": ("OMS", "OMS", "OMS"), "ERP": ("ERP", "ERP", "ERP"),
    "TOOLS_SCRAPER": ("Scraper tools", "爬虫工具", "Alat scraper"), "CMS": ("Console", "控制台", "Konsol"),
}


def list_table(name: str, code_length: int) -> None:
    op.create_table(
        name,
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('code', sa.String(length=code_length), nullable=False),
        sa.Column('name_en', sa.String(length=64), nullable=False),
        sa.Column('name_zh', sa.String(length=64), nullable=False),
        sa.Column('name_id', sa.String(length=64), nullable=False),
        sa.Column('enabled', sa.Boolean(), nullable=False),
        sa.Column('sort', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f(f'pk_{name}')),
        sa.UniqueConstraint('code', name=op.f(f'uq_{name}_code')),
    )


def seed(name: str, column: str, built_in: dict[str, tuple[str, str, str]]) -> None:
    """The built-in entries, then every value tickets hold already (named by itself), so each ticket maps."""
    table = sa.table(name, sa.column('code'), sa.column('name_en'), sa.column('name_zh'), sa.column('name_id'),
                     sa.column('enabled'), sa.column('sort'))
    op.bulk_insert(table, [{"code": code, "name_en": en, "name_zh": zh, "name_id": id_, "enabled": True,
                            "sort": sort} for sort, (code, (en, zh, id_)) in enumerate(built_in.items(), start=1)])
    op.execute(f"insert into {name} (code, name_en, name_zh, name_id, enabled, sort) "
               f"select distinct {column}, left({column}, 64), '', '', true, 100 from tickets "
               f"on conflict (code) do nothing")


def upgrade() -> None:
    list_table('ticket_categories', 64)
    list_table('ticket_applications', 32)
    seed('ticket_categories', 'category', CATEGORIES)
    seed('ticket_applications', 'application', APPLICATIONS)
    op.create_table(
        'ticket_on_duty',
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_ticket_on_duty_user_id_users'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('user_id', name=op.f('pk_ticket_on_duty')),
    )


def downgrade() -> None:
    op.drop_table('ticket_on_duty')
    op.drop_table('ticket_applications')
    op.drop_table('ticket_categories')
