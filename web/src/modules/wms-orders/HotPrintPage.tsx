import { useState } from 'react';
import { Button, Card, Form, Space, Table, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { components } from '../../api/schema';
import { useCan } from '../../app/access/can';
import { useTranslate } from '../../i18n';
import { toast } from '../../components/feedback';
import { FormControl } from '../../components/resource/fields';
import type { Column, Row } from '../../components/resource';
import { MerchantInput } from '../merchants/MerchantInput';
import { WarehouseInput } from '../warehouses/WarehouseInput';

type HotGroup = components['schemas']['HotGroup'];
const WAREHOUSE: Column<Row> = { key: 'warehouseId', title: 'warehouseId', form: { input: WarehouseInput } };
const MERCHANT: Column<Row> = { key: 'merchantId', title: 'merchantId', form: { input: MerchantInput } };
const keyOf = (group: HotGroup) => `${group.warehouseId}:${group.sku}:${group.quantity}`;

/** SPEC §2 /hot-print-data: orders waiting to print grouped by their one SKU x quantity; a selection prints as one
 *  sheet (a pick list, then a label a page) in a tab of its own, and is confirmed once the printer delivered it. */
export default function HotPrintPage() {
  const t = useTranslate(['wms-orders']);
  const can = useCan();
  const client = useQueryClient();
  const [filters, setFilters] = useState<{ warehouseId?: number; merchantId?: number }>({});
  const [picked, setPicked] = useState<string[]>([]);
  const [sent, setSent] = useState<number[]>([]);
  const groups = useQuery({
    queryKey: ['hot-print', 'groups', filters],
    queryFn: ({ signal }) => api.get('/cms/hot-print/groups', { params: { query: filters }, signal }),
  });
  const rows = groups.data ?? [];
  const ids = rows.filter((group) => picked.includes(keyOf(group))).flatMap((group) => group.ids);
  const print = useMutation({
    mutationFn: async (selected: number[]) => {
      const tab = window.open('', '_blank');  // opened on the click, so no pop-up blocker stops it
      const file = await api.download('/cms/hot-print/sheet', { body: { ids: selected } });
      const url = URL.createObjectURL(new Blob([file.blob], { type: 'text/html' }));
      if (tab) tab.location.href = url;
      return selected;
    },
    onSuccess: (selected) => {
      setSent(selected);
      toast.success(t('sheetOpened'));
      void client.invalidateQueries({ queryKey: ['hot-print'] });
    },
  });
  const confirm = useMutation({
    mutationFn: (selected: number[]) => api.post('/cms/hot-print/confirm', { body: { ids: selected } }),
    onSuccess: () => {
      setSent([]);
      setPicked([]);
      toast.success(t('printConfirmed'));
      void client.invalidateQueries({ queryKey: ['hot-print'] });
      void client.invalidateQueries({ queryKey: ['wms-order'] });
    },
  });
  const allowed = can('hot-print#print');
  return (
    <Card>
      <Form layout="inline" onValuesChange={(_, values) => setFilters({ warehouseId: values.warehouseId ?? undefined, merchantId: values.merchantId ?? undefined })}
        style={{ marginBottom: 16 }} data-testid="hot-print-filters">
        <Form.Item name="merchantId" label={t('merchantId')} style={{ minWidth: 280 }}>
          <FormControl column={MERCHANT} label={t('merchantId')} />
        </Form.Item>
        <Form.Item name="warehouseId" label={t('warehouseId')} style={{ minWidth: 240 }}>
          <FormControl column={WAREHOUSE} label={t('warehouseId')} />
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        {allowed && (
          <Button type="primary" icon={<PrinterOutlined aria-hidden />} disabled={!ids.length} loading={print.isPending}
            onClick={() => print.mutate(ids)} data-testid="hot-print">
            {t('printSheet', { count: ids.length })}
          </Button>
        )}
        {allowed && sent.length > 0 && (
          <Button onClick={() => confirm.mutate(sent)} loading={confirm.isPending} data-testid="hot-print-confirm">
            {t('confirmPrinted', { count: sent.length })}
          </Button>
        )}
        <Typography.Text type="secondary">{t('hotHint')}</Typography.Text>
      </Space>
      <Table<HotGroup>
        rowKey={keyOf}
        size="middle"
        loading={groups.isFetching}
        dataSource={rows}
        pagination={false}
        data-testid="hot-groups"
        rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(String)) }}
        columns={[
          { key: 'sku', title: t('sku'), dataIndex: 'sku' },
          { key: 'quantity', title: t('quantity'), dataIndex: 'quantity', align: 'right' },
          { key: 'orders', title: t('orders'), dataIndex: 'orders', align: 'right', render: (n: number, g) => <span data-testid={`hot-count-${g.sku}-${g.quantity}`}>{n}</span> },
          { key: 'warehouse', title: t('warehouseName'), dataIndex: 'warehouseName' },
        ]}
      />
    </Card>
  );
}
