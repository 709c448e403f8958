import { defineResource, type Column } from '../../components/resource';
import type { Package, PackageKind } from './api';
import { countText } from './prices';
import { editPath, permissionEditPath, permissionViewPath } from './paths';

export interface PackageActions {
  edit(row: Package): void;
  permissions(row: Package): void;
  view(row: Package): void;
  setStatus(row: Package, status: 'ENABLED' | 'DISABLED', reload: () => void): Promise<void>;
}

const unlimited = (value: unknown) => countText(value, '∞');

const COLUMNS: Column<Package>[] = [
  { key: 'name', title: 'name', priority: 'key', filter: true, sorter: true, copyable: true, width: 180, ellipsis: true },
  { key: 'country', title: 'country', type: 'enum', enum: 'Country', priority: 'key', filter: { multiple: true }, sorter: true },
  { key: 'displayName', title: 'displayName', width: 160, ellipsis: true, priority: 'wide' },
  { key: 'packageType', title: 'packageType', type: 'enum', enum: 'PackageType', filter: true },
  { key: 'addonMode', title: 'addonMode', type: 'enum', enum: 'AddonMode', priority: 'wide' },
  { key: 'addonType', title: 'addonType', type: 'enum', enum: 'AddonType', filter: { multiple: true }, hidden: true },
  { key: 'scene', title: 'scene', type: 'enum', enum: 'PackageScene', filter: true, priority: 'wide' },
  { key: 'planName', title: 'planName', type: 'enum', enum: 'PlanName', priority: 'wide' },
  { key: 'paymentPeriod', title: 'paymentPeriod', type: 'enum', enum: 'PaymentPeriod', priority: 'wide' },
  // SPEC §3 ERP package amounts: amount excluding tax, monthly and daily amounts, tax rate, tax (rounded up),
  // discount percentage, discounted price, total price, actual payment
  { key: 'amount', title: 'amount', type: 'currency', currency: 'currency' },
  { key: 'monthlyAmount', title: 'monthlyAmount', type: 'currency', currency: 'currency', priority: 'wide' },
  { key: 'dailyAmount', title: 'dailyAmount', type: 'currency', currency: 'currency', priority: 'wide' },
  { key: 'taxRate', title: 'taxRate', type: 'number', priority: 'wide' },
  { key: 'tax', title: 'tax', type: 'currency', currency: 'currency', priority: 'wide' },
  { key: 'discountPercentage', title: 'discountPercentage', type: 'number', priority: 'wide' },
  { key: 'discountedPrice', title: 'discountedPrice', type: 'currency', currency: 'currency', priority: 'wide' },
  { key: 'totalPrice', title: 'totalPrice', type: 'currency', currency: 'currency', priority: 'key' },
  { key: 'actualPayment', title: 'actualPayment', type: 'currency', currency: 'currency', priority: 'key' },
  { key: 'currency', title: 'currency', hidden: true },
  { key: 'monthlyOrders', title: 'monthlyOrders', type: 'number', priority: 'wide' },
  { key: 'dailyOrders', title: 'dailyOrders', type: 'number', hidden: true },
  { key: 'storeCount', title: 'storeCount', format: unlimited, priority: 'wide' },
  { key: 'subAccountCount', title: 'subAccountCount', format: unlimited, hidden: true },
  { key: 'mskuCount', title: 'mskuCount', format: unlimited, hidden: true },
  { key: 'freeDays', title: 'freeDays', type: 'number', hidden: true },
  { key: 'reminderOrders', title: 'reminderOrders', type: 'number', hidden: true },
  { key: 'interceptedOrders', title: 'interceptedOrders', type: 'number', hidden: true },
  { key: 'effectAfterInterception', title: 'effectAfterInterception', hidden: true },
  { key: 'status', title: 'common.status', type: 'enum', enum: 'Status', priority: 'key', filter: true, sorter: true },
  { key: 'version', title: 'version', type: 'number', priority: 'wide' },
  { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true, priority: 'wide' },
];

/** One list a kind (SPEC §2: ERP, menu and common packages); the name sorts one name's countries together. */
export function packageResource(kind: PackageKind, act: PackageActions) {
  return defineResource<Package>({
    name: `packages-${kind.toLowerCase()}`,
    namespace: 'packages',
    api: 'package',
    permission: { ERP: 'erp-package', MENU: 'menu-package', COMMON: 'common-package' }[kind],
    actions: ['export'],
    fixed: { kind },
    defaultSort: 'name',
    columns: COLUMNS,
    rowActions: [
      { key: 'edit', label: 'resource.edit', permission: 'package#edit', opens: (row) => editPath(row.kind, row.id), run: (row) => act.edit(row) },
      { key: 'permissions', label: 'permissions', permission: 'package#edit', opens: (row) => permissionEditPath(row.id), run: (row) => act.permissions(row) },
      { key: 'view-permissions', label: 'viewPermissions', opens: (row) => permissionViewPath(row.id), run: (row) => act.view(row) },
      {
        key: 'enable', label: 'enable', permission: 'package#status', when: (row) => row.status !== 'ENABLED',
        run: (row, context) => act.setStatus(row, 'ENABLED', context.reload),
      },
      {
        key: 'disable', label: 'disable', permission: 'package#status', danger: true, confirm: 'disableConfirm',
        when: (row) => row.status === 'ENABLED', run: (row, context) => act.setStatus(row, 'DISABLED', context.reload),
      },
    ],
  });
}
