import { ResourcePage } from '../../components/resource';
import { allShops } from './resource';

/** SPEC §2 /operation/accounts/shops/all. */
export default function AllShopsPage() {
  return <ResourcePage resource={allShops} />;
}
