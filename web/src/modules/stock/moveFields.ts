import type { Column, Row } from '../../components/resource';
import { WarehouseSkuInput } from '../warehouses/SkuInput';
import { ShelfInput, WarehouseInput } from '../warehouses/WarehouseInput';
import { MovementTypeInput } from './MovementTypeInput';

/** The fields of "Move stock" (POST /stock/movement), with the limits the server checks: the warehouse picked by
 *  name, its SKU among its merchant's products and its shelves by code (only that warehouse's, cleared when it changes). */
export const MOVE_FIELDS: Column<Row>[] = [
  { key: 'warehouseId', title: 'warehouse', form: { required: true, input: WarehouseInput } },
  { key: 'sku', title: 'sku', form: { required: true, input: WarehouseSkuInput } },
  { key: 'movementType', title: 'movementType', form: { required: true, input: MovementTypeInput } },
  { key: 'quantity', title: 'quantity', type: 'number', form: { required: true, min: 1, max: 1_000_000 } },
  { key: 'shelfId', title: 'shelf', form: { input: ShelfInput } },
  { key: 'toShelfId', title: 'toShelf', form: { input: ShelfInput } },
  { key: 'documentNo', title: 'documentNo', form: { max: 64 } },
  { key: 'reason', title: 'reason', form: { max: 200 } },
];
