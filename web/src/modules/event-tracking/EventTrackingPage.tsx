import { Typography, type TableColumnsType } from 'antd';
import { formatTime } from '../../components/format/time';
import { useTranslate } from '../../i18n';
import { PageCard } from '../../components/PageCard';
import { eventApi as api, type TrackedEvent } from './api';
import { RangeSearch } from '../audit/RangeSearch';
import { TextFilter } from '../audit/TextFilter';


/** SPEC §3 event tracking: event id, merchant id, user or client id, device info, extra key and value. */
export default function EventTrackingPage() {
  const t = useTranslate(['event-tracking']);
  const columns: TableColumnsType<TrackedEvent> = [
    { key: 'at', title: t('at'), sorter: true, render: (_, row) => formatTime(row.at) },
    { key: 'eventId', dataIndex: 'eventId', title: t('eventId') },
    { key: 'merchantId', dataIndex: 'merchantId', title: t('merchantId') },
    { key: 'userId', title: t('userOrClient'), render: (_, row) => row.userId ?? row.clientId },
    {
      key: 'deviceInfo',
      title: t('deviceInfo'),
      render: (_, row) => row.deviceInfo && <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 240 }}>{JSON.stringify(row.deviceInfo)}</Typography.Text>,
    },
    { key: 'extraKey', dataIndex: 'extraKey', title: t('extraKey') },
    { key: 'extraValue', title: t('extraValue'), render: (_, row) => <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 240 }}>{row.extraValue}</Typography.Text> },
    { key: 'ip', dataIndex: 'ip', title: t('ip') },
  ];
  const filters = (
    <>
      <TextFilter name="eventId" label={t('eventId')} />
      <TextFilter name="merchantId" label={t('merchantId')} />
      <TextFilter name="userId" label={t('userOrClient')} />
      <TextFilter name="extraKey" label={t('extraKey')} />
      <TextFilter name="extraValue" label={t('extraValue')} />
    </>
  );
  return (
    <PageCard testId="event-tracking-page">
      <RangeSearch name="event-tracking" api={api} filters={filters} columns={columns} exportPermission="event-tracking#export" />
    </PageCard>
  );
}
