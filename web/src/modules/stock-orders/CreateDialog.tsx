import { api } from '../../api/client';
import { Button, DatePicker, Flex, Form, Input, InputNumber, Modal, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { components } from '../../api/schema';
import { referenceQuery } from '../../api/referenceQuery';
import { useIdempotencyKey } from '../../api/idempotency';
import { useTranslate } from '../../i18n';
import { toast } from '../../components/feedback';
import { enumLabel, useEnumOptions } from '../../components/resource';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { requiredOf } from '../../components/resource/formRules';
import { ReferenceSearch } from '../../components/ReferenceSelect';
import { productName } from '../warehouses/SkuInput';
import { WarehouseInput } from '../warehouses/WarehouseInput';

type Create = components['schemas']['StockOrderCreate'];
type Created = components['schemas']['StockOrderPublic'];
type Product = components['schemas']['WmsProductOption'];
type Shop = components['schemas']['ShopOption'];
/** The form's values: the channel only narrows the store picker, and the time is picked as a date. */
type Values = Omit<Create, 'channelOrderedAt'> & { channel?: string; channelOrderedAt?: Dayjs | null };

/** SPEC §5 order-number rules, as the server's (domain/rules/stock_orders.py ORDER_NO_PATTERN). */
const ORDER_NO = /^[A-Za-z0-9][A-Za-z0-9_.\-/]*$/;
const CHANNEL_ORDER = ['shopId', 'channelOrderNo', 'channelOrderedAt'] as const;
const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/** What the server is sent: the channel order's time with its zone, the channel left out. */
function toCreate({ channel: _channel, channelOrderedAt, ...values }: Values): Create {
  return { ...values, channelOrderedAt: channelOrderedAt ? channelOrderedAt.toISOString() : undefined };
}


/** A new inbound order (its stock goes in transit) or outbound order (its stock is locked at once). The warehouse
 *  is picked by name or code, its merchant follows from it, and each line's SKU is searched in that merchant's
 *  product library. */
export function CreateDialog({ onClose, onDone }: { onClose: () => void; onDone: (order: Created) => void }) {
  const t = useTranslate(['stock-orders', 'resource']);
  const [form] = Form.useForm<Values>();
  const once = useIdempotencyKey();
  const types = useEnumOptions('StockOrderType');
  const channels = useEnumOptions('Channel');
  const methods = useEnumOptions('ShippingMethod');
  // the picker's own list (one cached request): the picked warehouse names its merchant
  const { data: warehouses = [] } = useQuery(referenceQuery(['warehouse', 'options'], '/cms/warehouse/options'));
  const warehouseId = Form.useWatch('warehouseId', form) as number | undefined;
  const warehouse = warehouses.find((option) => option.id === warehouseId);
  const outbound = Form.useWatch<string | undefined>('orderType', form)?.endsWith('_OUTBOUND') ?? false;
  const channel = Form.useWatch<string | undefined>('channel', form);
  const save = useMutation({
    mutationFn: (values: Values) => api.post('/cms/stock-order/add', { body: toCreate(values), idempotencyKey: once.key(), notify: false }),
    onSuccess: (order) => {
      once.renew();
      toast.success(t('created', { orderNo: order.orderNo }));
      onDone(order);
    },
    onError: (error) => showFieldErrors(form, error),  // every refused field on its field, the first in view
  });
  // an outbound order fulfilling a channel order names its store, its number and its time: all three or none
  const together: Rule = ({ getFieldValue }) => ({
    validator: (_, value) => (filled(value) || !CHANNEL_ORDER.some((name) => filled(getFieldValue(name)))
      ? Promise.resolve() : Promise.reject(new Error(t('channelAll')))),
  });
  return (
    <Modal
      open
      width={640}
      title={t('createTitle')}
      okText={t('create')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}  // refusals show on their fields, the first scrolled into view
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ lines: [{}] }} onFinish={(values) => save.mutate(values)} onValuesChange={(changed: Partial<Values>) => {
        once.renew();
        if ('warehouseId' in changed) {  // a warehouse of another merchant: its lines' SKUs and its stores are that merchant's
          const merchantId = warehouses.find((option) => option.id === changed.warehouseId)?.merchantId;
          form.setFieldsValue({ merchantId, shopId: undefined, lines: form.getFieldValue('lines').map(() => ({})) });
        }
      }} data-testid="create-form">
        <Form.Item name="orderType" label={t('orderType')} rules={requiredOf(t('orderType'), t)}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={types.map((o) => ({ value: o.value, label: o.label }))} aria-label={t('orderType')} />
        </Form.Item>
        <Form.Item name="warehouseId" label={t('warehouse')} rules={requiredOf(t('warehouse'), t)} extra={warehouse && t('merchantOf', { email: warehouse.merchantEmail ?? warehouse.merchantId })}>
          <WarehouseInput column={{ key: 'warehouseId', title: 'warehouse' }} label={t('warehouse')} />
        </Form.Item>
        {/* the merchant follows from the warehouse, whose field says when it is missing */}
        <Form.Item name="merchantId" hidden>
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
        {outbound && (
          <>
            <Flex gap={12}>
              <Form.Item name="channel" label={t('channel')} style={{ flex: 1 }}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  options={channels.map((o) => ({ value: o.value, label: o.label }))}
                  aria-label={t('channel')}
                  onChange={() => form.setFieldValue('shopId', undefined)}
                />
              </Form.Item>
              <Form.Item name="shopId" label={t('shopId')} dependencies={[...CHANNEL_ORDER]} rules={[together]} style={{ flex: 2 }}>
                <ReferenceSearch<Shop>
                  api="/cms/shop/options"
                  params={{ merchantId: warehouse?.merchantId, channel }}
                  name={(shop) => `${shop.name} · ${enumLabel(channels, shop.channel)}`}
                  onPick={(shop) => shop && form.setFieldValue('channel', shop.channel)}
                  label={t('shopId')}
                  disabled={!warehouse}
                />
              </Form.Item>
            </Flex>
            <Flex gap={12}>
              <Form.Item
                name="channelOrderNo"
                label={t('channelOrderNo')}
                dependencies={[...CHANNEL_ORDER]}
                rules={[together, { pattern: ORDER_NO, message: t('channelOrderNoRule', { max: 64 }) }]}
                style={{ flex: 1 }}
              >
                <Input maxLength={64} aria-label={t('channelOrderNo')} />
              </Form.Item>
              <Form.Item name="channelOrderedAt" label={t('channelOrderedAt')} dependencies={[...CHANNEL_ORDER]} rules={[together]} style={{ flex: 1 }}>
                <DatePicker showTime style={{ width: '100%' }} aria-label={t('channelOrderedAt')} />
              </Form.Item>
            </Flex>
          </>
        )}
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={12} align="baseline">
                  <Form.Item name={[field.name, 'sku']} label={index === 0 ? t('sku') : undefined} rules={requiredOf(`${t('sku')} ${index + 1}`, t)} style={{ flex: 2 }}>
                    <ReferenceSearch<Product>
                      api="/cms/wms-product/options"
                      params={{ merchantId: warehouse?.merchantId }}
                      name={productName}
                      pickValue={(product) => product.sku}
                      label={`${t('sku')} ${index + 1}`}
                      disabled={!warehouse}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'quantity']} label={index === 0 ? t('planned') : undefined} rules={requiredOf(`${t('planned')} ${index + 1}`, t)} style={{ flex: 1 }}>
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
