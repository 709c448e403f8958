import { ResourcePage } from '../../components/resource';
import { specificShops } from './resource';

/** SPEC §2 /operation/accounts/shops/specific: the shops of a named merchant. */
export default function SpecificShopsPage() {
  return <ResourcePage resource={specificShops} />;
}
