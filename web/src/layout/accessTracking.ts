import { api } from '../api/client';

/**
 * SPEC §2: named routes whose visits are reported to access tracking: the landing page, the
 * dashboards and the screens staff open all day.
 */
export const TRACKED_SCREENS: ReadonlySet<string> = new Set([
  'home', 'logistics-configuration', 'order-list', 'ticket-list', 'ticket-user-list', 'crm-sales', 'crm-retention',
  'crm-leads', 'ginee-specific-accounts', 'iam-my-statistic', 'oms-order-report', 'ticket-report', 'my-finance',
  'dashboard',
]);

export function trackAccess(name: string, accessURL: string): void {
  void api.post('/cms/access-tracking/add', { body: { name, accessURL }, notify: false }).catch(() => undefined);
}
