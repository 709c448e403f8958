import { specificShops } from './resource';
import { ShopsPage } from './ShopsPage';

/** SPEC §2 /operation/accounts/shops/specific: the shops of a named merchant. */
export default function SpecificShopsPage() {
  return <ShopsPage resource={specificShops} />;
}
