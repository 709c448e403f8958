import { Tabs } from 'antd';
import { ResourcePage } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { MergeShelvesButton } from '../shelf-merges/MergeShelvesButton';
import { areas, shelves } from './resources';

/** /warehouse-setting/location-management: the product areas and the shelves of the warehouses; shelves are merged
 *  from here (docs/shelf_merges.md). */
export default function LocationsPage() {
  const t = useTranslate(['warehouses']);
  return <Tabs items={[
    { key: 'areas', label: t('areasTab'), children: <ResourcePage resource={areas} /> },
    { key: 'shelves', label: t('shelvesTab'), children: <ResourcePage resource={shelves} extra={<MergeShelvesButton />} /> },
  ]} />;
}
