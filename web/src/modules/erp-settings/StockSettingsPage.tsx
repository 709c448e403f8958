import StockSwitchesPage from '../stock-sync/StockSettingsPage';
import { pushRules, stock } from './resources';
import { MASTER_PRODUCT } from './pages';
import { historyTab, listTab, SettingsTabsPage, type RelatedScreen } from './SettingsPage';

/** Stock monitor and sync, lock stock and shelf merging have screens of their own: linked here. */
const RELATED: RelatedScreen[] = [
  { label: 'relatedStockSync', path: '/operation/ginee-oms/stock/search-warehouse-stock', permission: 'search-warehouse-stock' },
  { label: 'relatedLockStock', path: '/operation/ginee-oms/stock/lock-stock', permission: 'lock-stock' },
  { label: 'relatedShelfMerges', path: '/warehouse-setting/location-management/shelf-merge', permission: 'shelf-merges' },
  MASTER_PRODUCT,
];

/** SPEC §2 erp-settings/stock-settings: the stock sync settings, the stores' push rules (push-rule detail), the
 *  main-store lock and promotion stock switches, and their history. */
export default function StockSettingsPage() {
  return (
    <SettingsTabsPage related={RELATED} tabs={[
      listTab('settings', 'tabStockSync', stock),
      listTab('push-rules', 'tabPushRules', pushRules),
      { key: 'switches', label: 'tabSwitches', render: () => <StockSwitchesPage /> },
      historyTab('stock-settings'),
    ]} />
  );
}
