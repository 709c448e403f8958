import { Card, Flex, Statistic, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import type { components } from '../../api/schema';
import { formatMoney } from '../../components/format/money';
import { formatTime } from '../../components/format/time';
import { useTranslate } from '../../i18n';
import { useIsMobile } from '../../layout/useIsMobile';

type GmtOffset = components['schemas']['GmtOffset'];

/** Today's orders, GMV and average transaction value in the list's chosen GMT offset (GMT+08:00 when none), summed
 * from the hourly order statistics (so they lag the list by up to an hour; the tooltip says until when): the day's
 * orders, then a small card a currency (its GMV, orders and average), above the list: wrapped on a laptop, one
 * strip scrolled sideways on a phone (it would fill the first screen). Shown only to those who may read the order
 * list, as the list itself. */
export function OrderStatsSummary() {
  const t = useTranslate(['orders']);
  const mobile = useIsMobile();
  const [params] = useSearchParams();
  const gmtOffset = (params.get('gmtOffset') || undefined) as GmtOffset | undefined;
  const { data } = useQuery({
    queryKey: ['order-stats', 'today', gmtOffset],
    queryFn: () => api.get('/cms/order-stats', { params: { query: { preset: 'TODAY', gmtOffset } } }),
    staleTime: 60_000,
  });
  if (!data) return null;
  const through = data.rolledThrough ? t('statsThrough', { time: formatTime(data.rolledThrough) }) : t('statsNotRolled');
  const orders = data.totals.reduce((sum, row) => sum + row.orders, 0);
  return (
    <Tooltip title={through}>
      <Flex gap={12} wrap={!mobile} data-testid="order-stats-today"
        style={{ marginBottom: 12, overflowX: mobile ? 'auto' : undefined }}>
        <Card size="small" style={{ flex: 'none' }}>
          <Statistic title={t('statsOrders', { zone: data.gmtOffset })} value={orders} />
        </Card>
        {data.totals.map((row) => (
          <Card key={row.currency} size="small" style={{ flex: 'none' }} data-testid={`order-stats-${row.currency}`}>
            <Statistic title={t('statsGmv', { currency: row.currency })} value={formatMoney(row.gmv, row.currency)}
              styles={{ content: { fontSize: 20 } }} />
            <Typography.Text type="secondary">
              {t('statsOrdersAtv', { count: row.orders, atv: formatMoney(row.atv, row.currency) })}
            </Typography.Text>
          </Card>
        ))}
      </Flex>
    </Tooltip>
  );
}
