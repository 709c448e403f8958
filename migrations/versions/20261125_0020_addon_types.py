"""add-on types and their quantity limits

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-25 02:30:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0020'
down_revision: str | None = '0019'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# SPEC §3 add-on package quantities as they stand at this revision (domain/rules/subscriptions.py ADDON_QUANTITY)
QUANTITY = {"OMS_ADD_5_STAFF": 1000, "OMS_ADD_10_STORE": 1000, "OMS_ADD_10K_ORDER": 1000,
            "WMS_ADD_5_CONSIGNOR": 100, "WMS_ORDER_10K": 1000, "OMS_OPEN_API": 1, "ADVANCED_WMS": 1}
# the demo add-ons, named by their SPEC §3 labels, take their type
LABELS = {"oms add 5 staff": "OMS_ADD_5_STAFF", "oms add 10 store": "OMS_ADD_10_STORE",
          "oms add 10k order": "OMS_ADD_10K_ORDER", "wms add 5 consignor": "WMS_ADD_5_CONSIGNOR",
          "wms order 10k": "WMS_ORDER_10K", "oms open api": "OMS_OPEN_API", "advanced wms": "ADVANCED_WMS"}

LIMIT_CASE = "CASE p.addon_type " + " ".join(f"WHEN '{k}' THEN {v}" for k, v in QUANTITY.items()) + " END"

# A subscription record of an add-on never holds more than its type allows, whatever writes it; and an add-on's
# type, once set, stays (it is what its subscribers bought).
TRIGGERS = f"""
create function subscriptions_addon_quantity() returns trigger language plpgsql as $$
declare
  limit_ integer;
begin
  select {LIMIT_CASE} into limit_
    from package_versions v join packages p on p.id = v.package_id where v.id = new.package_version_id;
  if limit_ is not null and new.quantity > limit_ then
    raise exception 'quantity % is above the add-on limit %', new.quantity, limit_ using errcode = 'check_violation',
      constraint = 'ck_subscriptions_addon_quantity';
  end if;
  return new;
end $$;
create trigger subscriptions_addon_quantity before insert or update of quantity, package_version_id on subscriptions
  for each row execute function subscriptions_addon_quantity();

create function packages_addon_type_fixed() returns trigger language plpgsql as $$
begin
  if old.addon_type is not null and new.addon_type is distinct from old.addon_type then
    raise exception 'an add-on type is not editable once set' using errcode = 'check_violation',
      constraint = 'ck_packages_addon_type_fixed';
  end if;
  return new;
end $$;
create trigger packages_addon_type_fixed before update of addon_type on packages
  for each row execute function packages_addon_type_fixed();
"""


def upgrade() -> None:
    types = ", ".join(f"'{k}'" for k in QUANTITY)
    op.add_column('packages', sa.Column('addon_type', sa.String(length=32), nullable=True))
    op.create_check_constraint(op.f('ck_packages_addon_type_valid'), 'packages',
                               f"addon_type IS NULL OR addon_type IN ({types})")
    op.create_check_constraint(op.f('ck_packages_addon_type_for_addons'), 'packages',
                               "addon_type IS NULL OR package_type = 'ADDON'")
    for label, addon_type in LABELS.items():
        op.execute(sa.text("UPDATE packages SET addon_type = :t WHERE package_type = 'ADDON' AND lower(name) = :n")
                   .bindparams(t=addon_type, n=label))
    op.execute(TRIGGERS)


def downgrade() -> None:
    op.execute("drop trigger if exists packages_addon_type_fixed on packages")
    op.execute("drop function if exists packages_addon_type_fixed()")
    op.execute("drop trigger if exists subscriptions_addon_quantity on subscriptions")
    op.execute("drop function if exists subscriptions_addon_quantity()")
    op.drop_constraint(op.f('ck_packages_addon_type_for_addons'), 'packages', type_='check')
    op.drop_constraint(op.f('ck_packages_addon_type_valid'), 'packages', type_='check')
    op.drop_column('packages', 'addon_type')
