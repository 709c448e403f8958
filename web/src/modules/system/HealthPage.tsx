import { Alert, Button, Card, Descriptions, Flex, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format/time';
import { PublicPage } from '../../components/PublicPage';
import { PageLoading } from '../../components/PageLoading';
import { isApiError } from '../../api/ApiError';
import { healthQuery, type ComponentHealth, type ProcessHealth } from './api';
import { StatusTag } from './StatusTag';

const KNOWN_COMPONENTS = ['postgres', 'temporal', 'breaker', 'smtp', 'worker', 'pools', 'activities'] as const;

function ComponentRow({ health }: { health: ComponentHealth }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <StatusTag status={health.status} />
      <Typography.Text type="secondary">
        {t('health.latency')}:{' '}
        {health.latencyMs == null ? t('common.notAvailable') : t('health.latencyMs', { value: Math.round(health.latencyMs) })}
      </Typography.Text>
      {health.breaker && (
        <Typography.Text data-breaker={health.breaker.state}>
          {t(`health.breakerState.${health.breaker.state}`)}
          {health.breaker.until && ` ${t('health.breakerUntil', { at: formatTime(health.breaker.until) })}`}
        </Typography.Text>
      )}
      {health.detail && <Typography.Text>{health.detail}</Typography.Text>}
    </Space>
  );
}

const KNOWN_PROCESSES = ['temporal', 'smtp', 'worker', 'api'] as const;

/** A process the launcher supervises: restarted with backoff when it dies. */
function ProcessRow({ health }: { health: ProcessHealth }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <StatusTag status={health.status} />
      <Typography.Text data-restarts={health.restarts}>{t('health.restarts', { count: health.restarts })}</Typography.Text>
      {health.lastRestart && (
        <Typography.Text type="secondary">
          {t('health.lastRestart', {
            at: formatTime(health.lastRestart),
            exit: health.lastExit ?? t('common.notAvailable'),
          })}
        </Typography.Text>
      )}
    </Space>
  );
}

function processLabel(name: string, t: ReturnType<typeof useTranslation>['t']): string {
  return (KNOWN_PROCESSES as readonly string[]).includes(name)
    ? t(`health.process.${name as (typeof KNOWN_PROCESSES)[number]}`)
    : name;
}

function componentLabel(name: string, t: ReturnType<typeof useTranslation>['t']): string {
  return (KNOWN_COMPONENTS as readonly string[]).includes(name)
    ? t(`health.component.${name as (typeof KNOWN_COMPONENTS)[number]}`)
    : name;
}

/**
 * Hidden route /health: up or down for anyone; each service the console depends on, and the processes the
 * launcher restarted, for holders of the health screen (the server leaves them out for others). Refreshed
 * every 15 s.
 */
export default function HealthPage() {
  const { t } = useTranslation();
  const { data, error, dataUpdatedAt, refetch, isFetching } = useQuery(healthQuery);
  return (
    <PublicPage>
      <Card
        title={t('health.title')}
        extra={
          <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
            {t('common.refresh')}
          </Button>
        }
      >
        {error && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={error.message}
            description={isApiError(error) && error.transactionId ? `${t('http.transactionId')}: ${error.transactionId}` : undefined}
          />
        )}
        {data ? (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('health.overall')}>
              <Flex gap={8} align="center">
                <StatusTag status={data.status} />
                <Typography.Text type="secondary">
                  {t('health.checkedAt')}: {formatTime(dataUpdatedAt)}
                </Typography.Text>
              </Flex>
            </Descriptions.Item>
            {Object.entries(data.components ?? {}).map(([name, health]) => (
              <Descriptions.Item key={name} label={componentLabel(name, t)}>
                <ComponentRow health={health} />
              </Descriptions.Item>
            ))}
            {Object.entries(data.processes ?? {}).map(([name, health]) => (
              <Descriptions.Item key={`process-${name}`} label={processLabel(name, t)}>
                <ProcessRow health={health} />
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
          !error && <PageLoading />
        )}
      </Card>
    </PublicPage>
  );
}
