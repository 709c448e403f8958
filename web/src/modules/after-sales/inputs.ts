import type { components } from '../../api/schema';
import { referenceSearch, referenceSelect } from '../../components/ReferenceSelect';

type MaterialOption = components['schemas']['MaterialPublic'];
type TargetOption = components['schemas']['UsageTargetOption'];

/** The usage form's material: only the materials of the warehouse picked, with the stock each has left. */
export const MaterialInput = referenceSelect<MaterialOption>(
  '/cms/after-sales/material/options', (material) => `${material.code} · ${material.name} (${material.stock})`,
  { field: 'warehouseId', of: (material) => material.warehouseId });

const targetName = (option: TargetOption) =>
  option.channelOrderNo ? `${option.documentNo} · ${option.channelOrderNo}` : option.documentNo;
const inWarehouse = { field: 'warehouseId', param: 'warehouseId' } as const;

/** A return of the warehouse picked, found by its return or channel order number. */
export const UsageReturnInput = referenceSearch<TargetOption>({
  api: '/cms/after-sales/material-usage/return-options', name: targetName, parent: inWarehouse,
});

/** An outbound order of the warehouse picked (not cancelled), found by its order or channel order number. */
export const UsageOrderInput = referenceSearch<TargetOption>({
  api: '/cms/after-sales/material-usage/order-options', name: targetName, parent: inWarehouse,
});
