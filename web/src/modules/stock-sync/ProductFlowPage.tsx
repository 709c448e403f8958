import { ResourcePage } from '../../components/resource';
import { flow } from './resources';

/** SPEC §2 /product-flow: the change records as a stock flow. */
export default function ProductFlowPage() {
  return <ResourcePage resource={flow} />;
}
