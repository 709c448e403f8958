import type { components } from '../../api/schema';
import { referenceSearch, referenceSelect } from '../../components/ReferenceSelect';

type WarehouseOption = components['schemas']['WarehouseOption'];
type AreaOption = components['schemas']['WarehouseAreaOption'];
type ShelfOption = components['schemas']['ShelfOption'];

/** The picker of a warehouse for the location forms and filters: the warehouses the reader's data authority
 *  shows, named with their code and merchant. */
const warehouseName = (warehouse: WarehouseOption) => `${warehouse.name} · ${warehouse.code} · ${warehouse.merchantEmail}`;
export const WarehouseInput = referenceSelect<WarehouseOption>('/cms/warehouse/options', warehouseName);

/** A list's warehouse filter: only the warehouses of the merchant filtered by, when one is (cleared when it changes). */
export const MerchantWarehouseFilter = referenceSelect<WarehouseOption>(
  '/cms/warehouse/options', warehouseName, { field: 'merchantId', of: (warehouse) => warehouse.merchantId, optional: true });

/** The picker of a shelf's product area: only the areas of the warehouse the form has picked (the server refuses
 *  an area of another warehouse than the shelf's, on this field). */
export const AreaInput = referenceSelect<AreaOption>(
  '/cms/warehouse-area/options', (area) => `${area.code} · ${area.name}`, { field: 'warehouseId', of: (area) => area.warehouseId });

/** The shelf pickers' search: a warehouse's shelves by code (and name); a screen may name them otherwise. */
export const shelves = {
  api: '/cms/warehouse-shelf/options',
  name: (shelf: ShelfOption) => (shelf.name ? `${shelf.code} · ${shelf.name}` : shelf.code),
  parent: { field: 'warehouseId', param: 'warehouseId' },
} as const;

/** The picker of a shelf, by its code (and name), among the shelves of the warehouse the form has picked. */
export const ShelfInput = referenceSearch<ShelfOption>(shelves);
/** The picker of several shelves of the warehouse the form has picked (a merge's sources). */
export const ShelvesInput = referenceSearch<ShelfOption>({ ...shelves, multiple: true });
