import { ResourcePage } from '../../components/resource';
import tips from './resource';

export default function TipsPage() {
  return <ResourcePage resource={tips} />;
}
