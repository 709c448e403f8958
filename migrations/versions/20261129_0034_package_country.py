"""a merchant's subscription records and entitlement periods are of packages of its own country

Revision ID: 0034
Revises: 0032
Create Date: 2026-11-29 04:00:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0034'
down_revision: str | None = '0033'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("subscriptions", "entitlements")

# SPEC §5 "the currency of the applicable country must be in use": whatever writes a record or a period, its
# package version is of a package of the merchant's country (the country of the merchant when it is sold; a
# merchant whose phone moves it later keeps what it bought). No CHECK reads another table: a trigger.
FUNCTION = """
create function package_of_merchant_country() returns trigger language plpgsql as $$
declare
  package_country text;
  merchant_country text;
begin
  select p.country into package_country
    from package_versions v join packages p on p.id = v.package_id where v.id = new.package_version_id;
  select m.country into merchant_country from merchants m where m.id = new.merchant_id;
  if package_country is distinct from merchant_country then
    raise exception 'package version % is of %, merchant % is of %', new.package_version_id, package_country,
      new.merchant_id, merchant_country using errcode = 'check_violation',
      constraint = 'ck_' || tg_table_name || '_package_country';
  end if;
  return new;
end $$;
"""


def upgrade() -> None:
    op.execute(FUNCTION)
    for table in TABLES:
        op.execute(f"create trigger {table}_package_country before insert or update of package_version_id, "
                   f"merchant_id on {table} for each row execute function package_of_merchant_country()")


def downgrade() -> None:
    for table in TABLES:
        op.execute(f"drop trigger if exists {table}_package_country on {table}")
    op.execute("drop function if exists package_of_merchant_country()")
