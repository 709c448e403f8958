import { ResourcePage } from '../../components/resource';
import { bindings } from './resources';

/** Store-warehouse binding search. */
export default function StoreBindingsPage() {
  return <ResourcePage resource={bindings} />;
}
