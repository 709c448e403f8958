import type { components } from '../../api/schema';
import { defineResource } from '../../components/resource';

export type Courier = components['schemas']['CourierPublic'];

/** Logistics configuration (SPEC §3 Courier, §5 its rules); the server half is api/routers/couriers.py. */
export default defineResource<Courier>({
  name: 'couriers',
  api: 'courier',
  permission: 'logistics-configuration',
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  defaultSort: '-id',
  columns: [
    { key: 'name', title: 'name', priority: 'key', filter: true, sorter: true, copyable: true, form: { required: true, max: 30, pattern: 'letters' } },
    { key: 'channel', title: 'channel', type: 'enum', enum: 'Channel', filter: { multiple: true }, sorter: true, form: { required: true } },
    { key: 'shippingMethod', title: 'shippingMethod', type: 'enum', enum: 'ShippingMethod', filter: true, form: { required: true } },
    { key: 'status', title: 'common.status', type: 'enum', enum: 'CourierStatus', priority: 'key', filter: true, sorter: true, form: {} },
    { key: 'country', title: 'country', type: 'enum', enum: 'Country', form: { createOnly: true } },
    { key: 'logoUrl', title: 'logoUrl', type: 'url', hidden: true, form: { pattern: 'url', max: 2083 } },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true },
  ],
});
