import type { Column, Row } from '../../components/resource';
import { ShelfInput } from '../warehouses/WarehouseInput';

/** A receipt's shelf: one of the order's warehouse's shelves, by its code; what is received is put on it. */
export const SHELF_FIELD: Column<Row> = { key: 'shelfId', title: 'shelf', form: { input: ShelfInput } };

export const RECEIVE_FIELDS: Column<Row>[] = [SHELF_FIELD];
