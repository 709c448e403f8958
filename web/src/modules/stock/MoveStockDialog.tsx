import { useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useIdempotencyKey } from '../../api/idempotency';
import { isApiError } from '../../api/ApiError';
import { toast } from '../../components/feedback';
import { useEnumOptions } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { stockApi, type StockMovementCreate } from './api';

/** The steps of inbound and outbound orders, made by the orders themselves; the server refuses them here
 * (domain/rules/stock.ORDER_STEPS). */
const ORDER_STEPS = new Set(['plan_inbound', 'receive_inbound', 'cancel_inbound', 'lock_outbound', 'release_outbound',
  'package_outbound']);

/** "Move stock": one movement through POST /stock/movement; the list reloads after it. */
export function MoveStockDialog({ onMoved }: { onMoved: () => void }) {
  const t = useTranslate(['stock']);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<StockMovementCreate>();
  const allTypes = useEnumOptions('StockMovementType');
  const types = useMemo(() => allTypes.filter((o) => !ORDER_STEPS.has(String(o.value))), [allTypes]);
  const once = useIdempotencyKey();

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const moved = await stockApi.move(values, once.key());
      once.renew();
      toast.success(t('moved', { available: moved.balance.available, onHand: moved.balance.onHand }));
      setOpen(false);
      form.resetFields();
      onMoved();
    } catch (error) {
      if (!isApiError(error)) throw error;
      showFieldErrors(form, error); // every refused field on its field, the first in view
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="move-stock">{t('moveStock')}</Button>
      <Modal open={open} title={t('moveStock')} onCancel={() => setOpen(false)} onOk={() => void submit()}
        confirmLoading={saving} destroyOnHidden>
        <Form form={form} layout="vertical" onValuesChange={() => once.renew()}>
          <Form.Item name="warehouseId" label={t('warehouse')} rules={[{ required: true }]}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="sku" label={t('sku')} rules={[{ required: true, max: 100 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="movementType" label={t('movementType')} rules={[{ required: true }]}>
            <Select options={types} showSearch optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="quantity" label={t('quantity')} rules={[{ required: true }]}>
            <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="shelfId" label={t('shelfId')}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="toShelfId" label={t('toShelfId')}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="documentNo" label={t('documentNo')} rules={[{ max: 64 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="reason" label={t('reason')} rules={[{ max: 200 }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
