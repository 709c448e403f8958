import { Button, Flex, Form, Input, InputNumber, Modal, Select } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { components } from '../../api/schema';
import { http } from '../../api/http';
import { referenceQuery } from '../../api/referenceQuery';
import { useIdempotencyKey } from '../../api/idempotency';
import { useTranslate } from '../../i18n';
import { toast } from '../../components/feedback';
import { useEnumOptions } from '../../components/resource';
import { ReferenceSearch } from '../../components/ReferenceSelect';
import { WarehouseInput } from '../warehouses/WarehouseInput';

type Create = components['schemas']['StockOrderCreate'];
type Created = components['schemas']['StockOrderPublic'];
type WarehouseOption = components['schemas']['WarehouseOption'];
type Product = components['schemas']['WmsProductOption'];

const productName = (product: Product) => [product.sku, product.name, product.variant].filter(Boolean).join(' · ');

/** A new inbound order (its stock goes in transit) or outbound order (its stock is locked at once). The warehouse
 *  is picked by name or code, its merchant follows from it, and each line's SKU is searched in that merchant's
 *  product library. */
export function CreateDialog({ onClose, onDone }: { onClose: () => void; onDone: (order: Created) => void }) {
  const t = useTranslate(['stock-orders']);
  const [form] = Form.useForm<Create>();
  const once = useIdempotencyKey();
  const types = useEnumOptions('StockOrderType');
  const methods = useEnumOptions('ShippingMethod');
  // the picker's own list (one cached request): the picked warehouse names its merchant
  const { data: warehouses = [] } = useQuery(referenceQuery<WarehouseOption[]>(['warehouse', 'options'], 'warehouse/options'));
  const warehouseId = Form.useWatch('warehouseId', form) as number | undefined;
  const warehouse = warehouses.find((option) => option.id === warehouseId);
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
      <Form form={form} layout="vertical" initialValues={{ lines: [{}] }} onValuesChange={(changed: Partial<Create>) => {
        once.renew();
        if ('warehouseId' in changed) {  // a warehouse of another merchant: its lines' SKUs are that merchant's
          const merchantId = warehouses.find((option) => option.id === changed.warehouseId)?.merchantId;
          form.setFieldsValue({ merchantId, lines: form.getFieldValue('lines').map(() => ({})) } as Partial<Create>);
        }
      }} data-testid="create-form">
        <Form.Item name="orderType" label={t('orderType')} rules={required}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={types.map((o) => ({ value: o.value, label: o.label }))} aria-label={t('orderType')} />
        </Form.Item>
        <Form.Item name="warehouseId" label={t('warehouse')} rules={required} extra={warehouse && t('merchantOf', { email: warehouse.merchantEmail ?? warehouse.merchantId })}>
          <WarehouseInput column={{ key: 'warehouseId', title: 'warehouse' }} label={t('warehouse')} />
        </Form.Item>
        <Form.Item name="merchantId" hidden rules={required}>
          <InputNumber />
        </Form.Item>
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
                    <ReferenceSearch<Product>
                      api="wms-product/options"
                      params={{ merchantId: warehouse?.merchantId }}
                      name={productName}
                      pickValue={(product) => product.sku}
                      label={`${t('sku')} ${index + 1}`}
                      disabled={!warehouse}
                    />
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
