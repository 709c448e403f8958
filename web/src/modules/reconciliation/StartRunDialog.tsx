import { useState } from 'react';
import { DatePicker, Form, Modal, Radio } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { FormControl } from '../../components/resource/fields';
import type { Column, Row } from '../../components/resource';
import { toast } from '../../components/feedback';
import { useTranslate } from '../../i18n';
import { OrderMerchantInput } from '../orders/OrderMerchantInput';
import { ShopInput } from '../shops/ShopInput';
import { reconciliationApi, type ReconciliationRun, type StartBody } from './api';

const PICKERS: Column<Row>[] = [
  { key: 'merchantId', title: 'merchantId', form: { required: true, input: OrderMerchantInput } },
  { key: 'shopId', title: 'shopAll', form: { input: ShopInput } },
];
const FIELDS = ['merchantId', 'shopId', 'month', 'periodFrom', 'periodTo'];

interface Values {
  merchantId: number;
  shopId?: number | null;
  month?: Dayjs;
  range?: [Dayjs, Dayjs];
}

/** "Start reconciliation": a merchant (and optionally one of its shops), and a month or a date range. The server
 *  checks the same and names the field it refuses; a re-run of the same merchant and period replaces the old one. */
export function StartRunDialog({ open, onClose, onStarted }: { open: boolean; onClose: () => void; onStarted: (run: ReconciliationRun) => void }) {
  const t = useTranslate(['reconciliation']);
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<'month' | 'range'>('month');
  const starting = useMutation({
    mutationFn: reconciliationApi.start,
    onSuccess: (flow) => { toast.success(t('started')); onStarted(flow.run); onClose(); },
    onError: (error) => showFieldErrors(form, error, FIELDS),
  });
  const submit = (values: Values) => {
    const body: StartBody = { merchantId: values.merchantId, shopId: values.shopId ?? null };
    if (mode === 'month' && values.month) body.month = values.month.format('YYYY-MM');
    if (mode === 'range' && values.range) {
      body.periodFrom = values.range[0].format('YYYY-MM-DD');
      body.periodTo = values.range[1].format('YYYY-MM-DD');
    }
    starting.mutate(body);
  };
  const required = (field: string) => [{ required: true, message: t('required', { field: t(field) }) }];
  return (
    <Modal open={open} title={t('start')} okText={t('startOk')} onCancel={onClose} confirmLoading={starting.isPending} destroyOnHidden
      onOk={() => void form.validateFields().then(submit)}>
      <Form form={form} layout="vertical" preserve={false}>
        {PICKERS.map((field) => (
          <Form.Item key={field.key} name={field.key} label={t(field.title)} rules={field.form?.required ? required(field.title) : []}>
            <FormControl column={field} label={t(field.title)} />
          </Form.Item>
        ))}
        <Form.Item label={t('period')}>
          <Radio.Group value={mode} onChange={(event) => setMode(event.target.value as 'month' | 'range')}
            options={[{ value: 'month', label: t('byMonth') }, { value: 'range', label: t('byRange') }]} />
        </Form.Item>
        {mode === 'month' ? (
          <Form.Item name="month" label={t('month')} rules={required('month')}>
            <DatePicker picker="month" id="month" style={{ width: '100%' }} />
          </Form.Item>
        ) : (
          <Form.Item name="range" label={t('range')} rules={required('range')}>
            <DatePicker.RangePicker id="range" style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="periodFrom" hidden><span /></Form.Item>
        <Form.Item name="periodTo" hidden><span /></Form.Item>
      </Form>
    </Modal>
  );
}
