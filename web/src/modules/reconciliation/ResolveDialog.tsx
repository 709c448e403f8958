import { Form, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { toast } from '../../components/feedback';
import { useTranslate } from '../../i18n';
import { reconciliationApi, type ReconciliationItem } from './api';

/** "Resolve" a difference with a note (audited by the server). */
export function ResolveDialog({ item, onClose, onDone }: { item: ReconciliationItem; onClose: () => void; onDone: () => void }) {
  const t = useTranslate(['reconciliation']);
  const [form] = Form.useForm<{ note: string }>();
  const resolving = useMutation({
    mutationFn: (note: string) => reconciliationApi.resolve(item.id, note),
    onSuccess: () => { toast.success(t('resolvedDone')); onDone(); onClose(); },
    onError: (error) => showFieldErrors(form, error, ['note']),
  });
  return (
    <Modal open title={t('resolveTitle', { number: item.channelOrderNo })} okText={t('resolve')} onCancel={onClose}
      confirmLoading={resolving.isPending} destroyOnHidden
      onOk={() => void form.validateFields().then(({ note }) => resolving.mutate(note))}>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="note" label={t('resolutionNote')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('resolutionNote') }) }]}>
          <Input.TextArea id="note" rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
