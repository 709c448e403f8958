import type { components } from '../../api/schema';
import { referenceSearch, referenceSelect } from '../../components/ReferenceSelect';
import type { Column, Row } from '../../components/resource';
import { i18n, type Translate } from '../../i18n';
import { shelves } from '../warehouses/WarehouseInput';

type MergeWarehouse = components['schemas']['MergeWarehouse'];
type ShelfOption = components['schemas']['ShelfOption'];

/** A warehouse the reader may merge shelves in, by code and name. */
const MergeWarehouseInput = referenceSelect<MergeWarehouse>('/cms/shelf-merge/warehouses', (warehouse) => `${warehouse.code} ${warehouse.name}`);

/** A shelf as a merge picks it: its code and the SKUs with stock on it ("A-01-02 (12 SKUs)"), as the server's
 *  shelf options count them. */
const say = i18n.t.bind(i18n) as unknown as Translate;
const merging = {
  ...shelves,
  name: (shelf: ShelfOption) => say('shelfOption', { ns: 'shelf-merges', code: shelves.name(shelf), count: shelf.skus ?? 0 }),
};
const ShelfInput = referenceSearch<ShelfOption>(merging);
const ShelvesInput = referenceSearch<ShelfOption>({ ...merging, multiple: true });

/** The fields of "Start merge": the warehouse, then its source shelves and its target shelf, each picked by code
 *  among that warehouse's shelves (cleared when the warehouse changes). */
export const MERGE_FIELDS: Column<Row>[] = [
  { key: 'warehouseId', title: 'warehouse', form: { required: true, input: MergeWarehouseInput } },
  { key: 'sourceShelfIds', title: 'sources', form: { required: true, input: ShelvesInput } },
  { key: 'targetShelfId', title: 'target', form: { required: true, input: ShelfInput } },
];
