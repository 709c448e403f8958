import { ResourcePage } from '../../components/resource';
import { warehouses } from './resources';

export default function WarehousesPage() {
  return <ResourcePage resource={warehouses} />;
}
