import { ResourcePage } from '../../components/resource';
import { products } from './resources';

export default function ProductLibraryPage() {
  return <ResourcePage resource={products} />;
}
