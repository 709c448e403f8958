import { ResourcePage } from '../../components/resource';
import requests from './resource';

/** The requests awaiting approval (filter by state), each opening `/approval/:id`. */
export default function ApprovalsPage() {
  return <ResourcePage resource={requests} />;
}
