import type { components } from '../../api/schema';
import { referenceSearch } from '../../components/ReferenceSelect';

type MerchantOption = components['schemas']['MerchantOption'];

/** SPEC §5 merchant lookup: found by email, each named with its country, among the merchants with a shop of the
 *  channels the list is filtered by. */
export const OrderMerchantInput = referenceSearch<MerchantOption>({
  api: '/cms/merchant/options',
  name: (merchant) => `${merchant.email} · ${merchant.country}`,
  narrowedBy: { channel: 'channel' },
});
