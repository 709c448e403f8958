import type { components } from '../../api/schema';
import { referenceSearch } from '../../components/ReferenceSelect';

type MerchantOption = components['schemas']['MerchantOption'];

/** SPEC §5 merchant lookup (email, channel and country): found by email, each named with its country, among the
 *  merchants of the countries picked beside it and with a shop of the channels the list is filtered by. */
export const OrderMerchantInput = referenceSearch<MerchantOption>({
  api: '/cms/merchant/options',
  name: (merchant) => `${merchant.email} · ${merchant.country}`,
  narrowedBy: { channel: 'channel' },
  lookups: [{ param: 'country', enumName: 'Country', namespace: 'orders', label: 'merchantCountry' }],
});
