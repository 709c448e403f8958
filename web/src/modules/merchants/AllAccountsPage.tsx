import { ResourcePage } from '../../components/resource';
import { allMerchants } from './resource';

/** SPEC §2 /operation/accounts/accounts/ginee-account: every merchant, every filter of SPEC §3. */
export default function AllAccountsPage() {
  return <ResourcePage resource={allMerchants} />;
}
