import type { components } from '../../api/schema';
import { MerchantInput } from '../merchants/MerchantInput';
import { defineResource, type Column } from '../../components/resource';

export type Payment = components['schemas']['PaymentPublic'];

/** The merchants' payment records (SPEC §4); the server half is api/routers/expenses.py. */
const columns: Column<Payment>[] = [
  { key: 'id', title: 'id', sorter: true, hidden: true },
  { key: 'merchantEmail', title: 'merchantEmail', priority: 'key', filter: true, copyable: true, width: 220, ellipsis: true },
  { key: 'merchantId', title: 'merchantId', filter: { input: MerchantInput }, hidden: true },
  { key: 'planName', title: 'planName', type: 'enum', enum: 'PlanName' },
  { key: 'subscriptionId', title: 'subscriptionId', hidden: true, copyable: true },
  { key: 'amount', title: 'amount', type: 'currency', currency: 'currency', priority: 'key', sorter: true },
  { key: 'currency', title: 'currency', type: 'enum', enum: 'Currency', filter: { multiple: true } },
  { key: 'status', title: 'status', type: 'enum', enum: 'PaymentStatus', priority: 'key', filter: { multiple: true }, sorter: true },
  { key: 'paymentSerial', title: 'paymentSerial', filter: true, copyable: true },
  { key: 'paidAt', title: 'paidAt', type: 'datetime', sorter: true, filter: true },
  { key: 'createdAt', title: 'createdAt', type: 'datetime', sorter: true, filter: true, priority: 'wide' },
];

const shared = { namespace: 'expenses', columns, defaultSort: '-createdAt', actions: ['export'] as const };

export const allExpenses = defineResource<Payment>({ ...shared, name: 'expenses', api: 'expenses', permission: 'expenses-all' });

/** Specific expenses: the payments of a named merchant (email or id) or one payment serial number. */
export const specificExpenses = defineResource<Payment>({
  ...shared,
  name: 'expenses-specific',
  api: 'expenses/specific',
  permission: 'expenses-specific',
  hint: 'specificHint',
  searchable: (filters) => ['merchantEmail', 'merchantId', 'paymentSerial'].some((key) => Boolean(filters[key])),
});
