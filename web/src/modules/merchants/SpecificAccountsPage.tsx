import { ResourcePage } from '../../components/resource';
import { specificMerchants } from './resource';

/** SPEC §2 /operation/accounts/accounts/ginee-specific-accounts: find a merchant by email, phone or id. */
export default function SpecificAccountsPage() {
  return <ResourcePage resource={specificMerchants} />;
}
