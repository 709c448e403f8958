import { ResourcePage } from '../../components/resource';
import { contents } from './resources';

/** SPEC §2 /content-manage: the warehouse's content for its staff and consignors. */
export default function ContentPage() {
  return <ResourcePage resource={contents} />;
}
