import type { components } from '../../api/schema';
import type { Translate } from '../../i18n';
import { defineResource, TimeZoneInput, type Column, type Row } from '../../components/resource';
import { MerchantInput } from '../merchants/MerchantInput';
import { ShopInput } from '../shops/ShopInput';
import { CourierInput, MerchantWarehouseInput } from './inputs';
import { rowHistory, type SettingsPage } from './SettingsHistory';

export type BasicSetting = components['schemas']['ErpBasicPublic'];
export type ProductSetting = components['schemas']['ErpProductPublic'];
export type OrderSetting = components['schemas']['ErpOrderPublic'];
export type StockSetting = components['schemas']['ErpStockPublic'];
export type ShippingSetting = components['schemas']['ErpShippingPublic'];
export type Template = components['schemas']['ErpTemplatePublic'];
export type LogisticsTemplate = components['schemas']['LogisticsTemplatePublic'];
export type PushRule = components['schemas']['PushRulePublic'];

const namespace = 'erp-settings';

/** domain/rules/erp_settings.py: an order number prefix is upper-case letters and digits. */
export function checkPrefix(value: unknown, label: string, t: Translate): string | undefined {
  return /^[A-Z0-9]*$/.test(String(value)) ? undefined : t('rule.orderNoPrefix', { field: label });
}
/** The merchant a row belongs to: picked by its email when the row is added, then fixed. */
const merchantId = {
  key: 'merchantId', title: 'merchantId', type: 'number', filter: { input: MerchantInput }, hidden: true,
  form: { required: true, fixed: true, input: MerchantInput },
} as const;
const merchantEmail = { key: 'merchantEmail', title: 'merchantEmail', priority: 'key', copyable: true, ellipsis: true, width: 220 } as const;
const updatedAt = { key: 'updatedAt', title: 'updatedAt', type: 'datetime', priority: 'wide' } as const;
const flag = (key: string, priority?: 'key'): Column<Row> => ({ key, title: key, type: 'boolean', form: {}, ...(priority ? { priority } : {}) });
const count = (key: string, min: number, max: number, required = true): Column<Row> =>
  ({ key, title: key, type: 'number', form: { required, min, max } });
const choice = (key: string, name: string, priority?: 'key'): Column<Row> =>
  ({ key, title: key, type: 'enum', enum: name, form: { required: true }, ...(priority ? { priority } : {}) });

/** One kind of a merchant's settings: a row per merchant, added and changed with `erp-settings#edit`. */
function settings<R extends Row>(kind: string, page: SettingsPage, entity: string, columns: Column<Row>[], hint?: string) {
  return defineResource<R>({
    name: `erp-${kind}`, namespace, entity: `${kind}Entity`, api: `erp-settings/${page}` as never, permission: page,
    actions: ['add', 'edit', 'export'], defaultSort: 'merchant_id', detail: rowHistory(page, entity), hint,
    columns: [merchantId, merchantEmail, ...columns, updatedAt] as Column<R>[],
  });
}

/** SPEC §2 erp-settings/basic-settings: default warehouse, time zone, currency, order numbers. */
export const basic = settings<BasicSetting>('basic', 'basic-settings', 'ErpBasicSetting', [
  { key: 'defaultWarehouseName', title: 'defaultWarehouseId', priority: 'key' },
  { key: 'defaultWarehouseId', title: 'defaultWarehouseId', type: 'number', table: false, form: { input: MerchantWarehouseInput } },
  { key: 'timeZone', title: 'timeZone', form: { required: true, input: TimeZoneInput } },
  choice('currency', 'Currency'),
  { key: 'orderNoPrefix', title: 'orderNoPrefix', form: { max: 8, check: checkPrefix } },
  count('lowStockThreshold', 0, 1_000_000),
  flag('maskSensitiveInfo'),
]);

/** SPEC §2 erp-settings/product-settings: master product mode and SKU rules. */
export const product = settings<ProductSetting>('product', 'product-settings', 'ErpProductSetting', [
  choice('masterProductMode', 'MasterProductMode', 'key'),
  choice('skuRule', 'SkuRule'),
  count('skuMaxLength', 1, 100),
  flag('skuUppercase'), flag('autoCreateMaster', 'key'), flag('autoBindBySku'), flag('syncPrice'),
  count('priceAlertPercent', 0, 100),
]);

/** SPEC §2 erp-settings/order-setting: auto accept, merge, split, hold and stock reservation; the hint says what the
 *  console does by itself with them (services/orders/auto.py). */
export const order = settings<OrderSetting>('order', 'order-setting', 'ErpOrderSetting', [
  flag('autoAccept', 'key'), count('autoAcceptDelayMinutes', 0, 1440),
  flag('autoMerge', 'key'), count('mergeWindowMinutes', 0, 1440),
  choice('splitRule', 'OrderSplitRule'), choice('reserveOn', 'StockReserveOn'),
  count('holdMinutes', 0, 10_080), count('autoCancelUnpaidHours', 1, 720), count('maxLinesPerPackage', 1, 500),
], 'orderHint');

/** SPEC §2 erp-settings/stock-settings: stock sync on or off, interval, push ratio, safety and promotion stock. */
export const stock = settings<StockSetting>('stock', 'stock-settings', 'ErpStockSetting', [
  flag('syncEnabled', 'key'), count('syncIntervalMinutes', 5, 1440),
  { ...count('pushRatioPercent', 0, 100), priority: 'key' }, count('safetyStock', 0, 1_000_000),
  count('promotionReservePercent', 0, 100), flag('oversellProtection'),
]);

/** SPEC §2 erp-settings/shipping-setting: default courier, labels, pickup or drop-off. */
export const shipping = settings<ShippingSetting>('shipping', 'shipping-setting', 'ErpShippingSetting', [
  { key: 'defaultCourierName', title: 'defaultCourierId', priority: 'key' },
  { key: 'defaultCourierId', title: 'defaultCourierId', type: 'number', table: false, form: { input: CourierInput } },
  choice('labelSize', 'LabelSize'), choice('handoverMode', 'HandoverMode', 'key'),
  count('pickupStartHour', 0, 23), count('pickupEndHour', 1, 24),
  flag('autoPrintLabel'), count('shipWithinHours', 1, 168), count('defaultPackageWeightG', 1, 100_000),
]);

/** Basic, order or shipping templates of merchants: the list on each page carries its kind, unseen. */
export function templates(kind: 'BASIC' | 'ORDER' | 'SHIPPING') {
  return defineResource<Template>({
    name: `erp-templates-${kind.toLowerCase()}`, namespace, entity: 'templateEntity', api: 'erp-settings/template',
    permission: { BASIC: 'basic-settings', ORDER: 'order-setting', SHIPPING: 'shipping-setting' }[kind],
    actions: ['add', 'edit', 'delete', 'export'], fixed: { kind: [kind] },
    detail: rowHistory(({ BASIC: 'basic-settings', ORDER: 'order-setting', SHIPPING: 'shipping-setting' } as const)[kind], 'ErpTemplate'),
    columns: [
      { key: 'name', title: 'name', priority: 'key', filter: true, form: { required: true, max: 50 } },
      merchantId, merchantEmail,
      { key: 'kind', title: 'kind', type: 'enum', enum: 'ErpTemplateKind', hidden: true, form: { required: true, createOnly: true } },
      choice('paperSize', 'LabelSize'),
      { key: 'fields', title: 'fields', type: 'enum', enum: 'TemplateField', ellipsis: true, width: 260, form: { required: true, multiple: true, max: 18 } },
      { ...flag('isDefault', 'key'), filter: true },
      { key: 'remark', title: 'remark', hidden: true, form: { max: 200 } },
      updatedAt,
    ] as Column<Template>[],
  });
}

/** Logistics templates: which courier ships a channel's orders for a merchant. */
export const logistics = defineResource<LogisticsTemplate>({
  name: 'erp-logistics-templates', namespace, entity: 'logisticsEntity', api: 'erp-settings/logistics-template',
  permission: 'shipping-setting', actions: ['add', 'edit', 'delete', 'export'],
  detail: rowHistory('shipping-setting', 'LogisticsTemplate'),
  columns: [
    { key: 'name', title: 'name', priority: 'key', filter: true, form: { required: true, max: 50 } },
    merchantId, merchantEmail,
    { key: 'channel', title: 'channel', type: 'enum', enum: 'Channel', priority: 'key', filter: { multiple: true }, form: { required: true } },
    { key: 'courierName', title: 'courierId', priority: 'key' },
    { key: 'courierId', title: 'courierId', type: 'number', table: false, form: { required: true, input: CourierInput } },
    { key: 'warehouseName', title: 'warehouseId' },
    { key: 'warehouseId', title: 'warehouseId', type: 'number', table: false, form: { input: MerchantWarehouseInput } },
    flag('isDefault', 'key'),
    { key: 'remark', title: 'remark', hidden: true, form: { max: 200 } },
    updatedAt,
  ] as Column<LogisticsTemplate>[],
});

/** Push-rule detail: the stock push rule of each store, a ratio or a fixed quantity after its safety stock. */
export const pushRules = defineResource<PushRule>({
  name: 'erp-push-rules', namespace, entity: 'pushRuleEntity', api: 'erp-settings/push-rule',
  permission: 'stock-settings', actions: ['add', 'edit', 'delete', 'export'],
  detail: rowHistory('stock-settings', 'PushRule'),
  columns: [
    { key: 'shopName', title: 'shopId', priority: 'key' },
    { key: 'shopId', title: 'shopId', type: 'number', hidden: true, filter: { input: ShopInput }, form: { required: true, createOnly: true, input: ShopInput } },
    { ...merchantId, form: undefined }, merchantEmail,
    { key: 'channel', title: 'channel', type: 'enum', enum: 'Channel' },
    { ...choice('mode', 'PushRuleMode', 'key'), filter: true },
    count('ratioPercent', 0, 100, false), count('fixedQuantity', 0, 1_000_000, false), count('safetyStock', 0, 1_000_000),
    { ...flag('enabled', 'key'), filter: true },
    updatedAt,
  ] as Column<PushRule>[],
});
