import type { components } from '../../api/schema';
import { referenceSelect } from '../../components/ReferenceSelect';

type CourierOption = components['schemas']['CourierOption'];
type WarehouseOption = components['schemas']['WarehouseOption'];

/** A courier of the logistics configuration, named with its channel. */
export const CourierInput = referenceSelect<CourierOption>('/cms/courier/options', (courier) => `${courier.name} · ${courier.channel}`);

/** One of the warehouses of the merchant the form has picked (the server refuses another merchant's). */
export const MerchantWarehouseInput = referenceSelect<WarehouseOption>(
  '/cms/warehouse/options', (warehouse) => `${warehouse.name} · ${warehouse.code}`,
  { field: 'merchantId', of: (warehouse) => warehouse.merchantId });
