import { Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { ExportOutlined, SyncOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../../app/access/can';
import { enumLabel, useEnumOptions } from '../../components/resource/enums';
import { formatTime } from '../../components/format/time';
import { useTranslate } from '../../i18n';
import { RouteLink } from '../../components/RouteLink';
import { planApi, type PlanFlows, type RequestFlow } from './api';

const OPERATE = 'temporal#operate';

/** A flow's page in the Temporal Web UI (through the console's /temporal proxy); the server sends it to operators only. */
function FlowLink({ url, label }: { url: string | null; label: string }) {
  if (!url) return null;
  return (
    <Typography.Link href={url} target="_blank" rel="noreferrer">
      <ExportOutlined /> {label}
    </Typography.Link>
  );
}

function Requests({ requests }: { requests: RequestFlow[] }) {
  const t = useTranslate(['plans']);
  const states = useEnumOptions('SubscriptionRequestState');
  const kinds = useEnumOptions('SubscriptionKind');
  return (
    <Table<RequestFlow>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={requests}
      locale={{ emptyText: t('noRequests') }}
      columns={[
        { title: t('request'), dataIndex: 'id', render: (id: number) => <RouteLink to={`/approval/${id}`}>#{id}</RouteLink> },
        { title: t('kind'), dataIndex: 'kind', render: (kind: string) => enumLabel(kinds, kind) },
        { title: t('state'), dataIndex: 'state', render: (state: string, row) => <Tag color={state === 'FAILED' ? 'red' : undefined} title={row.reason ?? undefined}>{enumLabel(states, state)}</Tag> },
        { title: t('createdAt'), dataIndex: 'createdAt', render: (at: string) => formatTime(at) },
        { title: t('flow'), dataIndex: 'workflowUrl', render: (url: string | null) => <FlowLink url={url} label={t('openFlow')} /> },
      ]}
    />
  );
}

/** The merchant's plan and the flows behind it, for the merchant detail: the plan flow (reminders and expiry)
 *  and the subscription requests, each linked to the Temporal Web UI; operators can start the plan flow again. */
export function PlanFlowsPanel({ merchantId }: { merchantId: number }) {
  const t = useTranslate(['plans']);
  const can = useCan();
  const client = useQueryClient();
  const plans = useEnumOptions('PlanName');
  const packageStates = useEnumOptions('MerchantPackageState');
  const key = ['merchant', merchantId, 'flows'];
  const { data } = useQuery({ queryKey: key, queryFn: ({ signal }) => planApi.flows(merchantId, signal) });
  const resync = useMutation({
    mutationFn: () => planApi.resync(merchantId),
    onSuccess: (flows: PlanFlows) => client.setQueryData(key, flows),
  });
  const extra = (
    <Space>
      {data && <FlowLink url={data.workflowUrl} label={t('openPlanFlow')} />}
      {can(OPERATE) && data?.expireAt && (
        <Button size="small" icon={<SyncOutlined />} loading={resync.isPending} onClick={() => resync.mutate()} data-testid="plan-resync">
          {t('resync')}
        </Button>
      )}
    </Space>
  );
  return (
    <Card size="small" title={t('title')} extra={extra} data-testid="plan-flows">
      {data && (
        <>
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('plan')}>
              <span data-testid="plan-name">{data.planName ? enumLabel(plans, data.planName) : '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('packageState')}>{enumLabel(packageStates, data.packageState)}</Descriptions.Item>
            <Descriptions.Item label={t('expireAt')}>
              <span data-testid="plan-expire-at">{data.expireAt ? formatTime(data.expireAt) : '-'}</span>
            </Descriptions.Item>
          </Descriptions>
          <Requests requests={data.requests} />
        </>
      )}
    </Card>
  );
}

/** The panel as a tab of the merchant detail (its slot, web/src/modules/merchants/detail/slots.ts). */
export function MerchantPlanPanel({ merchant }: { merchant: { id: number } }) {
  return <PlanFlowsPanel merchantId={merchant.id} />;
}
