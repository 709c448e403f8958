import { ResourcePage } from '../../components/resource';
import { categories } from './resources';

export default function CategoriesPage() {
  return <ResourcePage resource={categories} />;
}
