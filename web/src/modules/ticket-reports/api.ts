import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type DashboardQuery = components['schemas']['DashboardQuery'];
export type TicketDashboard = components['schemas']['TicketDashboard'];
export type LevelFigures = components['schemas']['LevelFigures'];
export type PeriodFigures = components['schemas']['PeriodFigures'];
export type CategoryFigures = components['schemas']['CategoryFigures'];
export type StatusCount = components['schemas']['StatusCount'];

/** The server computes every figure and rate (api/routers/ticket_reports.py); merged tickets are left out. */
export const ticketReportApi = {
  dashboard: (body: DashboardQuery, signal?: AbortSignal) => api.post('/cms/ticket/dashboard', { body, signal }),
};
