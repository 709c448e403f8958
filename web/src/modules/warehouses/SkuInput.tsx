import type { components } from '../../api/schema';
import { referenceSearch, type Parent } from '../../components/ReferenceSelect';

type Product = components['schemas']['WmsProductOption'];

/** A product as its pickers name it: SKU, name and variant. */
export const productName = (product: Product) => [product.sku, product.name, product.variant].filter(Boolean).join(' · ');

/** A picker of a SKU among the products the reader's data authority shows (searched by SKU or name), within the
 *  form's `field` (a merchant's, or a warehouse's merchant's, products), never a box to type one in. */
function skuPicker(parent: Parent & { param: string }, multiple = false) {
  return referenceSearch<Product>({ api: '/cms/wms-product/options', name: productName, pickValue: (product) => product.sku, parent, multiple });
}

/** A form's SKU of the merchant picked above it (waits for it, cleared when it changes). */
export const MerchantSkuInput = skuPicker({ field: 'merchantId', param: 'merchantId' });
/** A form's SKUs (several) of the merchant picked above it: stock fix. */
export const MerchantSkusInput = skuPicker({ field: 'merchantId', param: 'merchantId' }, true);
/** A form's SKU stocked in the warehouse picked above it: its merchant's products (move stock). */
export const WarehouseSkuInput = skuPicker({ field: 'warehouseId', param: 'warehouseId' });
/** A list's SKU filter: within the merchant filtered by, when one is. */
export const SkuFilter = skuPicker({ field: 'merchantId', param: 'merchantId', optional: true });
/** A list's SKU filter: within the warehouse filtered by, when one is. */
export const WarehouseSkuFilter = skuPicker({ field: 'warehouseId', param: 'warehouseId', optional: true });
