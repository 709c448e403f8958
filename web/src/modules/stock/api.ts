import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type StockMovementCreate = components['schemas']['StockMovementCreate'];
export type StockMoved = components['schemas']['StockMovedPublic'];

export const stockApi = {
  /** One movement; the key makes a double click or a retry move once (docs/stock.md). */
  move: (body: StockMovementCreate, idempotencyKey: string) => api.post('/cms/stock/movement', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body, notify: false }),
};

export type StockRepaired = components['schemas']['StockRepairedPublic'];

/** Rebuild one balance from its change records (audited on the server). */
export const repairBalance = (warehouseId: number, sku: string) => api.post('/cms/stock/balance/repair', { body: { warehouseId, sku } });
