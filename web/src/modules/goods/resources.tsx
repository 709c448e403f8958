import { defineResource, type BatchAction, type Column, type RowAction } from '../../components/resource';
import { toast } from '../../components/feedback';
import type { Translate } from '../../i18n';
import { MerchantInput } from '../merchants/MerchantInput';
import { ShopInput } from '../shops/ShopInput';
import { goodsApi, type ChannelProduct, type GoodsHistory, type ListingAction, type MasterProduct } from './api';
import { VariationsDetail } from './VariationsDetail';
import { SkuFilter } from '../warehouses/SkuInput';

const namespace = 'goods';
const merchantId = { key: 'merchantId', title: 'merchantId', type: 'number', filter: { input: MerchantInput }, hidden: true, table: false } as const;
const merchantEmail = { key: 'merchantEmail', title: 'merchantEmail', priority: 'wide', copyable: true, ellipsis: true, width: 200 } as const;
const shopId = { key: 'shopId', title: 'shopId', filter: { input: ShopInput }, hidden: true, table: false } as const;

/** The listing actions by the server's state machine (domain/rules/goods.py): offered in the states it allows. */
const LISTING: [ListingAction, string, readonly string[], boolean][] = [
  ['ENABLE', 'goods#edit', ['DISABLED', 'UNPUBLISHED'], false],
  ['DISABLE', 'goods#edit', ['LIVE', 'SOLD_OUT'], true],
  ['DELETE', 'goods#delete', ['LIVE', 'SOLD_OUT', 'BANNED', 'DISABLED', 'DRAFT', 'PUBLISH_FAILED', 'UNPUBLISHED'], true],
];

const listingActions: RowAction<ChannelProduct>[] = LISTING.map(([action, permission, from, danger]) => ({
  key: action.toLowerCase(),
  label: `listing.${action}`,
  permission,
  danger,
  confirm: `listing.${action}Confirm`,
  when: (row) => from.includes(row.listingState),
  run: async (row, context) => {
    try {
      await goodsApi.listing(row.id, action);
      toast.success(row.name);
    } finally {
      context.reload();
    }
  },
}));

const unmapped = (row: ChannelProduct) => row.listingState !== 'DELETED' && row.mappingStatus !== 'MAPPED';

async function autoCreate(rows: ChannelProduct[], reload: () => void, t: Translate) {
  try {
    const done = await goodsApi.autoCreate(rows.map((row) => row.id));
    toast.success(t('autoCreated', { created: done.created, mapped: done.mapped }));
  } finally {
    reload();
  }
}

/** The goods list's row and batch actions; `map` opens the mapping dialog of the page. */
export function channelActions(map: (row: ChannelProduct) => void, t: Translate) {
  const rowActions: RowAction<ChannelProduct>[] = [
    { key: 'map', label: 'map', permission: 'goods#map', when: (row) => row.listingState !== 'DELETED', run: (row) => map(row) },
    { key: 'autoCreate', label: 'autoCreate', permission: 'master-product#add', confirm: 'autoCreateConfirm', when: unmapped,
      run: (row, context) => autoCreate([row], context.reload, t) },
    ...listingActions,
  ];
  const batchActions: BatchAction<ChannelProduct>[] = [
    { key: 'autoCreate', label: 'autoCreate', permission: 'master-product#add', confirm: 'autoCreateConfirm',
      run: (rows, context) => autoCreate(rows.filter(unmapped), context.reload, t) },
  ];
  return { rowActions, batchActions };
}

/**
 * SPEC §2 /operation/ginee-oms/manage-goods/goods-list: a shop's channel products (§4 listing states as the tabs
 * above), each variation's channel SKU mapped to a master SKU; the server half is api/routers/goods.py.
 */
export const channelProducts = defineResource<ChannelProduct>({
  name: 'goods-list', namespace, entity: 'channelEntity', api: 'goods/channel', permission: 'goods-list',
  actions: ['export'], defaultSort: '-id', detail: VariationsDetail, detailSize: 760,
  columns: [
    { key: 'name', title: 'name', priority: 'key', width: 240, ellipsis: true },
    { key: 'channelItemId', title: 'channelItemId', copyable: true, sorter: true },
    { key: 'keyword', title: 'keyword', filter: true, table: false },
    merchantId, merchantEmail, shopId,
    { key: 'shopName', title: 'shopName' },
    { key: 'channel', title: 'channel', type: 'enum', enum: 'Channel', filter: { multiple: true } },
    { key: 'country', title: 'country', type: 'enum', enum: 'Country', priority: 'wide' },
    { key: 'listingState', title: 'listingState', type: 'enum', enum: 'ListingState', priority: 'key', filter: { multiple: true }, sorter: true },
    { key: 'mappingStatus', title: 'mappingStatus', type: 'enum', enum: 'MappingStatus', priority: 'key', filter: { multiple: true } },
    { key: 'stock', title: 'channelStock', type: 'number' },
    { key: 'lastSyncedAt', title: 'lastSyncedAt', type: 'datetime', filter: true, sorter: true, priority: 'wide' },
    // the store's last product sync, shown through the column settings (the runs are in "Sync runs")
    { key: 'shopProductSyncAt', title: 'shopProductSyncAt', type: 'datetime', priority: 'wide', hidden: true },
    { key: 'shopProductSyncStatus', title: 'shopProductSyncStatus', type: 'enum', enum: 'ProductSyncStatus', priority: 'key', hidden: true },
  ] as Column<ChannelProduct>[],
});

const lockActions: RowAction<MasterProduct>[] = [true, false].map((locked) => ({
  key: locked ? 'lock' : 'unlock',
  label: locked ? 'lock' : 'unlock',
  permission: 'master-product#lock',
  danger: !locked,
  confirm: locked ? 'lockConfirm' : 'unlockConfirm',
  when: (row) => row.stockLocked !== locked,
  run: async (row, context) => {
    try {
      await goodsApi.lock(row.id, locked);
      toast.success(row.sku);
    } finally {
      context.reload();
    }
  },
}));

/** SPEC §2 /operation/ginee-oms/manage-goods/goods-local: master products with their stock over the warehouses
 *  and the main-store stock lock of each (the stock locks the sync, pushes and outbound orders look up). */
export const masterProducts = defineResource<MasterProduct>({
  name: 'goods-local', namespace, entity: 'masterEntity', api: 'goods/local', permission: 'goods-local',
  actions: ['export'], defaultSort: '-id', rowActions: lockActions,
  columns: [
    { key: 'sku', title: 'masterSku', priority: 'key', filter: { input: SkuFilter }, copyable: true, sorter: true },
    { key: 'name', title: 'name', filter: true, sorter: true, width: 220, ellipsis: true },
    { key: 'variant', title: 'variant' },
    merchantId, merchantEmail,
    { key: 'category', title: 'category', type: 'enum', enum: 'ProductCategory', filter: { multiple: true }, priority: 'wide' },
    { key: 'onHand', title: 'onHand', type: 'number', sorter: true },
    { key: 'locked', title: 'lockedStock', type: 'number' },
    { key: 'available', title: 'available', type: 'number', sorter: true },
    { key: 'warehouseCount', title: 'warehouseCount', type: 'number', priority: 'wide' },
    { key: 'channelVariations', title: 'channelVariations', type: 'number' },
    { key: 'stockLocked', title: 'stockLocked', type: 'boolean', priority: 'key', filter: true },
    { key: 'weightG', title: 'weightG', type: 'number', hidden: true },
    { key: 'remark', title: 'remark', hidden: true },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true, priority: 'wide' },
  ] as Column<MasterProduct>[],
});

/** A change's field diffs, one `field: before → after` a line. */
export function diffText(changes: GoodsHistory['changes']): string {
  return Object.entries(changes)
    .map(([field, change]) => {
      const { before, after } = (change ?? {}) as { before?: unknown; after?: unknown };
      const shown = (value: unknown) => (value === null || value === undefined ? '—' : String(value));
      return `${field}: ${shown(before)} → ${shown(after)}`;
    })
    .join('\n');
}

/** SPEC §2 /operation/ginee-oms/manage-goods/goods-history: every change to a channel or a master product. */
export const goodsHistory = defineResource<GoodsHistory>({
  name: 'goods-history', namespace, entity: 'historyEntity', api: 'goods/history', permission: 'goods-history',
  actions: ['export'], defaultSort: '-id',
  columns: [
    { key: 'at', title: 'at', type: 'datetime', filter: true, sorter: true, priority: 'key' },
    { key: 'entity', title: 'entity', type: 'enum', enum: 'GoodsEntity', filter: { multiple: true } },
    { key: 'code', title: 'code', filter: true, copyable: true, priority: 'key' },
    { key: 'name', title: 'name', width: 200, ellipsis: true },
    { key: 'action', title: 'action', type: 'enum', enum: 'GoodsChange', filter: { multiple: true }, priority: 'key' },
    { key: 'changes', title: 'changes', width: 320, format: (value) => <span style={{ whiteSpace: 'pre-line' }}>{diffText(value as GoodsHistory['changes'])}</span> },
    { key: 'operatorName', title: 'operatorName', filter: true },
    merchantId, merchantEmail, shopId,
    { key: 'shopName', title: 'shopName', priority: 'wide' },
  ] as Column<GoodsHistory>[],
});
