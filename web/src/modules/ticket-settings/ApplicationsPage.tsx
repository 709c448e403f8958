import { ResourcePage } from '../../components/resource';
import { applications } from './resources';

export default function ApplicationsPage() {
  return <ResourcePage resource={applications} />;
}
