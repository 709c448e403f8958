import { ResourcePage } from '../../components/resource';
import { Can } from '../../app/access/can';
import { OrderStatsSummary } from './OrderStatsSummary';
import { orders } from './resource';

/** SPEC §2 /operation/ginee-oms/order/order-list, with today's order statistics (SPEC §9) above the list. */
export default function OrdersPage() {
  return (
    <>
      <Can permission="order-list"><OrderStatsSummary /></Can>
      <ResourcePage resource={orders} />
    </>
  );
}
