import { ResourcePage } from '../../components/resource';
import { inventory } from './resources';

/** SPEC §2 /product-inventory. */
export default function ProductInventoryPage() {
  return <ResourcePage resource={inventory} />;
}
