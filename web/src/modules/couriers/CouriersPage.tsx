import { ResourcePage } from '../../components/resource';
import couriers from './resource';

export default function CouriersPage() {
  return <ResourcePage resource={couriers} />;
}
