import type { components } from '../../api/schema';
import { defineResource, type Column } from '../../components/resource';
import { MerchantInput } from '../merchants/MerchantInput';
import { ShopInput } from '../shops/ShopInput';
import { ShopsInput } from './inputs';
import { MerchantSkusInput } from '../warehouses/SkuInput';

export type InterceptionRule = components['schemas']['InterceptionRulePublic'];

/** Auto interception rules (ERP order settings): a merchant's rules holding a matching order as abnormal when it
 *  is accepted; the server half is api/routers/interception_rules.py. */
const columns: Column<InterceptionRule>[] = [
  { key: 'name', title: 'name', priority: 'key', filter: true, sorter: true, copyable: true, width: 200, ellipsis: true, form: { required: true, max: 100 } },
  { key: 'merchantId', title: 'merchantId', type: 'number', filter: { input: MerchantInput }, hidden: true, form: { required: true, createOnly: true, input: MerchantInput } },
  { key: 'merchantEmail', title: 'merchantEmail', width: 220, ellipsis: true },
  { key: 'enabled', title: 'enabled', type: 'boolean', priority: 'key', filter: true, sorter: true, form: {} },
  { key: 'priority', title: 'priority', type: 'number', sorter: true, form: { min: 1, max: 9999 } },
  { key: 'channels', title: 'channels', type: 'enum', enum: 'Channel', filter: true, form: { multiple: true } },
  { key: 'shopIds', title: 'shopIds', type: 'number', filter: { input: ShopInput }, format: (value) => ((value as number[] | undefined) ?? []).length || '', form: { input: ShopsInput } },
  { key: 'country', title: 'country', type: 'enum', enum: 'Country', filter: true, form: {} },
  { key: 'minTotal', title: 'minTotal', type: 'number', form: { min: 0 } },
  { key: 'maxTotal', title: 'maxTotal', type: 'number', form: { min: 0 } },
  { key: 'skus', title: 'skus', format: (value) => ((value as string[] | undefined) ?? []).join(', '), ellipsis: true, width: 200, form: { input: MerchantSkusInput } },
  { key: 'buyerKeyword', title: 'buyerKeyword', form: { max: 100 } },
  { key: 'remark', title: 'remark', hidden: true, form: { max: 500 } },
  { key: 'updatedAt', title: 'updatedAt', type: 'datetime', sorter: true, priority: 'wide' },
];

export const interceptionRules = defineResource<InterceptionRule>({
  name: 'interception-rules', namespace: 'interception', entity: 'entity', api: 'interception-rule',
  permission: 'interception-rules', columns, defaultSort: 'priority', actions: ['add', 'edit', 'delete', 'export'],
});
