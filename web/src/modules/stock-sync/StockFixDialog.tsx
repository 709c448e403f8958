import { Form, Modal, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../components/feedback';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { useTranslate } from '../../i18n';
import { stockSyncApi } from './api';
import { MERCHANT_FIELD, SKUS_FIELD } from './dialogFields';
import { FormControl } from '../../components/resource/fields';

/** SPEC §5: stock fix needs merchant id and inventory SKUs (picked among the merchant's products, cleared when the
 *  merchant changes); the balances are rebuilt from their change records. */
export function StockFixDialog({ onClose, done }: { onClose: () => void; done: () => void }) {
  const t = useTranslate(['stock-sync', 'resource']);
  const [form] = Form.useForm();
  const fix = useMutation({
    mutationFn: ({ merchantId, skus }: { merchantId: number; skus: string[] }) => stockSyncApi.fix(merchantId, skus),
    onSuccess: (flow) => { toast.success(t('fixDone', { count: flow.event.skuCount })); done(); onClose(); },
    onError: (error) => showFieldErrors(form, error, ['merchantId', 'skus']),
  });
  return (
    <Modal open title={t('fixTitle')} okText={t('fixStart')} cancelText={t('common.cancel')} onCancel={onClose}
      onOk={() => form.submit()} confirmLoading={fix.isPending} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('fixHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="stock-fix" onFinish={(values) => fix.mutate(values)}>
        <Form.Item name="merchantId" label={t('merchantId')} rules={[{ required: true, message: t('required', { field: t('merchantId') }) }]}>
          <FormControl column={MERCHANT_FIELD} label={t('merchantId')} />
        </Form.Item>
        <Form.Item name="skus" label={t('skus')} rules={[{ required: true, type: 'array', min: 1, message: t('required', { field: t('skus') }) }]}>
          <FormControl column={SKUS_FIELD} label={t('skus')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
