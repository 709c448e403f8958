import { order, templates } from './resources';
import { historyTab, listTab, SettingsTabsPage, type SettingsTab } from './SettingsPage';

/**
 * SPEC §2 erp-settings/order-setting: the tabs of the order settings page, in order. Another module's tab (auto
 * interception rules) joins this list before the history: `{ key, label, namespace, render }`.
 */
export const ORDER_SETTING_TABS: SettingsTab[] = [
  listTab('settings', 'tabSettings', order),
  listTab('templates', 'tabTemplates', templates('ORDER')),
  historyTab('order-setting'),
];

export default function OrderSettingPage() {
  return <SettingsTabsPage tabs={ORDER_SETTING_TABS} />;
}
