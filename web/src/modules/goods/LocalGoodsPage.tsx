import { ResourcePage } from '../../components/resource';
import { masterProducts } from './resources';

/** SPEC §2 /operation/ginee-oms/manage-goods/goods-local: master products, their stock and main-store stock lock. */
export default function LocalGoodsPage() {
  return <ResourcePage resource={masterProducts} />;
}
