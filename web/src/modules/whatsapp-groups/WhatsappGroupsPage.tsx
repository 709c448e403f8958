import { ResourcePage } from '../../components/resource';
import groups from './resource';

export default function WhatsappGroupsPage() {
  return <ResourcePage resource={groups} />;
}
