import type { components } from '../../api/schema';
import { referenceSearch } from '../../components/ReferenceSelect';

type MerchantOption = components['schemas']['MerchantOption'];

/** The picker of a merchant, searched by its email within the reader's data authority. */
export const MerchantInput = referenceSearch<MerchantOption>({ api: '/cms/merchant/options', name: (merchant) => merchant.email });

/** A ticket's issue account: the merchant picked by its email, held as its id (text), the email filled in with it. */
export const MerchantAccountInput = referenceSearch<MerchantOption>({
  api: '/cms/merchant/options',
  name: (merchant) => merchant.email,
  pickValue: (merchant) => String(merchant.id),
  fills: (merchant) => ({ accountEmail: merchant.email }),
});
