import type { components } from '../../api/schema';
import { referenceSelect } from '../../components/ReferenceSelect';

type WarehouseOption = components['schemas']['WarehouseOption'];
type AreaOption = components['schemas']['WarehouseAreaOption'];

/** The picker of a warehouse for the location forms and filters: the warehouses the reader's data authority
 *  shows, named with their code and merchant. */
export const WarehouseInput = referenceSelect<WarehouseOption>(
  '/cms/warehouse/options', (warehouse) => `${warehouse.name} · ${warehouse.code} · ${warehouse.merchantEmail}`);

/** The picker of a shelf's product area: the areas the reader may see, named with their warehouse (the server
 *  refuses an area of another warehouse than the shelf's, on this field). */
export const AreaInput = referenceSelect<AreaOption>(
  '/cms/warehouse-area/options', (area) => `${area.warehouseName ?? ''} · ${area.code} · ${area.name}`);
