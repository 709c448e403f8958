import { ResourcePage } from '../../components/resource';
import { locks } from './locks';

/** SPEC §2 /operation/ginee-oms/stock/lock-stock: the stores and SKUs whose stock is locked. */
export default function StockLocksPage() {
  return <ResourcePage resource={locks} />;
}
