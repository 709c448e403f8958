import { ResourcePage } from '../../components/resource';
import { goodsHistory } from './resources';

/** SPEC §2 /operation/ginee-oms/manage-goods/goods-history: who changed which product, when, and the field diffs. */
export default function GoodsHistoryPage() {
  return <ResourcePage resource={goodsHistory} />;
}
