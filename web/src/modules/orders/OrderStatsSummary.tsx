import { Flex, Statistic, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import type { components } from '../../api/schema';
import { formatMoney } from '../../components/format/money';
import { formatTime } from '../../components/format/time';
import { useTranslate } from '../../i18n';

type GmtOffset = components['schemas']['GmtOffset'];

/** Today's orders, GMV and average transaction value in the list's chosen GMT offset (GMT+08:00 when none), summed
 * from the hourly order statistics (so they lag the list by up to an hour; the tooltip says until when). One line a
 * currency. Shown only to those who may read the order list, as the list itself. */
export function OrderStatsSummary() {
  const t = useTranslate(['orders']);
  const [params] = useSearchParams();
  const gmtOffset = (params.get('gmtOffset') || undefined) as GmtOffset | undefined;
  const { data } = useQuery({
    queryKey: ['order-stats', 'today', gmtOffset],
    queryFn: () => api.get('/cms/order-stats', { params: { query: { preset: 'TODAY', gmtOffset } } }),
    staleTime: 60_000,
  });
  if (!data) return null;
  const through = data.rolledThrough ? t('statsThrough', { time: formatTime(data.rolledThrough) }) : t('statsNotRolled');
  return (
    <Tooltip title={through}>
      <Flex gap={32} wrap data-testid="order-stats-today" style={{ marginBottom: 12 }}>
        {data.totals.length === 0 ? <Statistic title={t('statsOrders', { zone: data.gmtOffset })} value={0} /> : null}
        {data.totals.map((row) => (
          <Flex key={row.currency} gap={24} wrap>
            <Statistic title={t('statsOrders', { zone: data.gmtOffset })} value={row.orders} />
            <Statistic title={t('statsGmv')} value={formatMoney(row.gmv, row.currency)} suffix={row.currency} />
            <Statistic title={t('statsAtv')} value={formatMoney(row.atv, row.currency)} suffix={row.currency} />
          </Flex>
        ))}
      </Flex>
    </Tooltip>
  );
}
