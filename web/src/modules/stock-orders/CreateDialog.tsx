import { Button, Flex, Form, Input, InputNumber, Modal, Select } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { components } from '../../api/schema';
import { http } from '../../api/http';
import { useIdempotencyKey } from '../../api/idempotency';
import { useTranslate } from '../../i18n';
import { toast } from '../../components/feedback';
import { useEnumOptions } from '../../components/resource';

type Create = components['schemas']['StockOrderCreate'];
type Created = components['schemas']['StockOrderPublic'];

/** A new inbound order (its stock goes in transit) or outbound order (its stock is locked at once). */
export function CreateDialog({ onClose, onDone }: { onClose: () => void; onDone: (order: Created) => void }) {
  const t = useTranslate(['stock-orders']);
  const [form] = Form.useForm<Create>();
  const once = useIdempotencyKey();
  const types = useEnumOptions('StockOrderType');
  const methods = useEnumOptions('ShippingMethod');
  const save = useMutation({
    mutationFn: (values: Create) => http.post<Created>('stock-order/add', values, { idempotencyKey: once.key() }),
    onSuccess: (order) => {
      once.renew();
      toast.success(t('created', { orderNo: order.orderNo }));
      onDone(order);
    },
  });
  const required = [{ required: true, message: t('required') }];
  return (
    <Modal
      open
      width={640}
      title={t('createTitle')}
      okText={t('create')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void form.validateFields().then((values) => save.mutate(values))}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ lines: [{}] }} onValuesChange={() => once.renew()} data-testid="create-form">
        <Form.Item name="orderType" label={t('orderType')} rules={required}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={types.map((o) => ({ value: o.value, label: o.label }))} aria-label={t('orderType')} />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name="merchantId" label={t('merchantId')} rules={required} style={{ flex: 1 }}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} aria-label={t('merchantId')} />
          </Form.Item>
          <Form.Item name="warehouseId" label={t('warehouseId')} rules={required} style={{ flex: 1 }}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} aria-label={t('warehouseId')} />
          </Form.Item>
        </Flex>
        <Flex gap={12}>
          <Form.Item name="orderNo" label={t('orderNo')} tooltip={t('orderNoHint')} style={{ flex: 1 }}>
            <Input maxLength={40} aria-label={t('orderNo')} />
          </Form.Item>
          <Form.Item name="logisticNo" label={t('logisticNo')} style={{ flex: 1 }}>
            <Input maxLength={128} />
          </Form.Item>
          <Form.Item name="deliveryMethod" label={t('deliveryMethod')} style={{ flex: 1 }}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={methods.map((o) => ({ value: o.value, label: o.label }))} />
          </Form.Item>
        </Flex>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={12} align="baseline">
                  <Form.Item name={[field.name, 'sku']} label={index === 0 ? t('sku') : undefined} rules={required} style={{ flex: 2 }}>
                    <Input maxLength={100} aria-label={`${t('sku')} ${index + 1}`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'quantity']} label={index === 0 ? t('planned') : undefined} rules={required} style={{ flex: 1 }}>
                    <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} aria-label={`${t('planned')} ${index + 1}`} />
                  </Form.Item>
                  <Button type="text" icon={<MinusCircleOutlined aria-hidden />} aria-label={t('removeLine')} disabled={fields.length === 1} onClick={() => remove(field.name)} />
                </Flex>
              ))}
              <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add({})}>{t('addLine')}</Button>
            </>
          )}
        </Form.List>
        <Form.Item name="remark" label={t('remark')} style={{ marginTop: 16 }}>
          <Input.TextArea maxLength={128} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
