import type { Column, Row } from '../../components/resource';
import { MerchantInput } from '../merchants/MerchantInput';

/** The merchant whose stock "Sync stock" and "Stock fix" act on: picked by its email. */
export const MERCHANT_FIELD: Column<Row> = { key: 'merchantId', title: 'merchantId', form: { required: true, input: MerchantInput } };

/** The declared fields of the two dialogs (the store, country, channel and SKUs are their own controls). */
export const DIALOG_FIELDS: Column<Row>[] = [MERCHANT_FIELD];
