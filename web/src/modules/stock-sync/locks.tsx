import { api } from '../../api/client';
import type { components } from '../../api/schema';
import { referenceSearch } from '../../components/ReferenceSelect';
import { defineResource, type Column, type RowAction } from '../../components/resource';
import { toast } from '../../components/feedback';
import { ShopInput } from '../shops/ShopInput';
import { productName, SkuFilter } from '../warehouses/SkuInput';

export type StockLock = components['schemas']['StockLockPublic'];
type Product = components['schemas']['WmsProductOption'];

/** The picker of a merchant's product whose SKU to lock, searched on the server by SKU or name as the user types. */
const ProductInput = referenceSearch<Product>({ api: '/cms/wms-product/options', name: productName });

const unlock: RowAction<StockLock> = {
  key: 'unlock',
  label: 'unlock',
  permission: 'stock#lock',
  danger: true,
  confirm: 'unlockConfirm',
  run: async (lock, context) => {
    try {
      await api.delete('/cms/stock-sync/lock/delete/{row_id}', { params: { path: { row_id: lock.id } } });
      toast.success(lock.shopName ?? lock.sku ?? '');
    } finally {
      context.reload();
    }
  },
};

/**
 * SPEC §2 lock stock: one store's or one SKU's stock of a merchant held (a locked store is not synced; a locked SKU
 * is neither pushed nor taken out by a new outbound order or movement). The store or the SKU is picked, never typed;
 * unlocking asks first.
 */
export const locks = defineResource<StockLock>({
  name: 'stock-locks', namespace: 'stock-sync', entity: 'lockEntity', api: 'stock-sync/lock', permission: 'lock-stock',
  actions: ['add'], defaultSort: '-id', hint: 'lockHint',
  rowActions: [unlock],
  columns: [
    { key: 'shopName', title: 'shopName', priority: 'key' },
    { key: 'shopId', title: 'shopId', filter: { input: ShopInput }, hidden: true, table: false, form: { createOnly: true, input: ShopInput } },
    { key: 'sku', title: 'sku', priority: 'key', filter: { input: SkuFilter }, copyable: true },
    { key: 'productId', title: 'productId', table: false, form: { createOnly: true, input: ProductInput } },
    { key: 'merchantEmail', title: 'merchantEmail', priority: 'wide', copyable: true, ellipsis: true, width: 200 },
    { key: 'reason', title: 'reason', form: { max: 200 } },
    { key: 'lockedByName', title: 'lockedByName' },
    { key: 'createdAt', title: 'lockedAt', type: 'datetime' },
  ] as Column<StockLock>[],
});
