import { ResourcePage } from '../../components/resource';
import { orders } from './resource';

/** SPEC §2 /operation/ginee-oms/order/order-list. */
export default function OrdersPage() {
  return <ResourcePage resource={orders} />;
}
