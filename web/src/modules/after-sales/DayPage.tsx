import { useState } from 'react';
import { Button, DatePicker, Form, Select, Space, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { api } from '../../api/client';
import { MAX_TIMEOUT_MS } from '../../api/http';
import { useCan } from '../../app/access/can';
import { formatMoney } from '../../components/format/money';
import { saveFile, useEnumOptions } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { WarehouseInput } from '../warehouses/WarehouseInput';
import { afterSalesApi, type DayFilters, type DayRow, type RefundTotal } from './api';

const COUNTS = ['requested', 'received', 'restocked', 'defective', 'rejected'] as const;

/** An amount as its currency shows it (SPEC §9), followed by the currency's code: `2,033,000 IDR`. */
const money = (amount: string, currency: string) => `${formatMoney(amount, currency)} ${currency}`;

/** One total a currency, never one figure adding amounts of two currencies: `2,033,000 IDR · 1,250.00 PHP`. */
const refundTotals = (refunds: RefundTotal[]) =>
  refunds.length ? refunds.map((refund) => money(refund.amount, refund.currency)).join(' · ') : '0';

/** SPEC §2 /after-service-day: returns by local day (a SPEC §9 preset or a range, in a GMT offset), warehouse,
 *  merchant and currency, summed by the server from its hourly tallies; exportable. Each refund amount is shown in
 *  its currency, and the totals give one refund total a currency. */
export default function DayPage() {
  const t = useTranslate(['after-sales', 'resource']);
  const can = useCan();
  const presets = useEnumOptions('DatePreset');
  const offsets = useEnumOptions('GmtOffset');
  const [filters, setFilters] = useState<DayFilters>({ preset: 'MONTH', gmtOffset: 'GMT+08:00' });
  const { data, isFetching } = useQuery({ queryKey: ['after-sales/day', filters], queryFn: () => afterSalesApi.days(filters) });
  const onValues = (values: { preset?: DayFilters['preset']; days?: [Dayjs, Dayjs] | null; gmtOffset?: DayFilters['gmtOffset']; warehouseId?: number }) =>
    setFilters({ preset: values.days ? undefined : values.preset, gmtOffset: values.gmtOffset, warehouseId: values.warehouseId ?? undefined,
      days: values.days ? [values.days[0].format('YYYY-MM-DD'), values.days[1].format('YYYY-MM-DD')] : undefined });
  const exportFile = async () => {
    const file = await api.download('/cms/after-sales/day/export', { body: filters, timeoutMs: MAX_TIMEOUT_MS });
    saveFile(file.blob, file.filename);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form layout="inline" initialValues={filters} onValuesChange={(_, all) => onValues(all)}>
        <Form.Item name="preset" label={t('preset')}><Select options={presets} style={{ width: 140 }} allowClear /></Form.Item>
        <Form.Item name="days" label={t('days')}><DatePicker.RangePicker /></Form.Item>
        <Form.Item name="gmtOffset" label={t('gmtOffset')}><Select options={offsets} style={{ width: 130 }} /></Form.Item>
        <Form.Item name="warehouseId" label={t('warehouseId')}>
          <WarehouseInput column={{ key: 'warehouseId', title: 'warehouseId' }} label={t('warehouseId')} />
        </Form.Item>
        {can('return-day#export') && <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void exportFile()}>{t('export')}</Button>}
      </Form>
      <Table<DayRow>
        rowKey={(row) => `${row.day}-${row.warehouseId}-${row.merchantId}-${row.currency}`}
        loading={isFetching}
        dataSource={data?.rows ?? []}
        size="small"
        columns={[
          { key: 'day', title: t('day'), dataIndex: 'day' },
          { key: 'warehouseName', title: t('warehouseName'), dataIndex: 'warehouseName' },
          { key: 'merchantEmail', title: t('merchantEmail'), dataIndex: 'merchantEmail' },
          ...COUNTS.map((key) => ({ key, title: t(key), dataIndex: key, align: 'right' as const })),
          { key: 'refundAmount', title: t('refundAmount'), dataIndex: 'refundAmount', align: 'right',
            render: (_: unknown, row: DayRow) => money(row.refundAmount, row.currency) },
        ]}
        summary={() => data && (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>{t('totals')}</Table.Summary.Cell>
            {COUNTS.map((key, index) => (
              <Table.Summary.Cell key={key} index={index + 3} align="right">{data.totals[key]}</Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={COUNTS.length + 3} align="right">{refundTotals(data.totals.refunds)}</Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Space>
  );
}
