import { api } from '../../api/client';
import { Form, InputNumber, Modal, Table } from 'antd';
import { FormControl } from '../../components/resource/fields';
import { SHELF_FIELD } from './receiveFields';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from '../../i18n';
import { toast } from '../../components/feedback';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { isInbound, remaining } from './rules';
import type { StockOrder } from './resource';

/**
 * Receive (inbound) or ship (outbound) part or all of an order: a quantity per line, from 0 up to what remains,
 * all of it to begin with. The order's revision goes with it, so a double click books once.
 */
export function ProgressDialog({ order, onClose, onDone }: { order: StockOrder; onClose: () => void; onDone: () => void }) {
  const t = useTranslate(['stock-orders']);
  const [form] = Form.useForm<{ quantities: number[]; shelfId?: number | null }>();
  const inbound = isInbound(order);
  const left = remaining(order);
  const save = useMutation({
    mutationFn: ({ quantities, shelfId }: { quantities: number[]; shelfId?: number | null }) =>
      inbound
        ? api.post('/cms/stock-order/receive', { body: { id: order.id, revision: order.revision, quantities, shelfId: shelfId ?? undefined }, notify: false })
        : api.post('/cms/stock-order/ship', { body: { id: order.id, revision: order.revision, quantities }, notify: false }),
    onSuccess: () => {
      toast.success(t(inbound ? 'received' : 'shipped'));
      onDone();
    },
    onError: (error) => showFieldErrors(form, error),  // each line beyond what remains, on its line
  });
  return (
    <Modal
      open
      title={t(inbound ? 'receiveTitle' : 'shipTitle', { orderNo: order.orderNo })}
      okText={t(inbound ? 'receive' : 'ship')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ quantities: left, warehouseId: order.warehouseId }}
        onFinish={(values) => save.mutate({ quantities: values.quantities.map((q) => q ?? 0), shelfId: values.shelfId })}
        data-testid="progress-form"
      >
        {inbound && (
          <>
            <Form.Item name="warehouseId" hidden><InputNumber /></Form.Item>
            <Form.Item name="shelfId" label={t('shelf')} extra={t('shelfHint', { warehouse: order.warehouseName ?? '' })}>
              <FormControl column={SHELF_FIELD} label={t('shelf')} />
            </Form.Item>
          </>
        )}
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={order.lines.map((line, index) => ({ ...line, index }))}
          columns={[
            { key: 'sku', title: t('sku'), dataIndex: 'sku' },
            { key: 'remaining', title: t('remaining'), render: (_, line) => left[line.index] },
            {
              key: 'quantity',
              title: t('quantity'),
              render: (_, line) => (
                <Form.Item name={['quantities', line.index]} style={{ marginBottom: 0 }}>
                  <InputNumber min={0} max={left[line.index]} precision={0} aria-label={`${t('quantity')} ${line.sku}`} />
                </Form.Item>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
