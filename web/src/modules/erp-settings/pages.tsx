import { basic, logistics, product, shipping, templates } from './resources';
import { historyTab, listTab, SettingsTabsPage, type RelatedScreen } from './SettingsPage';

/** Where master products, stock and shelves are managed: the settings pages link there. */
export const MASTER_PRODUCT: RelatedScreen = { label: 'relatedMasterProduct', path: '/product-library', permission: 'product-library' };

/** SPEC §2 erp-settings/basic-settings: the merchants' basic settings and basic templates. */
export function BasicSettingsPage() {
  return (
    <SettingsTabsPage tabs={[listTab('settings', 'tabSettings', basic), listTab('templates', 'tabTemplates', templates('BASIC')),
      historyTab('basic-settings')]} />
  );
}

/** SPEC §2 erp-settings/product-settings: master product mode and SKU rules; the master products themselves are linked. */
export function ProductSettingsPage() {
  return <SettingsTabsPage related={[MASTER_PRODUCT]} tabs={[listTab('settings', 'tabSettings', product), historyTab('product-settings')]} />;
}

/** SPEC §2 erp-settings/shipping-setting: shipping settings, shipping templates and logistics templates. */
export function ShippingSettingPage() {
  return (
    <SettingsTabsPage tabs={[listTab('settings', 'tabSettings', shipping), listTab('templates', 'tabTemplates', templates('SHIPPING')),
      listTab('logistics', 'tabLogistics', logistics), historyTab('shipping-setting')]} />
  );
}
