import { ResourcePage } from '../../components/resource';
import heartbeats from './resource';

export default function HeartbeatListPage() {
  return <ResourcePage resource={heartbeats} />;
}
