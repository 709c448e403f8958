import type { components } from '../../api/schema';
import { referenceSelect } from '../../components/ReferenceSelect';
import type { Column, Row } from '../../components/resource';
import { ShelfInput, ShelvesInput } from '../warehouses/WarehouseInput';

type MergeWarehouse = components['schemas']['MergeWarehouse'];

/** A warehouse the reader may merge shelves in, by code and name. */
const MergeWarehouseInput = referenceSelect<MergeWarehouse>('/cms/shelf-merge/warehouses', (warehouse) => `${warehouse.code} ${warehouse.name}`);

/** The fields of "Start merge": the warehouse, then its source shelves and its target shelf, each picked by code
 *  among that warehouse's shelves (cleared when the warehouse changes). */
export const MERGE_FIELDS: Column<Row>[] = [
  { key: 'warehouseId', title: 'warehouse', form: { required: true, input: MergeWarehouseInput } },
  { key: 'sourceShelfIds', title: 'sources', form: { required: true, input: ShelvesInput } },
  { key: 'targetShelfId', title: 'target', form: { required: true, input: ShelfInput } },
];
