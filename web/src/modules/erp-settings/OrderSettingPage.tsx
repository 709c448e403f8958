import { InterceptionRules } from '../interception/InterceptionRules';
import { order, templates } from './resources';
import { historyTab, listTab, SettingsTabsPage, type SettingsTab } from './SettingsPage';

/**
 * SPEC §2 erp-settings/order-setting: the tabs of the order settings page, in order; the auto interception rules are
 * their own module's list (web/src/modules/interception).
 */
export const ORDER_SETTING_TABS: SettingsTab[] = [
  listTab('settings', 'tabSettings', order),
  listTab('templates', 'tabTemplates', templates('ORDER')),
  { key: 'interception', label: 'tabInterception', namespace: 'interception', render: () => <InterceptionRules /> },
  historyTab('order-setting'),
];

export default function OrderSettingPage() {
  return <SettingsTabsPage tabs={ORDER_SETTING_TABS} />;
}
