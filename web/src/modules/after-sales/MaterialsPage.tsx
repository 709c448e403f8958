import { Tabs } from 'antd';
import { ResourcePage } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { materials, usages } from './resources';

/** SPEC §2 /after-service-material: the materials of each warehouse and their usage history. */
export default function MaterialsPage() {
  const t = useTranslate(['after-sales', 'resource']);
  return (
    <Tabs
      items={[
        { key: 'materials', label: t('materialEntity'), children: <ResourcePage resource={materials} /> },
        { key: 'usage', label: t('usageEntity'), children: <ResourcePage resource={usages} /> },
      ]}
    />
  );
}
