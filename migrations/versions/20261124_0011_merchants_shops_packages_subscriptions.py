"""merchants, merchant_accounts, shops, features, packages, package_versions, subscription requests and
records, the entitlement ledger and payments (SPEC §3); pg_trgm for email/phone search, btree_gist for the
no-overlap rule of base-package periods; triggers keep shop_count and refuse a package rename

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-24 22:48:48.446271
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0011'
down_revision: str | None = '0010'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


SHOP_COUNT = """
create function merchants_keep_shop_count() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.bound then
    update merchants set shop_count = shop_count - 1 where id = old.merchant_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.bound then
    update merchants set shop_count = shop_count + 1 where id = new.merchant_id;
  end if;
  return null;
end $$;
create trigger shops_keep_shop_count after insert or delete or update of bound, merchant_id on shops
  for each row execute function merchants_keep_shop_count();
"""

# SPEC §5: a package's name is its classification label, fixed at creation.
NAME_FIXED = """
create function packages_name_fixed() returns trigger language plpgsql as $$
begin
  if new.name is distinct from old.name then
    raise exception 'package name is not editable after creation' using errcode = 'check_violation',
      constraint = 'ck_packages_name_fixed';
  end if;
  return new;
end $$;
create trigger packages_name_fixed before update of name on packages
  for each row execute function packages_name_fixed();
"""


def upgrade() -> None:
    op.execute("create extension if not exists pg_trgm")
    op.execute("create extension if not exists btree_gist")
    op.create_table('features',
    sa.Column('key', sa.String(length=128), nullable=False),
    sa.Column('parent_key', sa.String(length=128), nullable=True),
    sa.Column('system', sa.String(length=8), nullable=False),
    sa.Column('name_en', sa.String(length=128), nullable=False),
    sa.Column('name_zh', sa.String(length=128), nullable=False),
    sa.Column('name_id', sa.String(length=128), nullable=False),
    sa.Column('sort', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['parent_key'], ['features.key'], name=op.f('fk_features_parent_key_features'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('key', name=op.f('pk_features'))
    )
    op.create_index(op.f('ix_features_parent_key'), 'features', ['parent_key'], unique=False)
    op.create_table('merchants',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=False),
    sa.Column('phone', sa.String(length=16), nullable=False),
    sa.Column('country', sa.String(length=8), nullable=False),
    sa.Column('registered_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('registration_source', sa.String(length=32), nullable=False),
    sa.Column('merchant_type', sa.String(length=48), nullable=True),
    sa.Column('business_category', sa.String(length=64), nullable=True),
    sa.Column('plan_name', sa.String(length=32), nullable=True),
    sa.Column('package_state', sa.String(length=16), nullable=False),
    sa.Column('subscription_state', sa.String(length=16), nullable=True),
    sa.Column('expire_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('shop_count', sa.Integer(), server_default='0', nullable=False),
    sa.Column('order_usage', sa.Integer(), server_default='0', nullable=False),
    sa.Column('order_limit', sa.Integer(), server_default='0', nullable=False),
    sa.Column('contact_status', sa.String(length=16), nullable=True),
    sa.Column('not_renew_reason', sa.String(length=32), nullable=True),
    sa.Column('sales_id', sa.Integer(), nullable=True),
    sa.Column('retention_id', sa.Integer(), nullable=True),
    sa.Column('team', sa.String(length=32), nullable=True),
    sa.Column('tags', postgresql.ARRAY(sa.String(length=32)), server_default='{}', nullable=False),
    sa.Column('whatsapp_link', sa.String(length=500), nullable=True),
    sa.Column('erp_business_line', sa.String(length=32), nullable=True),
    sa.Column('erp_merchant_id', sa.String(length=64), nullable=True),
    sa.Column('wms_merchant_id', sa.String(length=64), nullable=True),
    sa.Column('iam_user_id', sa.String(length=64), nullable=True),
    sa.Column('erp_first_login_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('first_payment_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('last_payment_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('active_days', sa.Integer(), server_default='0', nullable=False),
    sa.Column('orders_30d', sa.Integer(), server_default='0', nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("contact_status IS NULL OR contact_status IN ('NOT_REACH', 'INVALID_NUMBER', 'DONE')", name=op.f('ck_merchants_contact_status_valid')),
    sa.CheckConstraint("country IN ('ID', 'PH', 'CN', 'MY', 'TH', 'VN', 'SG', 'TW', 'US')", name=op.f('ck_merchants_country_valid')),
    sa.CheckConstraint("email = lower(email) AND position('@' in email) > 1", name=op.f('ck_merchants_email_lower')),
    sa.CheckConstraint("merchant_type IS NULL OR merchant_type IN ('SOUTHEAST_ASIA_LOCAL_SELLERS', 'OVERSEAS_WAREHOUSE_SERVICE', 'SOUTHEAST_ASIA_CROSS_BORDER_SELLERS', 'NOT_MERCHANT', 'NO_STORE', 'SINGLE_MARKETPLACE', 'MULTIPLE_MARKETPLACE', 'NOT_KNOWN', 'INVALID_NUMBER', 'DISTRIBUTOR')", name=op.f('ck_merchants_merchant_type_valid')),
    sa.CheckConstraint("not_renew_reason IS NULL OR not_renew_reason IN ('INSIST_MONTHLY', 'TRY_MONTHLY', 'TOO_EXPENSIVE', 'PRODUCT_UNSTABLE', 'WAITING_NEW_FEATURES', 'OTHER')", name=op.f('ck_merchants_not_renew_reason_valid')),
    sa.CheckConstraint("package_state IN ('NOT_PAID', 'BASIC', 'PRO', 'BUSINESS', 'PLUS', 'EXPIRED')", name=op.f('ck_merchants_package_state_valid')),
    sa.CheckConstraint("phone ~ '^\\+[1-9][0-9]{6,14}$'", name=op.f('ck_merchants_phone_e164')),
    sa.CheckConstraint("plan_name IS NULL OR plan_name IN ('OMS', 'FREE', 'FREE_TRIAL', 'BASIC', 'PRO', 'BUSINESS', 'OMNICHANNEL', 'PLUS', 'GINEE_OMS', 'GINEE_PLUS')", name=op.f('ck_merchants_plan_name_valid')),
    sa.CheckConstraint("registration_source IN ('SYS_ERP', 'SYS_WMS', 'SYS_CHAT', 'SYS_TRACK', 'SYS_POS', 'GENIE_IAM', 'GENIE_CRM', 'TOOLS_DATA', 'TOOLS_SCRAPER', 'AINEE_MERCHANT', 'AINEE_MEMBER', 'AINEE_STORE', 'AINEE_OFFICIAL_SITE', 'MKT_ADS', 'GENIE_SAAS_OFFICIAL_SITE', 'GENIE_CMS', 'OTHERS')", name=op.f('ck_merchants_registration_source_valid')),
    sa.CheckConstraint("subscription_state IS NULL OR subscription_state IN ('TRIAL', 'PAID', 'EXPIRED')", name=op.f('ck_merchants_subscription_state_valid')),
    sa.CheckConstraint("team IS NULL OR team IN ('RETENTION', 'SUPPORT_OPS', 'SELLER_SUCCESS', 'SALES', 'ONBOARDING_SPECIALIST', 'GINEE_LISTING')", name=op.f('ck_merchants_team_valid')),
    sa.CheckConstraint('shop_count >= 0 AND order_usage >= 0 AND order_limit >= 0', name=op.f('ck_merchants_counts_not_negative')),
    sa.ForeignKeyConstraint(['retention_id'], ['users.id'], name=op.f('fk_merchants_retention_id_users'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['sales_id'], ['users.id'], name=op.f('fk_merchants_sales_id_users'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_merchants')),
    sa.UniqueConstraint('email', name=op.f('uq_merchants_email')),
    sa.UniqueConstraint('erp_merchant_id', name=op.f('uq_merchants_erp_merchant_id')),
    sa.UniqueConstraint('iam_user_id', name=op.f('uq_merchants_iam_user_id')),
    sa.UniqueConstraint('wms_merchant_id', name=op.f('uq_merchants_wms_merchant_id'))
    )
    op.create_index('ix_merchants_country_expire_at', 'merchants', ['country', 'expire_at'], unique=False)
    op.create_index('ix_merchants_email_trgm', 'merchants', ['email'], unique=False, postgresql_using='gin', postgresql_ops={'email': 'gin_trgm_ops'})
    op.create_index(op.f('ix_merchants_expire_at'), 'merchants', ['expire_at'], unique=False)
    op.create_index(op.f('ix_merchants_merchant_type'), 'merchants', ['merchant_type'], unique=False)
    op.create_index('ix_merchants_phone_trgm', 'merchants', ['phone'], unique=False, postgresql_using='gin', postgresql_ops={'phone': 'gin_trgm_ops'})
    op.create_index(op.f('ix_merchants_plan_name'), 'merchants', ['plan_name'], unique=False)
    op.create_index('ix_merchants_registered_at_id', 'merchants', ['registered_at', 'id'], unique=False)
    op.create_index(op.f('ix_merchants_retention_id'), 'merchants', ['retention_id'], unique=False)
    op.create_index(op.f('ix_merchants_sales_id'), 'merchants', ['sales_id'], unique=False)
    op.create_index(op.f('ix_merchants_team'), 'merchants', ['team'], unique=False)
    op.create_table('packages',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('kind', sa.String(length=8), nullable=False),
    sa.Column('name', sa.String(length=128), nullable=False),
    sa.Column('country', sa.String(length=8), nullable=False),
    sa.Column('scene', sa.String(length=8), nullable=False),
    sa.Column('package_type', sa.String(length=8), nullable=False),
    sa.Column('addon_mode', sa.String(length=16), nullable=True),
    sa.Column('plan_name', sa.String(length=32), nullable=True),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('current_version', sa.Integer(), nullable=False),
    sa.Column('created_by', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("(package_type = 'ADDON') = (addon_mode IS NOT NULL)", name=op.f('ck_packages_addon_mode_for_addons')),
    sa.CheckConstraint("addon_mode IS NULL OR addon_mode IN ('SUPERIMPOSE', 'CONTINUE')", name=op.f('ck_packages_addon_mode_valid')),
    sa.CheckConstraint("country IN ('ID', 'PH', 'CN', 'MY', 'TH', 'VN', 'SG', 'TW', 'US')", name=op.f('ck_packages_country_valid')),
    sa.CheckConstraint("kind IN ('ERP', 'MENU', 'COMMON')", name=op.f('ck_packages_kind_valid')),
    sa.CheckConstraint("package_type IN ('BASIC', 'ADDON')", name=op.f('ck_packages_package_type_valid')),
    sa.CheckConstraint("plan_name IS NULL OR plan_name IN ('OMS', 'FREE', 'FREE_TRIAL', 'BASIC', 'PRO', 'BUSINESS', 'OMNICHANNEL', 'PLUS', 'GINEE_OMS', 'GINEE_PLUS')", name=op.f('ck_packages_plan_name_valid')),
    sa.CheckConstraint("scene IN ('ERP', 'WMS', 'CHAT', 'POS')", name=op.f('ck_packages_scene_valid')),
    sa.CheckConstraint("status IN ('ENABLED', 'DISABLED')", name=op.f('ck_packages_status_valid')),
    sa.CheckConstraint('current_version >= 1', name=op.f('ck_packages_current_version_positive')),
    sa.ForeignKeyConstraint(['created_by'], ['users.id'], name=op.f('fk_packages_created_by_users'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_packages')),
    sa.UniqueConstraint('kind', 'name', 'country', name='uq_packages_kind_name_country')
    )
    op.create_table('merchant_accounts',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('system', sa.String(length=8), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=False),
    sa.Column('user_type', sa.String(length=16), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('account_type', sa.String(length=16), nullable=False),
    sa.Column('activated_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("account_type IN ('OFFICIAL', 'TEST', 'INTERNAL')", name=op.f('ck_merchant_accounts_account_type_valid')),
    sa.CheckConstraint("status IN ('ENABLED', 'DISABLED', 'EXPIRED', 'BLACKLISTED')", name=op.f('ck_merchant_accounts_status_valid')),
    sa.CheckConstraint("system IN ('IAM', 'ERP', 'WMS')", name=op.f('ck_merchant_accounts_system_valid')),
    sa.CheckConstraint("user_type IN ('MERCHANT', 'STAFF')", name=op.f('ck_merchant_accounts_user_type_valid')),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f('fk_merchant_accounts_merchant_id_merchants'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_merchant_accounts')),
    sa.UniqueConstraint('merchant_id', 'system', 'email', name='uq_merchant_accounts_merchant_system_email')
    )
    op.create_index(op.f('ix_merchant_accounts_merchant_id'), 'merchant_accounts', ['merchant_id'], unique=False)
    op.create_table('package_versions',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('package_id', sa.BigInteger(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('display_name', sa.String(length=128), nullable=False),
    sa.Column('subscription_method', sa.String(length=8), nullable=False),
    sa.Column('payment_period', sa.String(length=16), nullable=False),
    sa.Column('priority', sa.Integer(), nullable=False),
    sa.Column('currency', sa.String(length=3), nullable=False),
    sa.Column('amount', sa.Numeric(precision=16, scale=2), nullable=False),
    sa.Column('monthly_amount', sa.Numeric(precision=16, scale=2), nullable=True),
    sa.Column('daily_amount', sa.Numeric(precision=16, scale=2), nullable=True),
    sa.Column('tax_rate', sa.Numeric(precision=5, scale=2), nullable=False),
    sa.Column('tax', sa.Numeric(precision=16, scale=2), nullable=False),
    sa.Column('discount_percentage', sa.Numeric(precision=5, scale=2), nullable=False),
    sa.Column('discounted_price', sa.Numeric(precision=16, scale=2), nullable=False),
    sa.Column('total_price', sa.Numeric(precision=16, scale=2), nullable=False),
    sa.Column('actual_payment', sa.Numeric(precision=16, scale=2), nullable=False),
    sa.Column('free_days', sa.Integer(), nullable=False),
    sa.Column('monthly_orders', sa.Integer(), nullable=False),
    sa.Column('daily_orders', sa.Integer(), nullable=False),
    sa.Column('reminder_orders', sa.Integer(), nullable=True),
    sa.Column('intercepted_orders', sa.Integer(), nullable=True),
    sa.Column('effect_after_interception', sa.String(length=64), nullable=True),
    sa.Column('channels', postgresql.ARRAY(sa.String(length=32)), server_default='{}', nullable=False),
    sa.Column('store_count', sa.Integer(), nullable=False),
    sa.Column('sub_account_count', sa.Integer(), nullable=False),
    sa.Column('msku_count', sa.Integer(), nullable=False),
    sa.Column('pricing_copy', sa.Text(), nullable=True),
    sa.Column('created_by', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("currency IN ('IDR', 'CNY', 'USD', 'VND', 'MYR', 'PHP', 'THB', 'SGD')", name=op.f('ck_package_versions_currency_valid')),
    sa.CheckConstraint("payment_period IN ('MONTH', 'THREE_MONTH', 'HALF_YEAR', 'YEAR', 'TWO_YEAR')", name=op.f('ck_package_versions_payment_period_valid')),
    sa.CheckConstraint("subscription_method IN ('OFFLINE', 'ONLINE')", name=op.f('ck_package_versions_subscription_method_valid')),
    sa.CheckConstraint('actual_payment = CASE WHEN tax <= 0 THEN amount - discounted_price ELSE amount + tax - discounted_price END', name=op.f('ck_package_versions_actual_payment_formula')),
    sa.CheckConstraint('amount BETWEEN 1 AND 100000000000 AND amount = trunc(amount)', name=op.f('ck_package_versions_amount_range')),
    sa.CheckConstraint('discounted_price BETWEEN 0 AND 100000000 AND discounted_price <= amount', name=op.f('ck_package_versions_discounted_price_range')),
    sa.CheckConstraint('free_days BETWEEN 0 AND 365', name=op.f('ck_package_versions_free_days_range')),
    sa.CheckConstraint('monthly_orders BETWEEN 1 AND 1000000 AND daily_orders = monthly_orders / 30', name=op.f('ck_package_versions_orders_range')),
    sa.CheckConstraint('msku_count BETWEEN -1 AND 1000000', name=op.f('ck_package_versions_msku_count_range')),
    sa.CheckConstraint('store_count BETWEEN -1 AND 1000', name=op.f('ck_package_versions_store_count_range')),
    sa.CheckConstraint('sub_account_count BETWEEN -1 AND 100000', name=op.f('ck_package_versions_sub_account_count_range')),
    sa.CheckConstraint('tax >= 0 AND tax < amount AND tax = ceil(tax)', name=op.f('ck_package_versions_tax_below_amount')),
    sa.ForeignKeyConstraint(['created_by'], ['users.id'], name=op.f('fk_package_versions_created_by_users'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['package_id'], ['packages.id'], name=op.f('fk_package_versions_package_id_packages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_package_versions')),
    sa.UniqueConstraint('package_id', 'version', name='uq_package_versions_package_version')
    )
    op.create_index(op.f('ix_package_versions_package_id'), 'package_versions', ['package_id'], unique=False)
    op.create_table('shops',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('channel', sa.String(length=32), nullable=False),
    sa.Column('country', sa.String(length=8), nullable=False),
    sa.Column('external_shop_id', sa.String(length=64), nullable=False),
    sa.Column('external_shop_name', sa.String(length=255), nullable=True),
    sa.Column('logo_url', sa.String(length=2083), nullable=True),
    sa.Column('chat_url', sa.String(length=2083), nullable=True),
    sa.Column('merchant_email', sa.String(length=254), nullable=False),
    sa.Column('latest_order_sync_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('latest_product_sync_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('connection_type', sa.String(length=32), nullable=True),
    sa.Column('connection_status', sa.String(length=16), nullable=False),
    sa.Column('bound', sa.Boolean(), server_default='true', nullable=False),
    sa.Column('unbound_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("channel IN ('SHOPEE_ID', 'TOKOPEDIA_ID', 'BUKALAPAK_ID', 'LAZADA_ID', 'LAZADA_CHOICE', 'BLIBLI_ID', 'SHOPIFY_ID', 'JD_ID', 'JD_V2', 'TIKTOK_ID', 'ZALORA_ID', 'AKULAKU_ID', 'WOO_COMMERCE_ID', 'TIKI_ID', 'MOKA_POS', 'LINE_SHOPPING_TH', 'GINEE_POS', 'MAGENTO', 'MANUAL', 'ALIBABA_CN', 'ALIBABA_INTL_CN')", name=op.f('ck_shops_channel_valid')),
    sa.CheckConstraint("connection_status IN ('CONNECTED', 'DISCONNECTED', 'EXPIRED', 'AUTHORIZING', 'UNAUTHORIZED', 'RESTRICTED')", name=op.f('ck_shops_connection_status_valid')),
    sa.CheckConstraint("country IN ('ID', 'PH', 'CN', 'MY', 'TH', 'VN', 'SG', 'TW', 'US')", name=op.f('ck_shops_country_valid')),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f('fk_shops_merchant_id_merchants'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_shops')),
    sa.UniqueConstraint('channel', 'external_shop_id', name='uq_shops_channel_external_shop_id')
    )
    op.create_index(op.f('ix_shops_channel'), 'shops', ['channel'], unique=False)
    op.create_index(op.f('ix_shops_country'), 'shops', ['country'], unique=False)
    op.create_index(op.f('ix_shops_merchant_email'), 'shops', ['merchant_email'], unique=False)
    op.create_index('ix_shops_merchant_id_bound', 'shops', ['merchant_id', 'bound'], unique=False)
    op.create_table('subscription_requests',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('workflow_id', sa.String(length=200), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('state', sa.String(length=24), nullable=False),
    sa.Column('requested_by', sa.Integer(), nullable=False),
    sa.Column('approver_id', sa.Integer(), nullable=True),
    sa.Column('receipt_number', sa.String(length=64), nullable=True),
    sa.Column('payment_serial', sa.String(length=64), nullable=True),
    sa.Column('payload', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('deadline_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('decided_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('reason', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("kind IN ('SUBSCRIBE', 'GIFT')", name=op.f('ck_subscription_requests_kind_valid')),
    sa.CheckConstraint("state IN ('AWAITING_CONFIRMATION', 'AWAITING_APPROVAL', 'APPLIED', 'REFUSED', 'EXPIRED', 'WITHDRAWN', 'FAILED')", name=op.f('ck_subscription_requests_state_valid')),
    sa.CheckConstraint('approver_id IS NULL OR approver_id <> requested_by', name=op.f('ck_subscription_requests_approver_not_requester')),
    sa.ForeignKeyConstraint(['approver_id'], ['users.id'], name=op.f('fk_subscription_requests_approver_id_users'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f('fk_subscription_requests_merchant_id_merchants'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['requested_by'], ['users.id'], name=op.f('fk_subscription_requests_requested_by_users'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_subscription_requests')),
    sa.UniqueConstraint('workflow_id', name=op.f('uq_subscription_requests_workflow_id'))
    )
    op.create_index(op.f('ix_subscription_requests_merchant_id'), 'subscription_requests', ['merchant_id'], unique=False)
    op.create_index('ix_subscription_requests_state_created_at', 'subscription_requests', ['state', 'created_at'], unique=False)
    op.create_table('package_version_features',
    sa.Column('version_id', sa.BigInteger(), nullable=False),
    sa.Column('feature_key', sa.String(length=128), nullable=False),
    sa.ForeignKeyConstraint(['feature_key'], ['features.key'], name=op.f('fk_package_version_features_feature_key_features'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['version_id'], ['package_versions.id'], name=op.f('fk_package_version_features_version_id_package_versions'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('version_id', 'feature_key', name=op.f('pk_package_version_features'))
    )
    op.create_index(op.f('ix_package_version_features_feature_key'), 'package_version_features', ['feature_key'], unique=False)
    op.create_table('subscriptions',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('request_id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('package_version_id', sa.BigInteger(), nullable=False),
    sa.Column('quantity', sa.Integer(), nullable=False),
    sa.Column('plan_name', sa.String(length=32), nullable=True),
    sa.Column('unit', sa.String(length=16), nullable=False),
    sa.Column('currency', sa.String(length=3), nullable=False),
    sa.Column('payment_period', sa.String(length=16), nullable=False),
    sa.Column('effective_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('expire_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('amount', sa.Numeric(precision=16, scale=2), nullable=False),
    sa.Column('tax', sa.Numeric(precision=16, scale=2), nullable=False),
    sa.Column('discounted_price', sa.Numeric(precision=16, scale=2), nullable=False),
    sa.Column('actual_payment', sa.Numeric(precision=16, scale=2), nullable=False),
    sa.Column('payment_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('payment_serial', sa.String(length=64), nullable=True),
    sa.Column('receipt_number', sa.String(length=64), nullable=True),
    sa.Column('screenshot_file_id', sa.Integer(), nullable=True),
    sa.Column('free_days', sa.Integer(), nullable=False),
    sa.Column('created_by', sa.Integer(), nullable=False),
    sa.Column('approved_by', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("currency IN ('IDR', 'CNY', 'USD', 'VND', 'MYR', 'PHP', 'THB', 'SGD')", name=op.f('ck_subscriptions_currency_valid')),
    sa.CheckConstraint("kind = 'GIFT' OR (payment_serial IS NOT NULL AND receipt_number IS NOT NULL)", name=op.f('ck_subscriptions_paid_needs_receipt_and_serial')),
    sa.CheckConstraint("kind IN ('SUBSCRIBE', 'GIFT')", name=op.f('ck_subscriptions_kind_valid')),
    sa.CheckConstraint("payment_period IN ('MONTH', 'THREE_MONTH', 'HALF_YEAR', 'YEAR', 'TWO_YEAR')", name=op.f('ck_subscriptions_payment_period_valid')),
    sa.CheckConstraint("plan_name IS NULL OR plan_name IN ('OMS', 'FREE', 'FREE_TRIAL', 'BASIC', 'PRO', 'BUSINESS', 'OMNICHANNEL', 'PLUS', 'GINEE_OMS', 'GINEE_PLUS')", name=op.f('ck_subscriptions_plan_name_valid')),
    sa.CheckConstraint('approved_by <> created_by', name=op.f('ck_subscriptions_approver_not_requester')),
    sa.CheckConstraint('free_days BETWEEN 0 AND 365', name=op.f('ck_subscriptions_free_days_range')),
    sa.CheckConstraint('quantity >= 1', name=op.f('ck_subscriptions_quantity_positive')),
    sa.ForeignKeyConstraint(['approved_by'], ['users.id'], name=op.f('fk_subscriptions_approved_by_users'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['created_by'], ['users.id'], name=op.f('fk_subscriptions_created_by_users'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f('fk_subscriptions_merchant_id_merchants'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['package_version_id'], ['package_versions.id'], name=op.f('fk_subscriptions_package_version_id_package_versions'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['request_id'], ['subscription_requests.id'], name=op.f('fk_subscriptions_request_id_subscription_requests'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['screenshot_file_id'], ['stored_files.id'], name=op.f('fk_subscriptions_screenshot_file_id_stored_files'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_subscriptions')),
    sa.UniqueConstraint('payment_serial', name=op.f('uq_subscriptions_payment_serial')),
    sa.UniqueConstraint('receipt_number', name=op.f('uq_subscriptions_receipt_number')),
    sa.UniqueConstraint('request_id', name=op.f('uq_subscriptions_request_id'))
    )
    op.create_index('ix_subscriptions_merchant_id_effective_at', 'subscriptions', ['merchant_id', 'effective_at'], unique=False)
    op.create_index(op.f('ix_subscriptions_package_version_id'), 'subscriptions', ['package_version_id'], unique=False)
    op.create_table('entitlements',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('subscription_id', sa.BigInteger(), nullable=False),
    sa.Column('package_version_id', sa.BigInteger(), nullable=False),
    sa.Column('line', sa.String(length=32), nullable=False),
    sa.Column('period', postgresql.TSTZRANGE(), nullable=False),
    sa.CheckConstraint('NOT isempty(period)', name=op.f('ck_entitlements_period_not_empty')),
    postgresql.ExcludeConstraint(('merchant_id', '='), ('period', '&&'), using='gist', where=sa.text("line = 'BASE'"),
                                 name='ex_entitlements_base_period_overlap'),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f('fk_entitlements_merchant_id_merchants'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['package_version_id'], ['package_versions.id'], name=op.f('fk_entitlements_package_version_id_package_versions'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['subscription_id'], ['subscriptions.id'], name=op.f('fk_entitlements_subscription_id_subscriptions'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_entitlements'))
    )
    op.create_index('ix_entitlements_merchant_id_line', 'entitlements', ['merchant_id', 'line'], unique=False)
    op.create_index(op.f('ix_entitlements_subscription_id'), 'entitlements', ['subscription_id'], unique=False)
    op.create_table('payments',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('subscription_id', sa.BigInteger(), nullable=True),
    sa.Column('amount', sa.Numeric(precision=16, scale=2), nullable=False),
    sa.Column('currency', sa.String(length=3), nullable=False),
    sa.Column('status', sa.String(length=8), nullable=False),
    sa.Column('payment_serial', sa.String(length=64), nullable=True),
    sa.Column('paid_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("currency IN ('IDR', 'CNY', 'USD', 'VND', 'MYR', 'PHP', 'THB', 'SGD')", name=op.f('ck_payments_currency_valid')),
    sa.CheckConstraint("status IN ('PAID', 'PENDING', 'FAILED', 'CANCEL')", name=op.f('ck_payments_status_valid')),
    sa.CheckConstraint('amount >= 0', name=op.f('ck_payments_amount_not_negative')),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f('fk_payments_merchant_id_merchants'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['subscription_id'], ['subscriptions.id'], name=op.f('fk_payments_subscription_id_subscriptions'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_payments'))
    )
    op.create_index('ix_payments_merchant_id_created_at', 'payments', ['merchant_id', 'created_at'], unique=False)
    op.create_index(op.f('ix_payments_subscription_id'), 'payments', ['subscription_id'], unique=False)
    op.execute(SHOP_COUNT)
    op.execute(NAME_FIXED)

def downgrade() -> None:
    op.execute("drop trigger if exists packages_name_fixed on packages")
    op.execute("drop function if exists packages_name_fixed()")
    op.execute("drop trigger if exists shops_keep_shop_count on shops")
    op.execute("drop function if exists merchants_keep_shop_count()")
    op.drop_index(op.f('ix_payments_subscription_id'), table_name='payments')
    op.drop_index('ix_payments_merchant_id_created_at', table_name='payments')
    op.drop_table('payments')
    op.drop_index(op.f('ix_entitlements_subscription_id'), table_name='entitlements')
    op.drop_index('ix_entitlements_merchant_id_line', table_name='entitlements')
    op.drop_table('entitlements')
    op.drop_index(op.f('ix_subscriptions_package_version_id'), table_name='subscriptions')
    op.drop_index('ix_subscriptions_merchant_id_effective_at', table_name='subscriptions')
    op.drop_table('subscriptions')
    op.drop_index(op.f('ix_package_version_features_feature_key'), table_name='package_version_features')
    op.drop_table('package_version_features')
    op.drop_index('ix_subscription_requests_state_created_at', table_name='subscription_requests')
    op.drop_index(op.f('ix_subscription_requests_merchant_id'), table_name='subscription_requests')
    op.drop_table('subscription_requests')
    op.drop_index('ix_shops_merchant_id_bound', table_name='shops')
    op.drop_index(op.f('ix_shops_merchant_email'), table_name='shops')
    op.drop_index(op.f('ix_shops_country'), table_name='shops')
    op.drop_index(op.f('ix_shops_channel'), table_name='shops')
    op.drop_table('shops')
    op.drop_index(op.f('ix_package_versions_package_id'), table_name='package_versions')
    op.drop_table('package_versions')
    op.drop_index(op.f('ix_merchant_accounts_merchant_id'), table_name='merchant_accounts')
    op.drop_table('merchant_accounts')
    op.drop_table('packages')
    op.drop_index(op.f('ix_merchants_team'), table_name='merchants')
    op.drop_index(op.f('ix_merchants_sales_id'), table_name='merchants')
    op.drop_index(op.f('ix_merchants_retention_id'), table_name='merchants')
    op.drop_index('ix_merchants_registered_at_id', table_name='merchants')
    op.drop_index(op.f('ix_merchants_plan_name'), table_name='merchants')
    op.drop_index('ix_merchants_phone_trgm', table_name='merchants', postgresql_using='gin', postgresql_ops={'phone': 'gin_trgm_ops'})
    op.drop_index(op.f('ix_merchants_merchant_type'), table_name='merchants')
    op.drop_index(op.f('ix_merchants_expire_at'), table_name='merchants')
    op.drop_index('ix_merchants_email_trgm', table_name='merchants', postgresql_using='gin', postgresql_ops={'email': 'gin_trgm_ops'})
    op.drop_index('ix_merchants_country_expire_at', table_name='merchants')
    op.drop_table('merchants')
    op.drop_index(op.f('ix_features_parent_key'), table_name='features')
    op.drop_table('features')
