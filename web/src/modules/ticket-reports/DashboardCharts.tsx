import { useMemo } from 'react';
import { Card, Col, Row } from 'antd';
import { FiguresTable } from './FiguresTable';
import { useNavigate } from 'react-router';
import { useCanOpen } from '../../app/access/canOpen';
import dayjs from 'dayjs';
import { useTranslate } from '../../i18n';
import { EChart } from '../../components/charts/EChart';
import { enumLabel, useEnumOptions } from '../../components/resource';
import type { TicketDashboard } from './api';
import { categoryChart, clickedCode, periodChart, slaChart, statusChart } from './charts';
import { shownDays, ticketListLink } from './query';

/** Status, category, SLA, week and month charts; a status or category bar opens the tickets behind it. */
export function DashboardCharts({ data, categories }: { data: TicketDashboard; categories: readonly string[] }) {
  const t = useTranslate(['ticket-reports']);
  const navigate = useNavigate();
  const statuses = useEnumOptions('TicketStatus');
  const options = useMemo(
    () => ({
      status: statusChart(data.byStatus, (code) => enumLabel(statuses, code)),
      category: categoryChart(data.byCategory, t),
      sla: slaChart(data.bySla, t),
      week: periodChart(data.byWeek, t, (day) => t('weekOf', { date: dayjs(day).format('MM-DD') })),
      month: periodChart(data.byMonth, t, (day) => dayjs(day).format('YYYY-MM')),
    }),
    [data, statuses, t],
  );
  const canOpen = useCanOpen();
  const opener = useMemo(
    () => (filter: 'status' | 'category') => ({
      click: (event: { data?: unknown }) => {
        const code = clickedCode(event);
        const to = code && ticketListLink({ [filter]: code }, shownDays(data.start, data.end), categories);
        if (to && canOpen(to)) navigate(to); // only readers of the ticket list are sent there
      },
    }),
    [navigate, canOpen, data.start, data.end, categories],
  );
  const onStatus = useMemo(() => opener('status'), [opener]);
  const onCategory = useMemo(() => opener('category'), [opener]);

  const chart = (key: keyof typeof options, extra?: Parameters<typeof EChart>[0]['onEvents']) => (
    <Card size="small" title={t(`charts.${key}`)} data-testid={`chart-${key}`}>
      <EChart option={options[key]} height={300} onEvents={extra} />
    </Card>
  );
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} xl={12}>{chart('status', onStatus)}</Col>
      <Col xs={24} xl={12}>{chart('category', onCategory)}</Col>
      <Col xs={24} xl={12}>{chart('sla')}</Col>
      <Col xs={24} xl={12}>{chart('week')}</Col>
      <Col xs={24}>{chart('month')}</Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('tables.category')}>
          <FiguresTable rows={data.byCategory} first={{ title: t('category'), value: (row) => row.name }} testId="table-category" />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('tables.sla')}>
          <FiguresTable rows={data.bySla} first={{ title: t('priority'), value: (row) => row.level }} testId="table-sla" />
        </Card>
      </Col>
    </Row>
  );
}
