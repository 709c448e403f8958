import { useState } from 'react';
import { Button, Form, Select, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { formatTime } from '../../components/format/time';
import { useTranslate } from '../../i18n';
import { PageCard } from '../../components/PageCard';
import { ResourcePage } from '../../components/resource';
import { auditApi, type AuditRow } from './api';
import { AuditDetailDrawer } from './AuditDetailDrawer';
import { CopyableId } from './CopyableId';
import mappings from './mappings';
import { RangeSearch } from './RangeSearch';
import { TextFilter } from './TextFilter';
import { UserSelect } from '../users/UserSelect';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => ({ value: method, label: method }));
const statusColour = (status: number) => (status < 300 ? 'green' : status < 500 ? 'orange' : 'red');

/**
 * SPEC §2 audit log: every call, searchable over at most 92 days, with its diff; and the action mappings.
 * The operator is picked from the users by name (kept in the address as `audit.operatorId`). An older link's
 * free-text `audit.operator` (part of a name, which the server still matches) gets a field of its own while the
 * address holds it, so it does not filter the list unseen.
 */
export default function AuditLogPage() {
  const t = useTranslate(['audit', 'resource']);
  const [viewing, setViewing] = useState<number>();
  const [params] = useSearchParams();

  const columns: TableColumnsType<AuditRow> = [
    { key: 'at', title: t('at'), sorter: true, render: (_, row) => formatTime(row.at) },
    { key: 'actionName', dataIndex: 'actionName', title: t('actionName') },
    { key: 'operatorName', dataIndex: 'operatorName', title: t('operator'), sorter: true },
    { key: 'url', title: t('url'), render: (_, row) => <Typography.Text><Tag>{row.method}</Tag>{row.url}</Typography.Text> },
    { key: 'code', title: t('code'), render: (_, row) => <Tag color={statusColour(row.httpStatus)}>{`${row.httpStatus} ${row.code}`}</Tag> },
    { key: 'remoteIp', title: t('remoteIp'), render: (_, row) => [row.remoteIp, row.locationName].filter(Boolean).join(' · ') },
    { key: 'durationMs', title: t('duration'), sorter: true, render: (_, row) => t('durationMs', { value: row.durationMs }) },
    { key: 'transactionId', title: t('transactionId'), render: (_, row) => <CopyableId value={row.transactionId} /> },
    {
      key: 'view',
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setViewing(row.id)}>
          {t('resource.view')}
        </Button>
      ),
    },
  ];

  const filters = (
    <>
      <Form.Item name="operatorId" label={t('operator')}>
        <UserSelect label={t('operator')} />
      </Form.Item>
      {params.get('audit.operator') && <TextFilter name="operator" label={t('operatorName')} />}
      <TextFilter name="url" label={t('url')} />
      <Form.Item name="method" label={t('method')}>
        <Select allowClear options={METHODS} placeholder={t('method')} aria-label={t('method')} style={{ minWidth: 120 }} />
      </Form.Item>
      <TextFilter name="code" label={t('code')} />
      <TextFilter name="transactionId" label={t('transactionId')} />
      <TextFilter name="businessId" label={t('businessId')} />
      <TextFilter name="application" label={t('application')} />
    </>
  );

  return (
    <PageCard testId="audit-page">
      <Tabs
        items={[
          { key: 'log', label: t('tabs.log'), children: <RangeSearch name="audit" api={auditApi} filters={filters} columns={columns} exportPermission="audit#export" /> },
          { key: 'mappings', label: t('tabs.mappings'), children: <ResourcePage resource={mappings} title={t('tabs.mappings')} /> },
        ]}
      />
      {viewing !== undefined && <AuditDetailDrawer id={viewing} onClose={() => setViewing(undefined)} />}
    </PageCard>
  );
}
