import { useState } from 'react';
import { Button, Form, Modal } from 'antd';
import { useIdempotencyKey } from '../../api/idempotency';
import { isApiError } from '../../api/ApiError';
import { toast } from '../../components/feedback';
import { FormControl } from '../../components/resource/fields';
import { fieldRules, formPayload } from '../../components/resource/formRules';
import { useTranslate } from '../../i18n';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { stockApi, type StockMovementCreate } from './api';
import { MOVE_FIELDS } from './moveFields';

/** "Move stock": one movement through POST /stock/movement; the list reloads after it. */
export function MoveStockDialog({ onMoved }: { onMoved: () => void }) {
  const t = useTranslate(['stock', 'resource']);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<StockMovementCreate>();
  const once = useIdempotencyKey();

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const moved = await stockApi.move(formPayload(values, MOVE_FIELDS, 'create') as StockMovementCreate, once.key());
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
          {MOVE_FIELDS.map((field) => {
            const label = t(field.title);
            return (
              <Form.Item key={field.key} name={field.key} label={label} rules={fieldRules(field, label, t)}>
                <FormControl column={field} label={label} />
              </Form.Item>
            );
          })}
        </Form>
      </Modal>
    </>
  );
}
