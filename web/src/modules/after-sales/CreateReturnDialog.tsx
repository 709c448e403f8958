import { useState } from 'react';
import { Form, Input, InputNumber, Modal, Select, Table } from 'antd';
import { ReferenceSearch } from '../../components/ReferenceSelect';
import { useEnumOptions } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { afterSalesApi, type ReturnOrderOption } from './api';

type Reason = 'DAMAGED' | 'WRONG_ITEM' | 'NOT_AS_DESCRIBED' | 'SIZE_ISSUE' | 'NO_LONGER_NEEDED' | 'OTHER';

/** A return of a shipped or completed order, picked by its number: each SKU still returnable with its quantity and
 *  reason (the server refuses more than shipped, naming the line). */
export function CreateReturnDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const t = useTranslate(['after-sales', 'resource']);
  const reasons = useEnumOptions('ReturnReason');
  const [order, setOrder] = useState<ReturnOrderOption>();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<Reason>('DAMAGED');
  const [refund, setRefund] = useState<string>('0');
  const [saving, setSaving] = useState(false);
  const lines = Object.entries(quantities).filter(([, quantity]) => quantity > 0);
  const submit = async () => {
    if (!order || !lines.length) return;
    setSaving(true);
    try {
      await afterSalesApi.add({ orderId: order.id, refundAmount: refund || '0',
        lines: lines.map(([sku, quantity]) => ({ sku, quantity, reason })) });
      onDone();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('createReturn')} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving}
      okButtonProps={{ disabled: !order || !lines.length }} width={640}>
      <Form layout="vertical">
        <Form.Item label={t('channelOrderNo')} htmlFor="return-order">
          <ReferenceSearch<ReturnOrderOption>
            id="return-order"
            label={t('channelOrderNo')}
            api="/cms/after-sales/return/order-options"
            name={(option) => `${option.channelOrderNo} · ${option.merchantEmail ?? ''}`}
            value={order?.id}
            onPick={(option) => { setOrder(option); setQuantities({}); }}
          />
        </Form.Item>
        {order && (
          <Table
            rowKey="sku"
            size="small"
            pagination={false}
            dataSource={order.lines}
            columns={[
              { key: 'sku', title: t('sku'), dataIndex: 'sku' },
              { key: 'returnable', title: t('returnable'), dataIndex: 'returnable' },
              {
                key: 'quantity', title: t('quantity'),
                render: (_, line) => (
                  <InputNumber aria-label={`${t('quantity')} ${line.sku}`} min={0} max={line.returnable} precision={0}
                    value={quantities[line.sku] ?? 0} onChange={(value) => setQuantities({ ...quantities, [line.sku]: Number(value ?? 0) })} />
                ),
              },
            ]}
          />
        )}
        <Form.Item label={t('reason')} htmlFor="return-reason" style={{ marginTop: 16 }}>
          <Select id="return-reason" value={reason} onChange={setReason} options={reasons} />
        </Form.Item>
        <Form.Item label={t('refundAmount')} htmlFor="return-refund">
          <Input id="return-refund" value={refund} onChange={(event) => setRefund(event.target.value)} inputMode="decimal" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
