import { Form, Input, Modal, Table } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useTranslate } from '../../i18n';
import { toast } from '../../components/feedback';
import { FormControl } from '../../components/resource/fields';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import type { Column, Row } from '../../components/resource';
import { CourierInput } from '../erp-settings/inputs';
import type { WmsOrder } from './resource';

const COURIER: Column<Row> = { key: 'courierId', title: 'courierName', form: { input: CourierInput } };
const REASON: Column<Row> = { key: 'reason', title: 'abnormalReason', type: 'enum', enum: 'AbnormalReason' };

interface DialogProps {
  rows: WmsOrder[];
  onClose: () => void;
  onDone: () => void;
}

/** Pack: the carrier, and each parcel's tracking number (required, unique per carrier; the server says which). */
export function PackDialog({ rows, onClose, onDone }: DialogProps) {
  const t = useTranslate(['wms-orders']);
  const [form] = Form.useForm<{ courierId?: number; parcels: { id: number; trackingNo: string }[] }>();
  const save = useMutation({
    mutationFn: (body: { courierId: number; parcels: { id: number; trackingNo: string }[] }) =>
      api.post('/cms/wms-order/pack', { body, notify: false }),
    onSuccess: () => {
      toast.success(t('done'));
      onDone();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal open title={t('packTitle', { count: rows.length })} okText={t('pack')} cancelText={t('common.cancel')}
      confirmLoading={save.isPending} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" data-testid="pack-form"
        initialValues={{ parcels: rows.map((row) => ({ id: row.id, trackingNo: row.logisticNo ?? '' })) }}
        onFinish={(values) => save.mutate({ courierId: values.courierId ?? 0, parcels: values.parcels })}>
        <Form.Item name="courierId" label={t('courierName')} rules={[{ required: true, message: t('courierRequired') }]}>
          <FormControl column={COURIER} label={t('courierName')} />
        </Form.Item>
        <Table rowKey="id" size="small" pagination={false} dataSource={rows.map((row, index) => ({ ...row, index }))}
          columns={[
            { key: 'orderNo', title: t('orderNo'), dataIndex: 'orderNo' },
            { key: 'content', title: t('content'), dataIndex: 'content' },
            {
              key: 'trackingNo', title: t('trackingNo'),
              render: (_, row) => (
                <>
                  <Form.Item name={['parcels', row.index, 'id']} hidden><Input /></Form.Item>
                  <Form.Item name={['parcels', row.index, 'trackingNo']} style={{ margin: 0 }}
                    rules={[{ required: true, whitespace: true, message: t('trackingRequired') }]}>
                    <Input aria-label={`${t('trackingNo')} ${row.orderNo}`} data-testid={`tracking-${row.orderNo}`} />
                  </Form.Item>
                </>
              ),
            },
          ]} />
      </Form>
    </Modal>
  );
}

/** A step failed (a short pick ...): the packages are held with a reason ('other' says what). */
export function AbnormalDialog({ rows, onClose, onDone }: DialogProps) {
  const t = useTranslate(['wms-orders']);
  const [form] = Form.useForm<{ reason?: string; note?: string }>();
  const save = useMutation({
    mutationFn: (body: { reason: string; note?: string }) =>
      api.post('/cms/wms-order/abnormal', { body: { ids: rows.map((row) => row.id), ...body } as never, notify: false }),
    onSuccess: () => {
      toast.success(t('done'));
      onDone();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal open title={t('abnormalTitle', { count: rows.length })} okText={t('abnormal')} cancelText={t('common.cancel')}
      confirmLoading={save.isPending} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" data-testid="abnormal-form"
        onFinish={(values) => save.mutate({ reason: values.reason ?? '', note: values.note || undefined })}>
        <Form.Item name="reason" label={t('abnormalReason')} rules={[{ required: true, message: t('reasonRequired') }]}>
          <FormControl column={REASON} label={t('abnormalReason')} />
        </Form.Item>
        <Form.Item name="note" label={t('abnormalNote')}>
          <Input.TextArea maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
