import { allShops } from './resource';
import { ShopsPage } from './ShopsPage';

/** SPEC §2 /operation/accounts/shops/all (and the OMS menu's /operation/ginee-oms/shop). */
export default function AllShopsPage() {
  return <ShopsPage resource={allShops} />;
}
