import { Tabs } from 'antd';
import { ResourcePage } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { alerts, rules } from './resources';

/** /system/task/alter-mq: queue alert rules and the alerts they raised (docs/operations-tools.md). */
export default function AlterMqPage() {
  const t = useTranslate(['queue-alerts']);
  return <Tabs items={[
    { key: 'rules', label: t('rulesTab'), children: <ResourcePage resource={rules} /> },
    { key: 'alerts', label: t('alertsTab'), children: <ResourcePage resource={alerts} /> },
  ]} />;
}
