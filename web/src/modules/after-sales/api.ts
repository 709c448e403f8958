import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type ReturnOrder = components['schemas']['ReturnPublic'];
export type ReturnSla = components['schemas']['ReturnSlaPublic'];
export type Material = components['schemas']['MaterialPublic'];
export type MaterialUsage = components['schemas']['UsagePublic'];
export type WarehouseContent = components['schemas']['ContentPublic'];
export type ReturnOrderOption = components['schemas']['ReturnOrderOption'];
export type ReturnCreate = components['schemas']['ReturnCreate'];
export type DayFilters = components['schemas']['DayFilters'];
export type DayRow = components['schemas']['DayRow'];
export type RefundTotal = components['schemas']['RefundTotal'];
export type ReturnAction = components['schemas']['ReturnActionBody']['action'];
export type InspectLine = components['schemas']['InspectLine'];

/** The after-sales module's calls (api/routers/after_sales.py); each step answers the changed return. */
export const afterSalesApi = {
  add: (body: ReturnCreate) => api.post('/cms/after-sales/return/add', { body }),
  receive: (id: number) =>
    api.post('/cms/after-sales/return/{row_id}/receive', { params: { path: { row_id: id } }, body: { action: 'RECEIVE' } }),
  inspect: (id: number, lines: InspectLine[]) =>
    api.post('/cms/after-sales/return/{row_id}/inspect', { params: { path: { row_id: id } }, body: { action: 'INSPECT', lines } }),
  restock: (id: number) =>
    api.post('/cms/after-sales/return/{row_id}/restock', { params: { path: { row_id: id } }, body: { action: 'RESTOCK' } }),
  reject: (id: number, reason: string) =>
    api.post('/cms/after-sales/return/{row_id}/reject', { params: { path: { row_id: id } }, body: { action: 'REJECT', reason } }),
  days: (body: DayFilters) => api.post('/cms/after-sales/day/search', { body }),
};
