import { Descriptions, Drawer, Flex, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatTime } from '../../components/format/time';
import { enumLabel, useEnumOptions } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { auditApi } from './api';
import { ChangesView } from './ChangesView';
import { CopyableId } from './CopyableId';
import { prettyJson } from './values';

function Body({ text }: { text: string | null | undefined }) {
  return (
    <Typography.Paragraph style={{ margin: 0 }}>
      <pre style={{ maxHeight: 240, overflow: 'auto', margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{prettyJson(text)}</pre>
    </Typography.Paragraph>
  );
}

/** One logged call: who, what, where from, the (masked) request and response, and the fields it changed. */
export function AuditDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useTranslate(['audit']);
  const sources = useEnumOptions('SourceSystem'); // the application of a call: a source system, where it is one
  const { data } = useQuery({ queryKey: ['audit', 'detail', id], queryFn: ({ signal }) => auditApi.detail(id, signal) });
  return (
    <Drawer open size={760} title={t('detail.title')} onClose={onClose} data-testid="audit-detail">
      <Spin spinning={!data}>
        {data && (
          <Flex vertical gap={16}>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('at')}>{formatTime(data.at)}</Descriptions.Item>
              <Descriptions.Item label={t('actionName')}>{data.actionName}</Descriptions.Item>
              <Descriptions.Item label={t('operator')}>
                {data.operatorName} {data.operatorId !== null && <Typography.Text type="secondary">#{data.operatorId}</Typography.Text>}
              </Descriptions.Item>
              <Descriptions.Item label={t('application')}>{enumLabel(sources, data.application)}</Descriptions.Item>
              <Descriptions.Item label={t('url')}>
                <Tag>{data.method}</Tag>
                {data.url}
              </Descriptions.Item>
              <Descriptions.Item label={t('code')}>
                {data.httpStatus} {data.code}
              </Descriptions.Item>
              <Descriptions.Item label={t('transactionId')}>
                <CopyableId value={data.transactionId} />
              </Descriptions.Item>
              <Descriptions.Item label={t('businessId')}>{data.businessId}</Descriptions.Item>
              <Descriptions.Item label={t('remoteIp')}>
                {data.remoteIp} {data.locationName && <Typography.Text type="secondary">({data.locationName})</Typography.Text>}
              </Descriptions.Item>
              <Descriptions.Item label={t('duration')}>{t('durationMs', { value: data.durationMs })}</Descriptions.Item>
              <Descriptions.Item label={t('detail.request')}>
                <Body text={data.requestData} />
              </Descriptions.Item>
              <Descriptions.Item label={t('detail.response')}>
                <Body text={data.responseData} />
              </Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('detail.changes')}
            </Typography.Title>
            <ChangesView changes={data.changes} />
          </Flex>
        )}
      </Spin>
    </Drawer>
  );
}
