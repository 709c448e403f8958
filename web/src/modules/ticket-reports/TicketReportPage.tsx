import { Alert, Empty, Flex, Spin, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslate } from '../../i18n';
import { PageCard } from '../../components/PageCard';
import { ticketReportApi } from './api';
import { DashboardCharts } from './DashboardCharts';
import { DashboardToolbar } from './DashboardToolbar';
import { dashboardBody, filterParams, readFilters, shownDays } from './query';
import { SummaryFigures } from './SummaryFigures';

/** SPEC §2 ticket dashboard: figures and charts by ticket, category, SLA, week, month and status. */
export default function TicketReportPage() {
  const t = useTranslate(['ticket-reports']);
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const body = dashboardBody(filters);
  const report = useQuery({
    queryKey: ['ticket', 'dashboard', body],
    queryFn: ({ signal }) => ticketReportApi.dashboard(body, signal),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const known = data?.byCategory.map((row) => row.category) ?? [];
  const caption = data && t('rangeCaption', { ...shownDays(data.start, data.end), zone: data.timeZone });

  return (
    <PageCard testId="ticket-report-page">
      <Flex vertical gap={16}>
        <DashboardToolbar filters={filters} known={known} onChange={(next) => setParams(filterParams(next))} />
        {report.isError && <Alert type="error" showIcon title={t('failed')} />}
        <Spin spinning={report.isFetching}>
          {data ? (
            <Flex vertical gap={16}>
              <Typography.Text type="secondary" data-testid="ticket-report-range">{caption}</Typography.Text>
              <SummaryFigures summary={data.summary} />
              {data.summary.created + data.summary.merged === 0 ? (
                <Empty description={t('empty')} />
              ) : (
                <DashboardCharts data={data} categories={filters.category} />
              )}
            </Flex>
          ) : (
            <div style={{ minHeight: 200 }} />
          )}
        </Spin>
      </Flex>
    </PageCard>
  );
}
