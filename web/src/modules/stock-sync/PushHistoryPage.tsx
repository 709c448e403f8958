import { ResourcePage } from '../../components/resource';
import { pushes } from './resources';

/** Stock push history with the exception causes of SPEC §8. */
export default function PushHistoryPage() {
  return <ResourcePage resource={pushes} />;
}
