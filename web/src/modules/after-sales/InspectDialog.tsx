import { useState } from 'react';
import { InputNumber, Modal, Table } from 'antd';
import { useTranslate } from '../../i18n';
import { afterSalesApi, type ReturnOrder } from './api';

/** Inspection: each line's good units (the rest are defective); the server holds them within the line's quantity. */
export function InspectDialog({ row, onClose, onDone }: { row: ReturnOrder; onClose: () => void; onDone: () => void }) {
  const t = useTranslate(['after-sales', 'resource']);
  const [good, setGood] = useState<Record<number, number>>(() => Object.fromEntries(row.lines.map((line) => [line.lineNo, line.quantity])));
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      await afterSalesApi.inspect(row.id, row.lines.map((line) => ({ lineNo: line.lineNo, goodQuantity: good[line.lineNo] ?? 0 })));
      onDone();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={`${t('inspect')} ${row.returnNo}`} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving}>
      <Table
        rowKey="lineNo"
        pagination={false}
        size="small"
        dataSource={row.lines}
        columns={[
          { key: 'sku', title: t('sku'), dataIndex: 'sku' },
          { key: 'quantity', title: t('quantity'), dataIndex: 'quantity' },
          {
            key: 'good', title: t('goodQuantity'),
            render: (_, line) => (
              <InputNumber aria-label={`${t('goodQuantity')} ${line.sku}`} min={0} max={line.quantity} precision={0} value={good[line.lineNo]}
                onChange={(value) => setGood({ ...good, [line.lineNo]: Number(value ?? 0) })} />
            ),
          },
        ]}
      />
    </Modal>
  );
}
