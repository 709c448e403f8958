import { Form, Modal, Switch } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../components/feedback';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { useTranslate } from '../../i18n';
import { FormControl } from '../../components/resource/fields';
import { stockSyncApi, type SettingChange } from './api';
import { MERCHANT_FIELD } from './dialogFields';

/** SPEC §4: stock lock and promotion stock, each on or off, for one merchant picked by its email (audited by the
 *  server). */
export function SwitchesDialog({ initial, onClose, done }: { initial?: SettingChange; onClose: () => void; done: () => void }) {
  const t = useTranslate(['stock-sync', 'resource']);
  const [form] = Form.useForm();
  const save = useMutation({
    mutationFn: stockSyncApi.saveSetting,
    onSuccess: () => { toast.success(t('switchesSaved')); done(); onClose(); },
    onError: (error) => showFieldErrors(form, error, ['merchantId', 'lockStock', 'promotionStock']),
  });
  return (
    <Modal open title={t('switchesTitle')} okText={t('save')} cancelText={t('common.cancel')} onCancel={onClose}
      onOk={() => form.submit()} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" name="stock-switches" initialValues={initial ?? { lockStock: false, promotionStock: false }}
        onFinish={(values) => save.mutate(values)}>
        <Form.Item name="merchantId" label={t('merchantId')} rules={[{ required: true, message: t('required', { field: t('merchantId') }) }]}>
          <FormControl column={MERCHANT_FIELD} label={t('merchantId')} disabled={Boolean(initial)} />
        </Form.Item>
        <Form.Item name="lockStock" label={t('lockStock')} valuePropName="checked" extra={t('lockStockHint')}>
          <Switch />
        </Form.Item>
        <Form.Item name="promotionStock" label={t('promotionStock')} valuePropName="checked" extra={t('promotionStockHint')}>
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
