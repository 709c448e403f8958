import type { Column, Row } from '../../components/resource';
import { MerchantInput } from '../merchants/MerchantInput';
import { MerchantSkusInput } from '../warehouses/SkuInput';

/** The merchant whose stock "Sync stock" and "Stock fix" act on: picked by its email. */
export const MERCHANT_FIELD: Column<Row> = { key: 'merchantId', title: 'merchantId', form: { required: true, input: MerchantInput } };

/** The SKUs "Stock fix" rebuilds: picked among the merchant's products, several at once, never typed. */
export const SKUS_FIELD: Column<Row> = { key: 'skus', title: 'skus', form: { required: true, input: MerchantSkusInput } };

/** The declared fields of the dialogs (the store, country and channel of "Sync stock" are its own controls). */
export const DIALOG_FIELDS: Column<Row>[] = [MERCHANT_FIELD, SKUS_FIELD];
