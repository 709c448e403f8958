import { Tabs } from 'antd';
import { ResourcePage } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { drifts, runs } from './reconciliation';

/** /operation/ginee-oms/stock/reconciliation: every run's proof of balance == ledger, and the drifts to repair. */
export default function ReconciliationPage() {
  const t = useTranslate(['stock']);
  return <Tabs items={[
    { key: 'drifts', label: t('driftsTab'), children: <ResourcePage resource={drifts} /> },
    { key: 'runs', label: t('runsTab'), children: <ResourcePage resource={runs} /> },
  ]} />;
}
