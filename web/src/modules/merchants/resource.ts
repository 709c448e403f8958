import type { components } from '../../api/schema';
import { defineResource, type Column } from '../../components/resource';
import { UserInput } from '../users/inputs';
import { CountRangeInput, TagsInput } from './inputs';
import { WhatsappGroupInput } from '../whatsapp-groups/WhatsappGroupInput';

export type Merchant = components['schemas']['MerchantPublic'];

/** The merchant detail (SPEC §2 IAM detail, not cached): the page every merchant row opens. */
export const merchantPath = (id: number) => `/operation/ginee-iam/genie-iam-detail?id=${id}`;

const list = (value: unknown) => (Array.isArray(value) && value.length ? value.join(', ') : undefined);

/** SPEC §3 merchant fields and filters; the server half is api/routers/merchants.py. */
export const merchantColumns: Column<Merchant>[] = [
  { key: 'id', title: 'id', hidden: true, filter: true, sorter: true },
  { key: 'email', title: 'email', priority: 'key', filter: true, sorter: true, copyable: true, width: 220, ellipsis: true },
  { key: 'phone', title: 'phone', filter: true, copyable: true, form: { required: true, max: 32 } },
  { key: 'country', title: 'country', type: 'enum', enum: 'Country', priority: 'key', filter: { multiple: true } },
  { key: 'registeredAt', title: 'registeredAt', type: 'datetime', sorter: true, filter: true, priority: 'wide' },
  { key: 'registrationSource', title: 'registrationSource', type: 'enum', enum: 'SourceSystem', filter: { multiple: true }, hidden: true },
  { key: 'merchantType', title: 'merchantType', type: 'enum', enum: 'MerchantType', filter: { multiple: true }, priority: 'wide', form: {} },
  { key: 'businessCategory', title: 'businessCategory', filter: true, hidden: true, form: { max: 64 } },
  { key: 'planName', title: 'planName', type: 'enum', enum: 'PlanName', filter: { multiple: true } },
  { key: 'packageState', title: 'packageState', type: 'enum', enum: 'MerchantPackageState', filter: { multiple: true }, hidden: true, priority: 'key' },
  { key: 'expireAt', title: 'expireAt', type: 'datetime', sorter: true, filter: true },
  { key: 'integration', title: 'integration', type: 'enum', enum: 'IntegrationFilter', filter: true, table: false },
  { key: 'plan', title: 'plan', type: 'enum', enum: 'PlanFilter', filter: true, table: false },
  { key: 'accountStatus', title: 'accountStatus', type: 'enum', enum: 'AccountStatus', filter: { multiple: true }, table: false },
  { key: 'accountType', title: 'accountType', type: 'enum', enum: 'AccountType', filter: { multiple: true }, table: false },
  { key: 'shopCount', title: 'shopCount', type: 'number', sorter: true, filter: { input: CountRangeInput, multiple: true } },
  { key: 'orderUsage', title: 'orderUsage', type: 'number', sorter: true, filter: { input: CountRangeInput, multiple: true }, format: (value, row) => `${String(value)} / ${row.orderLimit}` },
  { key: 'contactStatus', title: 'contactStatus', type: 'enum', enum: 'ContactStatus', filter: { multiple: true }, priority: 'key', form: {} },
  { key: 'notRenewReason', title: 'notRenewReason', type: 'enum', enum: 'NotRenewReason', filter: { multiple: true }, hidden: true, form: {} },
  { key: 'salesName', title: 'sales', priority: 'wide' },
  { key: 'salesId', title: 'sales', table: false, filter: { input: UserInput }, form: { input: UserInput } },
  { key: 'retentionName', title: 'retention', priority: 'wide' },
  { key: 'retentionId', title: 'retention', table: false, filter: { input: UserInput }, form: { input: UserInput } },
  { key: 'team', title: 'team', type: 'enum', enum: 'SalesTeam', filter: { multiple: true }, form: {} },
  { key: 'tags', title: 'tags', format: list, hidden: true, filter: { input: TagsInput, multiple: true } },
  { key: 'channels', title: 'channels', format: list, hidden: true },
  { key: 'whatsappLink', title: 'whatsappLink', type: 'url', hidden: true, form: { max: 500, pattern: 'url' } },
  { key: 'whatsappGroupName', title: 'whatsappGroup', hidden: true, format: (value, row) => (value ? `${String(value)} · ${row.whatsappGroupLink ?? ''}` : undefined) },
  { key: 'whatsappGroupId', title: 'whatsappGroup', table: false, filter: { input: WhatsappGroupInput }, form: { input: WhatsappGroupInput } },
  { key: 'erpBusinessLine', title: 'erpBusinessLine', hidden: true },
  { key: 'erpMerchantId', title: 'erpMerchantId', hidden: true, copyable: true },
  { key: 'wmsMerchantId', title: 'wmsMerchantId', hidden: true, copyable: true },
  { key: 'iamUserId', title: 'iamUserId', hidden: true, copyable: true },
  { key: 'firstPaymentAt', title: 'firstPaymentAt', type: 'datetime', hidden: true },
  { key: 'lastPaymentAt', title: 'lastPaymentAt', type: 'datetime', sorter: true, hidden: true, filter: true },
  { key: 'activeDays', title: 'activeDays', type: 'number', sorter: true, hidden: true },
  // the wire name of orders_30d (the server's sort key too)
  { key: 'orders30D', title: 'orders30d', type: 'number', sorter: true, hidden: true },
];

const shared = {
  namespace: 'merchants',
  columns: merchantColumns,
  defaultSort: '-registeredAt',
  detailPath: (row: Merchant) => merchantPath(row.id),
};

/** All accounts: every merchant the user's data authority allows. */
export const allMerchants = defineResource<Merchant>({
  ...shared,
  name: 'merchants',
  api: 'merchant',
  permission: 'ginee-account',
  actions: ['edit', 'export'],
});

/** Specific accounts: named merchants (email, phone or id first), the operating screen. */
export const specificMerchants = defineResource<Merchant>({
  ...shared,
  name: 'merchants-specific',
  api: 'merchant/specific',
  permission: 'ginee-specific-accounts',
  actions: ['edit', 'export'],
  hint: 'specificHint',
  searchable: (filters) => ['email', 'phone', 'id'].some((key) => Boolean(filters[key])),
});
